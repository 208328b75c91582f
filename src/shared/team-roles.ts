import { z } from 'zod';
import { INVITED_ROLES, TEAM_ROLES } from '#shared/team-access.ts';

export {
  AREA_ACCESS,
  AREA_DENIED_MESSAGES,
  canAccess,
  INVITED_ROLES,
  type InvitedRole,
  TEAM_ROLE_LABELS,
  TEAM_ROLES,
  type TeamArea,
  type TeamRole,
} from '#shared/team-access.ts';

export const teamRoleSchema = z.enum(TEAM_ROLES, {
  error: () => `Role must be one of: ${TEAM_ROLES.join(', ')}.`,
});

export const invitedRoleSchema = z.enum(INVITED_ROLES, {
  error: () => 'Role must be admin or negotiator.',
});

/** Who works a lead or looks after a listing: a member's user id, or null for nobody. */
export const assigneeIdSchema = z
  .string({ error: 'The assignee must be a member id or null.' })
  .trim()
  .min(1, 'The assignee must be a member id or null.')
  .max(100, 'The assignee must be a member id or null.')
  .nullable();

/** PATCH /api/properties/{id}: who looks after the listing. */
export const assignPropertySchema = z.object({ assigneeId: assigneeIdSchema }).strict();
export type AssignPropertyRequest = z.infer<typeof assignPropertySchema>;
