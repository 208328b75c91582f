import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { AuthUser, MessageResponse } from '#shared/schemas/auth.ts';
import {
  type InvitationPreview,
  type InvitationSignupForm,
  invitationSignupFormSchema,
  TEAM_ROLE_LABELS,
} from '#shared/schemas/team.ts';
import { AuthHeading, AuthPanel, AuthShell } from '#web/components/auth/auth-shell.tsx';
import { useSchemaForm } from '#web/components/auth/form-options.ts';
import { NameFields } from '#web/components/auth/name-fields.tsx';
import { FailureNotice, Notice } from '#web/components/auth/notice.tsx';
import { PasswordInput } from '#web/components/auth/password-input.tsx';
import { PasswordHint } from '#web/components/auth/password-strength-meter.tsx';
import { Button, PendingButton } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { apiRequest, errorMessage } from '#web/lib/api.ts';
import { tokenFromFragment } from '#web/lib/fragment-token.ts';
import { queryClient } from '#web/lib/query-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { refreshUser } from '#web/lib/refresh-user.ts';
import { toast } from '#web/lib/toast.ts';
import { useLogout } from '#web/lib/use-logout.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { useUser } from '#web/lib/use-user.ts';

/** Joined: the user (and their new role) is read again, and the dashboard opens. */
function useJoined() {
  const [, navigate] = useLocation();
  return async (companyName: string) => {
    // The user had no company before: nothing cached belongs to another, only the empty answer.
    queryClient.removeQueries({ queryKey: queryKeys.companies });
    await refreshUser();
    toast({ title: `Welcome to ${companyName}` });
    navigate('/', { replace: true });
  };
}

/** /join#token=…: the page an invitation email links to. */
export default function JoinPage() {
  usePageTitle('Join your team');
  const [token] = useState(tokenFromFragment);
  const preview = useQuery<InvitationPreview>({
    queryKey: ['invitation-preview', token],
    queryFn: () => apiRequest<InvitationPreview>('POST', '/api/invitations/preview', { token }),
    enabled: token !== null,
  });

  if (!token || preview.isError) {
    return (
      <AuthShell>
        <AuthHeading title="Join your team" />
        <Notice variant="error" title="This invitation cannot be used">
          <p>
            {token
              ? errorMessage(preview.error, 'Please try again.')
              : 'Open the link from your invitation email.'}
          </p>
          <p>Ask whoever invited you to send a new invitation.</p>
        </Notice>
      </AuthShell>
    );
  }
  if (preview.isPending) {
    return (
      <AuthShell>
        <Spinner label="Loading the invitation" />
      </AuthShell>
    );
  }
  const invitation = preview.data;
  const role = TEAM_ROLE_LABELS[invitation.role].toLowerCase();
  return (
    <AuthShell>
      <AuthHeading
        title={`Join ${invitation.companyName}`}
        description={`You have been invited as ${role === 'admin' ? 'an' : 'a'} ${role}, at ${invitation.email}.`}
      />
      <JoinActions token={token} invitation={invitation} />
    </AuthShell>
  );
}

function JoinActions({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  const { user } = useUser();
  const joined = useJoined();
  const logout = useLogout();
  const accept = useMutation({
    mutationFn: () => apiRequest<MessageResponse>('POST', '/api/invitations/accept', { token }),
    onSuccess: () => joined(invitation.companyName),
  });
  if (user?.id) {
    const isInvitee = user.email.toLowerCase() === invitation.email.toLowerCase();
    return (
      <div className="space-y-4">
        <FailureNotice error={accept.error} title="Could not join" />
        {isInvitee ? (
          <AuthPanel>
            <PendingButton
              size="lg"
              className="w-full"
              isPending={accept.isPending}
              onClick={() => accept.mutate()}
            >
              Accept invitation
            </PendingButton>
          </AuthPanel>
        ) : (
          <Notice variant="info" title={`You are signed in as ${user.email}`}>
            <p>This invitation is for {invitation.email}. Sign out, then open the link again.</p>
            <Button variant="outline" className="mt-2" onClick={() => logout.mutate()}>
              Sign out
            </Button>
          </Notice>
        )}
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <SignUpForm token={token} invitation={invitation} />
      <SignInForm token={token} invitation={invitation} />
    </div>
  );
}

function SignUpForm({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  const joined = useJoined();
  const form = useSchemaForm(invitationSignupFormSchema, {
    firstName: '',
    lastName: '',
    password: '',
    confirmPassword: '',
  });
  const { errors } = form.formState;
  const signUp = useMutation({
    mutationFn: ({ confirmPassword: _, ...values }: InvitationSignupForm) =>
      apiRequest<AuthUser>('POST', '/api/invitations/signup', { ...values, token }),
    onSuccess: () => joined(invitation.companyName),
  });
  return (
    <AuthPanel>
      <h2 className="mb-4 text-lg font-semibold">New to LetLead? Create your account</h2>
      <FailureNotice error={signUp.error} title="Could not create your account" className="mb-4" />
      <form noValidate onSubmit={form.handleSubmit((values) => signUp.mutate(values))} className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <NameFields
            firstName={form.register('firstName')}
            lastName={form.register('lastName')}
            errors={errors}
          />
        </div>
        <FormField label="Password" error={errors.password?.message} description={<PasswordHint />}>
          <PasswordInput autoComplete="new-password" {...form.register('password')} />
        </FormField>
        <FormField label="Confirm password" error={errors.confirmPassword?.message}>
          <PasswordInput autoComplete="new-password" {...form.register('confirmPassword')} />
        </FormField>
        <PendingButton type="submit" size="lg" className="w-full" isPending={signUp.isPending}>
          Create account and join
        </PendingButton>
      </form>
    </AuthPanel>
  );
}

function SignInForm({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  const joined = useJoined();
  const [password, setPassword] = useState('');
  const signIn = useMutation({
    mutationFn: async () => {
      await apiRequest<AuthUser>('POST', '/api/auth/login', { email: invitation.email, password });
      await apiRequest<MessageResponse>('POST', '/api/invitations/accept', { token });
    },
    onSuccess: () => joined(invitation.companyName),
    onSettled: () => refreshUser(),
  });
  return (
    <AuthPanel>
      <h2 className="mb-4 text-lg font-semibold">Already have an account? Sign in to join</h2>
      <FailureNotice error={signIn.error} title="Could not join" className="mb-4" />
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          signIn.mutate();
        }}
        className="grid gap-4"
      >
        <FormField label="Email">
          <Input value={invitation.email} readOnly autoComplete="username" />
        </FormField>
        <FormField label="Your password">
          <PasswordInput
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </FormField>
        <PendingButton
          type="submit"
          variant="outline"
          size="lg"
          className="w-full"
          isPending={signIn.isPending}
          disabled={!password}
        >
          Sign in and join
        </PendingButton>
        <p className="text-sm text-muted-foreground">
          <Link
            href="/reset-password"
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            Forgot your password?
          </Link>
        </p>
      </form>
    </AuthPanel>
  );
}
