import { CrownIcon, UserMinusIcon } from 'lucide-react';
import { formatDate } from '#shared/format.ts';
import { type Member, TEAM_ROLE_LABELS } from '#shared/schemas/team.ts';
import { QueryList, SettingsCard } from '#web/components/company/settings-card.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { useKeepFocus } from '#web/lib/use-keep-focus.ts';
import { useRole } from '#web/lib/use-role.ts';
import { useUser } from '#web/lib/use-user.ts';
import { ConfirmAction, useResultToasts } from './confirm-action.tsx';
import { RoleSelect } from './role-select.tsx';
import { useChangeRole, useMembers, useRemoveMember, useTransferOwnership } from './team-api.ts';

export function memberName(member: Pick<Member, 'firstName' | 'lastName' | 'email'>): string {
  return [member.firstName, member.lastName].filter(Boolean).join(' ') || member.email;
}

/** Who works for the company, in what role; change a role, remove someone, hand over ownership. */
export function MembersSection({ companyId }: { companyId: string }) {
  const members = useMembers(companyId);
  return (
    <SettingsCard
      title="Members"
      description="Admins can do everything but billing and closing the account. Negotiators work leads and viewings; they see listings but cannot change them."
    >
      <QueryList query={members} loadingLabel="Loading members" subject="the team">
        {(data) => <MemberList companyId={companyId} members={data.members} />}
      </QueryList>
    </SettingsCard>
  );
}

function MemberList({ companyId, members }: { companyId: string; members: Member[] }) {
  // Here, not on the member's row: the row is gone before the removal's toast would be said.
  const remove = useRemoveMember(companyId);
  const results = useResultToasts();
  // A removal or a handover takes away the button pressed: the list keeps the focus instead.
  const listRef = useKeepFocus<HTMLUListElement>(
    members.map((member) => `${member.userId}:${member.role}`).join(),
  );
  return (
    <ul
      ref={listRef}
      tabIndex={-1}
      className="divide-y divide-border rounded-lg border border-border outline-none focus-visible:ring-2 focus-visible:ring-ring"
      aria-label="Members"
    >
      {members.map((member) => (
        <li key={member.userId}>
          <MemberItem
            companyId={companyId}
            member={member}
            isRemoving={remove.isPending && remove.variables === member.userId}
            onRemove={() =>
              remove.mutate(member.userId, results(`${memberName(member)} removed`, 'Member not removed'))
            }
          />
        </li>
      ))}
    </ul>
  );
}

function MemberItem({
  companyId,
  member,
  isRemoving,
  onRemove,
}: {
  companyId: string;
  member: Member;
  isRemoving: boolean;
  onRemove: () => void;
}) {
  const { user } = useUser();
  const { role: myRole } = useRole();
  const changeRole = useChangeRole(companyId);
  const transfer = useTransferOwnership(companyId);
  const results = useResultToasts();
  const name = memberName(member);
  const isMe = member.userId === user?.id;
  const isOwner = member.role === 'owner';
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 p-4">
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span className="break-all">{name}</span>
          {isMe ? <Badge variant="outline">You</Badge> : null}
        </p>
        <p className="text-sm text-muted-foreground">
          <span className="break-all">{member.email}</span> ·{' '}
          <span className="whitespace-nowrap">joined {formatDate(member.joinedAt)}</span>
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {member.role === 'owner' ? (
          <Badge>
            <CrownIcon className="size-3.5" aria-hidden="true" />
            Owner
          </Badge>
        ) : (
          <RoleSelect
            value={member.role}
            onValueChange={(role) =>
              changeRole.mutate(
                { userId: member.userId, role },
                results(`${name} is now ${TEAM_ROLE_LABELS[role].toLowerCase()}`, 'Role not changed'),
              )
            }
            disabled={changeRole.isPending}
            className="w-36"
            aria-label={`Role of ${name}`}
          />
        )}
        {myRole === 'owner' && member.role === 'admin' ? (
          <ConfirmAction
            label="Make owner"
            title={`Hand ownership to ${name}?`}
            description={`${name} becomes the owner, with billing and account closure; you become an admin. Only the new owner can hand it back.`}
            confirm="Hand over ownership"
            isDestructive={false}
            isPending={transfer.isPending}
            onConfirm={() =>
              transfer.mutate(
                member.userId,
                results(`${name} now owns the company`, 'Ownership not handed over'),
              )
            }
          />
        ) : null}
        {isOwner || isMe ? null : (
          <ConfirmAction
            label="Remove"
            icon={UserMinusIcon}
            title={`Remove ${name}?`}
            description="They lose access at once. Their leads and listings go back to nobody in particular."
            confirm="Remove member"
            isPending={isRemoving}
            onConfirm={onRemove}
          />
        )}
      </div>
    </div>
  );
}
