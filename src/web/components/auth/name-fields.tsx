import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';

/** First and last name, as the sign-up forms ask for them. */
export function NameFields({
  firstName,
  lastName,
  errors,
}: {
  firstName: UseFormRegisterReturn<'firstName'>;
  lastName: UseFormRegisterReturn<'lastName'>;
  errors: { firstName?: FieldError; lastName?: FieldError };
}) {
  return (
    <>
      <FormField label="First name" error={errors.firstName?.message}>
        <Input autoComplete="given-name" {...firstName} />
      </FormField>
      <FormField label="Last name" error={errors.lastName?.message}>
        <Input autoComplete="family-name" {...lastName} />
      </FormField>
    </>
  );
}
