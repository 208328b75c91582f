import { DownloadIcon, TriangleAlertIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import type { CompanyDto } from '#shared/schemas/auth.ts';
import { closeAccountFormSchema } from '#shared/schemas/privacy.ts';
import { useSchemaForm } from '#web/components/auth/form-options.ts';
import { PasswordInput } from '#web/components/auth/password-input.tsx';
import { showServerFieldErrors } from '#web/components/auth/server-errors.ts';
import { Button, PendingButton } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { DialogFooter, DialogShell } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { clearSessionCache } from '#web/lib/query-client.ts';
import { toast, toastError } from '#web/lib/toast.ts';
import { useUnauthorizedRedirect } from '#web/lib/use-unauthorized-redirect.ts';
import { downloadCompanyData, useCloseAccount } from './privacy-api.ts';

/**
 * My Account's "Your data" card: a download of everything LetLead keeps for the company (GDPR
 * access and portability), and closing the account, which erases it (GDPR erasure).
 */
export function PrivacySection({ company }: { company: CompanyDto }) {
  const [isDownloading, setIsDownloading] = useState(false);
  const [isClosing, setIsClosing] = useState(false);
  const redirectIfUnauthorized = useUnauthorizedRedirect();

  const handleDownload = async () => {
    setIsDownloading(true);
    try {
      await downloadCompanyData(company.id);
      toast({ title: 'Download started', description: 'Your data is saved as a JSON file.' });
    } catch (error) {
      if (!redirectIfUnauthorized(error)) {
        toastError('Failed to download your data', error);
      }
    } finally {
      setIsDownloading(false);
    }
  };

  return (
    <Card role="region" aria-labelledby="privacy-title">
      <CardHeader>
        <CardTitle id="privacy-title">Your data</CardTitle>
        <CardDescription>
          Download everything LetLead keeps for {company.name}, or close your account and erase it.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="space-y-1">
            <h3 className="font-medium">Download my data</h3>
            <p className="text-sm text-muted-foreground">
              Your company details, properties, leads, chat transcripts and chat link views, as one JSON file.
            </p>
          </div>
          <PendingButton
            variant="outline"
            onClick={handleDownload}
            isPending={isDownloading}
            icon={DownloadIcon}
            className="sm:w-auto"
          >
            Download my data
          </PendingButton>
        </div>
        <div className="flex flex-col gap-3 rounded-lg border border-destructive/40 p-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="space-y-1">
            <h3 className="font-medium text-destructive">Close account</h3>
            <p className="text-sm text-muted-foreground">
              Erases your account, company, properties, leads and transcripts for good. This cannot be undone.
            </p>
          </div>
          <Button variant="destructive" onClick={() => setIsClosing(true)}>
            Close account
          </Button>
        </div>
      </CardContent>
      <CloseAccountDialog company={company} open={isClosing} onOpenChange={setIsClosing} />
    </Card>
  );
}

function CloseAccountDialog({
  company,
  open,
  onOpenChange,
}: {
  company: CompanyDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [, navigate] = useLocation();
  const closeAccount = useCloseAccount(company.id);
  const redirectIfUnauthorized = useUnauthorizedRedirect();
  const schema = useMemo(() => closeAccountFormSchema(company.name), [company.name]);
  const form = useSchemaForm(schema, { confirm: '', password: '' });
  const { errors } = form.formState;

  const handleOpenChange = (next: boolean) => {
    if (closeAccount.isPending) return;
    if (!next) form.reset();
    onOpenChange(next);
  };

  const handleSubmit = form.handleSubmit((input) => {
    closeAccount.mutate(input, {
      onSuccess: () => {
        // The session is gone: forget the user and everything fetched for them, then leave.
        clearSessionCache({ isSignedOut: true });
        navigate('/', { replace: true });
        toast({
          title: 'Your account has been closed',
          description: 'Your account and your company’s data have been erased.',
        });
      },
      onError: (error) => {
        if (redirectIfUnauthorized(error)) return;
        if (showServerFieldErrors(form, error, ['confirm', 'password'])) return;
        toastError('Failed to close your account', error);
      },
    });
  });

  return (
    <DialogShell
      open={open}
      onClose={() => handleOpenChange(false)}
      titleClassName="flex items-center gap-2"
      title={
        <>
          <TriangleAlertIcon className="size-5 text-destructive" aria-hidden="true" />
          Close your account?
        </>
      }
      description={`This erases your account, ${company.name}, its properties, leads and chat transcripts at once, and signs you out. It cannot be undone. Payment records stay with Stripe, as the law requires. You may want to download your data first.`}
    >
      <form noValidate onSubmit={handleSubmit} className="grid gap-4">
        <FormField
          label="Company name"
          error={errors.confirm?.message}
          description={
            <>
              Type <strong className="font-semibold text-foreground">{company.name}</strong> to confirm.
            </>
          }
        >
          <Input autoComplete="off" {...form.register('confirm')} />
        </FormField>
        <FormField label="Password" error={errors.password?.message}>
          <PasswordInput autoComplete="current-password" {...form.register('password')} />
        </FormField>
        <DialogFooter>
          <Button
            type="button"
            variant="outline"
            onClick={() => handleOpenChange(false)}
            disabled={closeAccount.isPending}
          >
            Cancel
          </Button>
          <PendingButton type="submit" variant="destructive" isPending={closeAccount.isPending}>
            Close account permanently
          </PendingButton>
        </DialogFooter>
      </form>
    </DialogShell>
  );
}
