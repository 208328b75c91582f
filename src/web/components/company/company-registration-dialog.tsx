import { Building2Icon } from 'lucide-react';
import { plans } from '#shared/plans.ts';
import type { CompanyDto } from '#shared/schemas/auth.ts';
import { registerCompanyRequestSchema } from '#shared/schemas/companies.ts';
import { useSchemaForm } from '#web/components/auth/form-options.ts';
import { useFormFailure } from '#web/components/auth/server-errors.ts';
import { Button, PendingButton } from '#web/components/ui/button.tsx';
import { DialogFooter, DialogShell } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { toast } from '#web/lib/toast.ts';
import { useLogout } from '#web/lib/use-logout.ts';
import { useUser } from '#web/lib/use-user.ts';
import { useRegisterCompany } from './company-api.ts';
import { ContactFields } from './contact-fields.tsx';

/**
 * Opens by itself when the signed-in user has no company (spec: dashboard), and stays open until
 * one is registered: nothing on the dashboard works without it. Render it anywhere a signed-in
 * user may arrive without a company: `<CompanyRegistrationDialog />`.
 */
export function CompanyRegistrationDialog({
  onRegistered,
}: {
  onRegistered?: (company: CompanyDto) => void;
}) {
  const { user } = useUser();
  const isOpen = Boolean(user?.id) && user?.company === null;
  return (
    <DialogShell
      open={isOpen}
      className="sm:max-w-lg"
      badge={
        <span className="mb-2 flex size-11 items-center justify-center self-center rounded-full bg-accent text-primary sm:self-start">
          <Building2Icon className="size-5" aria-hidden="true" />
        </span>
      }
      title="Register your company"
      description="Tell us about your agency to start adding properties and sharing AI agent links. Tenants see the company name in the chat."
    >
      {isOpen && user ? <RegistrationForm defaultEmail={user.email} onRegistered={onRegistered} /> : null}
    </DialogShell>
  );
}

function RegistrationForm({
  defaultEmail,
  onRegistered,
}: {
  defaultEmail: string;
  onRegistered?: (company: CompanyDto) => void;
}) {
  const register = useRegisterCompany();
  const logout = useLogout();
  const form = useSchemaForm(registerCompanyRequestSchema, {
    companyName: '',
    email: defaultEmail,
    phone: '',
    accountType: 'free',
  });
  const { errors } = form.formState;
  const showFailure = useFormFailure(form, ['companyName', 'email', 'phone']);

  const handleSubmit = form.handleSubmit((input) => {
    register.mutate(input, {
      onSuccess: (company) => {
        toast({
          title: 'Company registered',
          description: `${company.name} is ready. Add your first property next.`,
        });
        onRegistered?.(company);
      },
      onError: (error) => {
        showFailure(error, 'Failed to register company');
      },
    });
  });

  return (
    <form noValidate onSubmit={handleSubmit} className="grid gap-4">
      <FormField label="Company name" error={errors.companyName?.message}>
        <Input autoComplete="organization" autoFocus {...form.register('companyName')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <ContactFields
          email={form.register('email')}
          phone={form.register('phone')}
          errors={errors}
          emailLabel="Company email"
        />
      </div>
      <p className="rounded-md bg-slate-50 p-3 text-sm text-muted-foreground">
        You start on the {plans.free.name} plan with {plans.free.credits} enquiry credits a month. You can
        upgrade from My Account at any time.
      </p>
      <DialogFooter className="pt-2">
        <Button variant="ghost" onClick={() => logout.mutate()} disabled={logout.isPending}>
          Log out
        </Button>
        <PendingButton type="submit" isPending={register.isPending}>
          Register company
        </PendingButton>
      </DialogFooter>
    </form>
  );
}
