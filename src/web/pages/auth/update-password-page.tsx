import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import { failingPasswordRules } from '#shared/password.ts';
import {
  type MessageResponse,
  type UpdatePasswordForm,
  updatePasswordFormSchema,
} from '#shared/schemas/auth.ts';
import { AuthHeading, AuthPanel, AuthShell } from '#web/components/auth/auth-shell.tsx';
import { useSchemaForm } from '#web/components/auth/form-options.ts';
import { Notice } from '#web/components/auth/notice.tsx';
import { PasswordInput } from '#web/components/auth/password-input.tsx';
import { PasswordHint, PasswordStrengthMeter } from '#web/components/auth/password-strength-meter.tsx';
import { PendingButton } from '#web/components/ui/button.tsx';
import { ErrorList, FormField } from '#web/components/ui/form-field.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { errorMessage, throwIfNotOk } from '#web/lib/api.ts';
import { tokenFromFragment } from '#web/lib/fragment-token.ts';
import { refreshUser } from '#web/lib/refresh-user.ts';
import { toast } from '#web/lib/toast.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { cn } from '#web/lib/utils.ts';

/** The spec's call: form-encoded `newPassword` and `token`. */
async function postNewPassword(input: { newPassword: string; token: string }): Promise<MessageResponse> {
  const response = await fetch('/api/auth/update-password', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(input).toString(),
    credentials: 'include',
  });
  await throwIfNotOk(response);
  return (await response.json()) as MessageResponse;
}

export default function UpdatePasswordPage() {
  usePageTitle('Choose a new password');
  const [token] = useState(tokenFromFragment);

  return (
    <AuthShell>
      <AuthHeading
        title="Choose a new password"
        description="Pick a strong password you don't use anywhere else."
      />
      {token ? (
        <NewPasswordForm token={token} />
      ) : (
        <div className="space-y-4">
          <Notice variant="error" title="Invalid Request">
            <p>Please ensure you are using a valid link.</p>
          </Notice>
          <p className="text-sm text-muted-foreground">
            Open the link from your most recent password reset email, or{' '}
            <Link
              href="/reset-password"
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              request a new link
            </Link>
            .
          </p>
        </div>
      )}
    </AuthShell>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const [, navigate] = useLocation();
  const form = useSchemaForm(updatePasswordFormSchema, { newPassword: '', confirmPassword: '' });
  const { errors } = form.formState;
  const newPassword = useWatch({ control: form.control, name: 'newPassword' });

  const update = useMutation({
    mutationFn: (values: UpdatePasswordForm) => postNewPassword({ newPassword: values.newPassword, token }),
    onSuccess: async () => {
      toast({ title: 'Password updated', description: 'Sign in with your new password.' });
      // Every session ended with the change, this browser's too.
      await refreshUser();
      navigate('/login?reset=1', { replace: true });
    },
  });

  // One message per rule that is not met, once the field has been checked.
  const passwordMessages = errors.newPassword
    ? failingPasswordRules(newPassword).map((rule) => rule.message)
    : [];
  if (errors.newPassword && passwordMessages.length === 0 && errors.newPassword.message) {
    passwordMessages.push(errors.newPassword.message);
  }

  return (
    <div className="space-y-4">
      {update.isError ? (
        <Notice variant="error" title="Failed to update password">
          <p>{errorMessage(update.error, 'Please try again.')}</p>
          <p>
            <Link href="/reset-password" className="font-medium underline underline-offset-2">
              Request a new reset link
            </Link>
          </p>
        </Notice>
      ) : null}
      <AuthPanel>
        <form
          noValidate
          onSubmit={form.handleSubmit((values) => update.mutate(values))}
          className="grid gap-5"
        >
          {/* Built by hand rather than with FormField: it shows one message per failing rule. */}
          <div className="grid gap-2">
            <Label htmlFor="new-password" className={cn(passwordMessages.length > 0 && 'text-destructive')}>
              New password
            </Label>
            <PasswordInput
              id="new-password"
              autoComplete="new-password"
              autoFocus
              aria-invalid={passwordMessages.length > 0}
              aria-describedby={
                passwordMessages.length > 0 ? 'new-password-hint new-password-error' : 'new-password-hint'
              }
              {...form.register('newPassword')}
            />
            <p id="new-password-hint" className="text-sm text-muted-foreground">
              <PasswordHint />
            </p>
            <ErrorList id="new-password-error" messages={passwordMessages} />
          </div>
          <PasswordStrengthMeter password={newPassword} />
          <FormField label="Confirm new password" error={errors.confirmPassword?.message}>
            <PasswordInput autoComplete="new-password" {...form.register('confirmPassword')} />
          </FormField>
          <PendingButton type="submit" size="lg" className="w-full" isPending={update.isPending}>
            Update password
          </PendingButton>
        </form>
      </AuthPanel>
    </div>
  );
}
