import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '#shared/schemas/auth.ts';
import type {
  AuditResponse,
  CreateInvitationBody,
  Invitation,
  InvitedRole,
  Member,
} from '#shared/schemas/team.ts';
import { apiRequest } from '#web/lib/api.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export const membersKey = (companyId: string) => [`/api/companies/${companyId}/members`] as const;
export const invitationsKey = (companyId: string) => [`/api/companies/${companyId}/invitations`] as const;
export const auditKey = (companyId: string, page: number) =>
  [`/api/companies/${companyId}/audit?page=${page}`] as const;

export function useMembers(companyId: string) {
  return useQuery<{ members: Member[] }>({ queryKey: membersKey(companyId) });
}

export function useInvitations(companyId: string) {
  return useQuery<{ invitations: Invitation[] }>({ queryKey: invitationsKey(companyId) });
}

export function useAuditLog(companyId: string, page: number) {
  return useQuery<AuditResponse>({ queryKey: auditKey(companyId, page), refetchOnMount: 'always' });
}

/** A change to the team: the members, the open invitations and the user (their role) are read again. */
function useTeamMutation<T, V>(companyId: string, mutationFn: (variables: V) => Promise<T>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: membersKey(companyId) }),
        client.invalidateQueries({ queryKey: invitationsKey(companyId) }),
        client.invalidateQueries({ queryKey: queryKeys.user }),
      ]),
  });
}

export function useInvite(companyId: string) {
  return useTeamMutation(companyId, (input: CreateInvitationBody) =>
    apiRequest<Invitation & MessageResponse>('POST', `/api/companies/${companyId}/invitations`, input),
  );
}

export function useWithdrawInvitation(companyId: string) {
  return useTeamMutation(companyId, (invitationId: string) =>
    apiRequest<void>('DELETE', `/api/companies/${companyId}/invitations/${invitationId}`),
  );
}

export function useChangeRole(companyId: string) {
  return useTeamMutation(companyId, ({ userId, role }: { userId: string; role: InvitedRole }) =>
    apiRequest<Member>('PATCH', `/api/companies/${companyId}/members/${userId}`, { role }),
  );
}

export function useRemoveMember(companyId: string) {
  return useTeamMutation(companyId, (userId: string) =>
    apiRequest<void>('DELETE', `/api/companies/${companyId}/members/${userId}`),
  );
}

export function useTransferOwnership(companyId: string) {
  return useTeamMutation(companyId, (userId: string) =>
    apiRequest<{ members: Member[] }>('POST', `/api/companies/${companyId}/ownership`, { userId }),
  );
}
