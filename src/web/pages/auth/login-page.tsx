import { Link, useSearch } from 'wouter';
import { EMAIL_NOT_VERIFIED_CODE, loginRequestSchema } from '#shared/schemas/auth.ts';
import { AuthHeading, AuthPanel, AuthShell } from '#web/components/auth/auth-shell.tsx';
import { useSchemaForm } from '#web/components/auth/form-options.ts';
import { Notice } from '#web/components/auth/notice.tsx';
import { PasswordInput } from '#web/components/auth/password-input.tsx';
import { ResendVerification } from '#web/components/auth/resend-verification.tsx';
import { showServerFieldErrors } from '#web/components/auth/server-errors.ts';
import { PendingButton } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { ApiError, errorMessage } from '#web/lib/api.ts';
import { useLogin } from '#web/lib/use-login.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';

export default function LoginPage() {
  usePageTitle('Sign in', 'Sign in to LetLead to see your qualified tenant leads.');
  const params = new URLSearchParams(useSearch());
  const login = useLogin();
  const form = useSchemaForm(loginRequestSchema, { email: '', password: '' });
  const { errors } = form.formState;

  const handleSubmit = form.handleSubmit((values) => {
    login.mutate(values, {
      onError: (error) => {
        showServerFieldErrors(form, error, ['email', 'password']);
      },
    });
  });

  const isUnverified =
    login.error instanceof ApiError &&
    (login.error.body as { code?: string } | null)?.code === EMAIL_NOT_VERIFIED_CODE;

  return (
    <AuthShell
      headerAction={
        <>
          <span className="hidden sm:inline">New to LetLead? </span>
          <Link href="/signup" className="font-medium text-primary underline-offset-4 hover:underline">
            Create an account
          </Link>
        </>
      }
    >
      <AuthHeading title="Sign in" description="Welcome back. Sign in to see your latest qualified leads." />
      <div className="space-y-4">
        <ArrivalNotice params={params} />
        {login.isError ? (
          isUnverified ? (
            <Notice variant="info" title="Email not verified yet">
              <p>{errorMessage(login.error, '')}</p>
              <ResendVerification email={form.getValues('email')} />
            </Notice>
          ) : (
            <Notice variant="error" title="Login failed">
              <p>{errorMessage(login.error, 'Invalid email or password')}</p>
            </Notice>
          )
        ) : null}
        <AuthPanel>
          <form onSubmit={handleSubmit} noValidate className="grid gap-5">
            <FormField label="Email" error={errors.email?.message}>
              <Input type="email" autoComplete="email" autoFocus {...form.register('email')} />
            </FormField>
            <div className="grid gap-2">
              <FormField label="Password" error={errors.password?.message}>
                <PasswordInput autoComplete="current-password" {...form.register('password')} />
              </FormField>
              <Link
                href="/reset-password"
                className="inline-flex min-h-10 items-center justify-self-end text-sm font-medium text-primary underline-offset-4 hover:underline"
              >
                Forgot your password?
              </Link>
            </div>
            <PendingButton type="submit" size="lg" className="w-full" isPending={login.isPending}>
              Sign in
            </PendingButton>
          </form>
        </AuthPanel>
        <p className="text-center text-sm text-muted-foreground">
          No account yet?{' '}
          <Link href="/signup" className="font-medium text-primary underline-offset-4 hover:underline">
            Create one free
          </Link>
        </p>
      </div>
    </AuthShell>
  );
}

/** What the link that brought the user here says: verified, a broken verification link, or a new password. */
function ArrivalNotice({ params }: { params: URLSearchParams }) {
  if (params.get('verified') === '1') {
    return (
      <Notice variant="success" title="Email verified">
        <p>Your email address is verified. You can now sign in.</p>
      </Notice>
    );
  }
  const verifyError = params.get('verifyError');
  if (verifyError) {
    return (
      <Notice
        variant="error"
        title={verifyError === 'expired' ? 'Verification link expired' : 'Verification link not valid'}
      >
        <p>
          {verifyError === 'expired'
            ? 'That verification link has expired.'
            : 'That verification link is not valid; it may have been copied only in part.'}{' '}
          Sign in below and we will offer to send you a new one.
        </p>
      </Notice>
    );
  }
  if (params.get('reset') === '1') {
    return (
      <Notice variant="success" title="Password updated">
        <p>Your password has been changed. Sign in with your new password.</p>
      </Notice>
    );
  }
  return null;
}
