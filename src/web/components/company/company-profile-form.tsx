import { plans } from '#shared/plans.ts';
import type { CompanyDto } from '#shared/schemas/auth.ts';
import { companyProfileFormSchema } from '#shared/schemas/companies.ts';
import { useSchemaForm } from '#web/components/auth/form-options.ts';
import { useFormFailure } from '#web/components/auth/server-errors.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { PendingButton } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { toast } from '#web/lib/toast.ts';
import { useUpdateCompanyProfile } from './company-api.ts';
import { ContactFields } from './contact-fields.tsx';

/** Name, email and phone of the company; the plan is shown here and changed through billing. */
export function CompanyProfileEditor({ company }: { company: CompanyDto }) {
  const update = useUpdateCompanyProfile(company.id);
  const form = useSchemaForm(companyProfileFormSchema, {
    companyName: company.name,
    email: company.email ?? '',
    phone: company.phone ?? '',
  });
  const { errors, isDirty } = form.formState;
  const showFailure = useFormFailure(form, ['companyName', 'email', 'phone']);
  const plan = plans[company.accountType];

  // mutateAsync, not mutate's callbacks: saving refreshes the company, and the page then mounts a
  // new editor for it (keyed by updatedAt), which would drop mutate's callbacks and the toast.
  const handleSubmit = form.handleSubmit(async (input) => {
    try {
      const saved = await update.mutateAsync(input);
      form.reset({ companyName: saved.name, email: saved.email ?? '', phone: saved.phone ?? '' });
      toast({ title: 'Profile updated', description: 'Your company details have been saved.' });
    } catch (error) {
      showFailure(error, 'Failed to update profile');
    }
  });

  return (
    <form noValidate onSubmit={handleSubmit} className="grid gap-5">
      <FormField label="Company name" error={errors.companyName?.message}>
        <Input autoComplete="organization" {...form.register('companyName')} />
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <ContactFields
          email={form.register('email')}
          phone={form.register('phone')}
          errors={errors}
          emailLabel="Email"
          emailDescription="Where we send new leads and account emails."
        />
      </div>
      <div className="grid gap-2">
        <p className="text-sm font-medium">Account type</p>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-dashed border-border bg-slate-50 px-3 py-2.5 text-sm">
          <Badge variant={company.accountType === 'free' ? 'secondary' : 'default'}>{plan.name}</Badge>
          <span className="text-muted-foreground">
            {plan.credits.toLocaleString('en-GB')} enquiry credits a month · change it under Subscription
          </span>
        </p>
      </div>
      <p className="text-sm text-muted-foreground">
        Your AI agent links use{' '}
        <code className="rounded bg-muted px-1 py-0.5 text-foreground">{company.slug}</code> and stay the same
        when you rename the company, so links you have shared keep working.
      </p>
      <div className="flex justify-end">
        <PendingButton
          type="submit"
          isPending={update.isPending}
          disabled={!isDirty}
          className="w-full sm:w-auto"
        >
          Save changes
        </PendingButton>
      </div>
    </form>
  );
}
