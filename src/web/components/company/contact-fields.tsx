import type { ReactNode } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';

/** The company's email and phone number, as the company forms ask for them. */
export function ContactFields({
  email,
  phone,
  errors,
  emailLabel,
  emailDescription,
}: {
  email: UseFormRegisterReturn<'email'>;
  phone: UseFormRegisterReturn<'phone'>;
  errors: { email?: FieldError; phone?: FieldError };
  emailLabel: string;
  emailDescription?: ReactNode;
}) {
  return (
    <>
      <FormField label={emailLabel} error={errors.email?.message} description={emailDescription}>
        <Input type="email" autoComplete="email" {...email} />
      </FormField>
      <FormField label="Phone number" error={errors.phone?.message}>
        <Input type="tel" autoComplete="tel" {...phone} />
      </FormField>
    </>
  );
}
