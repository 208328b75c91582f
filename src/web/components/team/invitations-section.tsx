import { MailPlusIcon } from 'lucide-react';
import { Controller } from 'react-hook-form';
import { formatDate } from '#shared/format.ts';
import { createInvitationBodySchema, type Invitation, TEAM_ROLE_LABELS } from '#shared/schemas/team.ts';
import { useSchemaForm } from '#web/components/auth/form-options.ts';
import { showServerFieldErrors } from '#web/components/auth/server-errors.ts';
import { QueryList, SettingsCard } from '#web/components/company/settings-card.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { PendingButton } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { toast, toastError } from '#web/lib/toast.ts';
import { useKeepFocus } from '#web/lib/use-keep-focus.ts';
import { useUnauthorizedRedirect } from '#web/lib/use-unauthorized-redirect.ts';
import { ConfirmAction, useResultToasts } from './confirm-action.tsx';
import { RoleSelect } from './role-select.tsx';
import { useInvitations, useInvite, useWithdrawInvitation } from './team-api.ts';

/** Invite a colleague by email with a role; the open invitations, which can be withdrawn. */
export function InvitationsSection({ companyId }: { companyId: string }) {
  const invitations = useInvitations(companyId);
  return (
    <SettingsCard
      title="Invite a colleague"
      description="We email them a link that works for 7 days. They sign in, or create their account, from it."
      className="space-y-6"
    >
      <InviteForm companyId={companyId} />
      <QueryList query={invitations} loadingLabel="Loading invitations" subject="the invitations">
        {(data) => <InvitationList companyId={companyId} invitations={data.invitations} />}
      </QueryList>
    </SettingsCard>
  );
}

function InvitationList({ companyId, invitations }: { companyId: string; invitations: Invitation[] }) {
  const withdraw = useWithdrawInvitation(companyId);
  const results = useResultToasts();
  // A withdrawal takes away the button pressed: the list (or its empty line) keeps the focus.
  const listRef = useKeepFocus<HTMLDivElement>(invitations.map((invitation) => invitation.id).join());
  return (
    <div
      ref={listRef}
      tabIndex={-1}
      className="rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      {invitations.length === 0 ? (
        <p className="text-sm text-muted-foreground">No invitations waiting.</p>
      ) : (
        <ul className="divide-y divide-border rounded-lg border border-border" aria-label="Open invitations">
          {invitations.map((invitation) => (
            <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
              <div className="min-w-0 space-y-1">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  <span className="break-all">{invitation.email}</span>
                  <Badge variant="outline">{TEAM_ROLE_LABELS[invitation.role]}</Badge>
                </p>
                <p className="text-sm text-muted-foreground">
                  Link works until {formatDate(invitation.expiresAt)}
                </p>
              </div>
              <ConfirmAction
                label="Withdraw"
                title={`Withdraw the invitation to ${invitation.email}?`}
                description="The emailed link stops working. You can invite them again later."
                confirm="Withdraw invitation"
                isPending={withdraw.isPending && withdraw.variables === invitation.id}
                onConfirm={() =>
                  withdraw.mutate(invitation.id, results('Invitation withdrawn', 'Invitation not withdrawn'))
                }
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function InviteForm({ companyId }: { companyId: string }) {
  const invite = useInvite(companyId);
  const redirectIfUnauthorized = useUnauthorizedRedirect();
  const form = useSchemaForm(createInvitationBodySchema, { email: '', role: 'negotiator' });
  const { errors } = form.formState;
  const handleSubmit = form.handleSubmit((input) => {
    invite.mutate(input, {
      onSuccess: (created) => {
        // The button was disabled while sending, which drops the focus: put it where the next
        // invitation starts. Before the reset, which forgets the fields until they render again.
        form.setFocus('email');
        form.reset({ email: '', role: input.role });
        toast({ title: created.message });
      },
      onError: (error) => {
        if (redirectIfUnauthorized(error)) return;
        showServerFieldErrors(form, error, ['email', 'role']);
        toastError('Invitation not sent', error);
      },
    });
  });
  return (
    <form
      noValidate
      onSubmit={handleSubmit}
      className="grid gap-4 rounded-lg border border-border p-4 sm:grid-cols-[minmax(0,1fr)_10rem_auto] sm:items-start"
    >
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="off" {...form.register('email')} />
      </FormField>
      <Controller
        control={form.control}
        name="role"
        render={({ field }) => (
          <FormField label="Role" error={errors.role?.message}>
            {(props) => <RoleSelect value={field.value} onValueChange={field.onChange} {...props} />}
          </FormField>
        )}
      />
      <PendingButton
        type="submit"
        isPending={invite.isPending}
        icon={MailPlusIcon}
        className="w-full sm:mt-6 sm:w-auto"
      >
        Send invitation
      </PendingButton>
    </form>
  );
}
