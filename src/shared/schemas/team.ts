import { z } from 'zod';
import {
  confirmPasswordSchema,
  emailSchema,
  nameSchema,
  passwordsMatch,
  signupPasswordSchema,
} from '#shared/schemas/auth.ts';
import { invitedRoleSchema, teamRoleSchema } from '#shared/team-roles.ts';
import { boundedIdParamsSchema } from './params.ts';

export * from '#shared/team-roles.ts';

// ---- Members ----

export const memberSchema = z.object({
  userId: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: teamRoleSchema,
  joinedAt: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

export const membersResponseSchema = z.object({ members: z.array(memberSchema) });

export const changeMemberBodySchema = z.object({ role: invitedRoleSchema }).strict();
export type ChangeMemberBody = z.infer<typeof changeMemberBodySchema>;

export const transferOwnershipBodySchema = z.object({ userId: z.string().min(1).max(100) }).strict();

export const memberParamsSchema = boundedIdParamsSchema.extend({ userId: z.string().min(1).max(100) });
export const invitationParamsSchema = boundedIdParamsSchema.extend({
  invitationId: z.string().min(1).max(100),
});

/** Who a lead or listing may be assigned to: every member, by name (open to negotiators). */
export const assigneeSchema = z.object({ userId: z.string(), name: z.string() });
export const assigneesResponseSchema = z.object({ assignees: z.array(assigneeSchema) });
export type Assignee = z.infer<typeof assigneeSchema>;

// ---- Invitations ----

export const createInvitationBodySchema = z.object({ email: emailSchema, role: invitedRoleSchema }).strict();
export type CreateInvitationBody = z.infer<typeof createInvitationBodySchema>;

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: invitedRoleSchema,
  invitedBy: z.string().nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationsResponseSchema = z.object({ invitations: z.array(invitationSchema) });

/** The accept page's view of an invitation, from its token (no session needed to read it). */
export const invitationPreviewSchema = z.object({
  companyName: z.string(),
  email: z.string(),
  role: invitedRoleSchema,
  expiresAt: z.string(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

const invitationTokenSchema = z
  .string({ error: 'The invitation link is missing its token' })
  .min(1, 'The invitation link is missing its token')
  .max(200, 'The invitation link is not valid');

/** POST /api/invitations/accept: a signed-in user takes the invitation. */
export const acceptInvitationBodySchema = z.object({ token: invitationTokenSchema }).strict();

/** POST /api/invitations/signup: someone without an account makes one from the invitation. */
export const invitationSignupBodySchema = z
  .object({
    token: invitationTokenSchema,
    firstName: nameSchema('First name'),
    lastName: nameSchema('Last name'),
    password: signupPasswordSchema,
  })
  .strict();
export type InvitationSignupBody = z.infer<typeof invitationSignupBodySchema>;

/** The accept page's sign-up form: the request plus the password confirmation. */
export const invitationSignupFormSchema = invitationSignupBodySchema
  .omit({ token: true })
  .extend({ confirmPassword: confirmPasswordSchema })
  .refine(...passwordsMatch);
export type InvitationSignupForm = z.infer<typeof invitationSignupFormSchema>;

// ---- Audit ----

export const AUDIT_ACTIONS = [
  'lead_opened',
  'lead_deleted',
  'leads_exported',
  'data_exported',
  'property_deleted',
  'member_invited',
  'member_joined',
  'member_removed',
  'role_changed',
  'ownership_transferred',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  lead_opened: 'Opened a lead',
  lead_deleted: 'Deleted a lead',
  leads_exported: 'Exported leads as CSV',
  data_exported: "Exported the company's data",
  property_deleted: 'Deleted a listing',
  member_invited: 'Invited a member',
  member_joined: 'Joined the team',
  member_removed: 'Removed a member',
  role_changed: 'Changed a role',
  ownership_transferred: 'Handed over ownership',
};

export const auditEventSchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  subjectId: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
});
export type AuditEventDto = z.infer<typeof auditEventSchema>;

export const auditQuerySchema = z.object({
  page: z.coerce.number({ error: 'Page must be a whole number from 1.' }).int().min(1).max(10_000).default(1),
});
export const AUDIT_PAGE_SIZE = 50;
export const auditResponseSchema = z.object({
  events: z.array(auditEventSchema),
  page: z.number().int(),
  hasMore: z.boolean(),
});
export type AuditResponse = z.infer<typeof auditResponseSchema>;
