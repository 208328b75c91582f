import { useMutation } from '@tanstack/react-query';
import { ArrowLeftIcon } from 'lucide-react';
import { Link } from 'wouter';
import { type EmailRequest, emailRequestSchema, type MessageResponse } from '#shared/schemas/auth.ts';
import { AuthHeading, AuthPanel, AuthShell } from '#web/components/auth/auth-shell.tsx';
import { useSchemaForm } from '#web/components/auth/form-options.ts';
import { AnswerNotice, FailureNotice } from '#web/components/auth/notice.tsx';
import { PendingButton } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { apiRequest } from '#web/lib/api.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';

export default function ResetPasswordPage() {
  usePageTitle('Reset your password');
  const form = useSchemaForm(emailRequestSchema, { email: '' });
  const request = useMutation({
    mutationFn: (values: EmailRequest) =>
      apiRequest<MessageResponse>('POST', '/api/auth/reset-password', values),
  });

  return (
    <AuthShell>
      <AuthHeading
        title="Reset your password"
        description="Enter the email address you signed up with and we'll send you a link to choose a new password."
      />
      <div className="space-y-4">
        <AnswerNotice answer={request.data} variant="mail" title="Check your inbox" />
        <FailureNotice
          error={request.error}
          title="Password reset failed"
          fallback="Unable to send reset email"
        />
        <AuthPanel>
          <form
            noValidate
            onSubmit={form.handleSubmit((values) => request.mutate(values))}
            className="grid gap-5"
          >
            <FormField label="Email" error={form.formState.errors.email?.message}>
              <Input type="email" autoComplete="email" autoFocus {...form.register('email')} />
            </FormField>
            <PendingButton type="submit" size="lg" className="w-full" isPending={request.isPending}>
              {request.isSuccess ? 'Send the link again' : 'Send reset link'}
            </PendingButton>
          </form>
        </AuthPanel>
        <Link
          href="/login"
          className="inline-flex min-h-10 items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          <ArrowLeftIcon className="size-4" aria-hidden="true" />
          Back to sign in
        </Link>
      </div>
    </AuthShell>
  );
}
