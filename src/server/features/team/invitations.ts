import { createHash, randomBytes } from 'node:crypto';
import { addDays } from 'date-fns';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { type Company, companies, companyInvitations, companyMembers, users } from '#server/db/schema.ts';
import { isUniqueViolation } from '#server/db/unique-slug.ts';
import { createPasswordUser, logIn } from '#server/features/auth/index.ts';
import type { SessionUser } from '#server/lib/auth.ts';
import { now } from '#server/lib/clock.ts';
import type { AppContext } from '#server/lib/context.ts';
import { layoutEmail } from '#server/lib/email-templates.ts';
import { AppError, notFound } from '#server/lib/errors.ts';
import { findMembership } from '#server/lib/session.ts';
import type { AuthUser } from '#shared/schemas/auth.ts';
import {
  type CreateInvitationBody,
  type Invitation,
  type InvitationPreview,
  type InvitationSignupBody,
  TEAM_ROLE_LABELS,
  type TeamRole,
} from '#shared/schemas/team.ts';
import { actorLabel, recordAudit } from './audit.ts';

/** How long an emailed invitation works. */
export const INVITATION_DAYS = 7;

const INVALID_LINK = 'This invitation link is not valid, or it has already been used or withdrawn.';
const EXPIRED_LINK = 'This invitation has expired. Ask for a new one.';

type Actor = { user: SessionUser; company: Company; role: TeamRole };

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

function toInvitation(row: typeof companyInvitations.$inferSelect): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invitedBy: row.invitedBy,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

/** GET /api/companies/{id}/invitations: the open ones, newest first. */
export async function listInvitations(ctx: AppContext, companyId: string): Promise<Invitation[]> {
  const rows = await ctx.db
    .select()
    .from(companyInvitations)
    .where(and(eq(companyInvitations.companyId, companyId), isNull(companyInvitations.acceptedAt)))
    .orderBy(desc(companyInvitations.createdAt));
  return rows.map(toInvitation);
}

/**
 * POST /api/companies/{id}/invitations: emails a link that joins the company with the role. A
 * new invitation to the same address replaces the open one (its link stops working).
 */
export async function createInvitation(
  ctx: AppContext,
  { actor, input }: { actor: Actor; input: CreateInvitationBody },
): Promise<{ invitation: Invitation; delivery: 'sent' | 'queued' }> {
  const email = input.email.toLowerCase();
  const [existing] = await ctx.db
    .select({ userId: companyMembers.userId })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companyMembers.companyId, actor.company.id), sql`lower(${users.email}) = ${email}`))
    .limit(1);
  if (existing) {
    throw new AppError('CONFLICT', `${email} is already a member of your team.`, {
      errors: { email: 'Already a member of your team' },
    });
  }
  const token = randomBytes(32).toString('base64url');
  let row: typeof companyInvitations.$inferSelect;
  try {
    row = await ctx.db.transaction(async (tx) => {
      await tx
        .delete(companyInvitations)
        .where(
          and(
            eq(companyInvitations.companyId, actor.company.id),
            eq(companyInvitations.email, email),
            isNull(companyInvitations.acceptedAt),
          ),
        );
      const [created] = await tx
        .insert(companyInvitations)
        .values({
          companyId: actor.company.id,
          email,
          role: input.role,
          tokenHash: hashToken(token),
          invitedBy: actor.user.id,
          expiresAt: addDays(now(), INVITATION_DAYS),
        })
        .returning();
      await recordAudit(tx, {
        companyId: actor.company.id,
        actor: actor.user,
        action: 'member_invited',
        subjectId: created!.id,
        detail: { email, role: input.role },
      });
      return created!;
    });
  } catch (error) {
    // Two invitations to one address at the same moment: the other one is the open invitation.
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', `${email} was invited a moment ago.`);
    throw error;
  }
  const url = `${ctx.env.appUrl}/join#token=${encodeURIComponent(token)}`;
  const delivery = await ctx.sendEmail(
    invitationEmail({
      to: email,
      inviter: actorLabel(actor.user),
      company: actor.company.name,
      role: input.role,
      url,
    }),
  );
  return { invitation: toInvitation(row), delivery };
}

function invitationEmail(input: {
  to: string;
  inviter: string;
  company: string;
  role: TeamRole;
  url: string;
}) {
  const role = TEAM_ROLE_LABELS[input.role].toLowerCase();
  const lines = [
    `${input.inviter} has invited you to join ${input.company} on LetLead as ${role === 'admin' ? 'an' : 'a'} ${role}.`,
    `Open the link to sign in or create your account. It works for ${INVITATION_DAYS} days.`,
  ];
  return {
    to: input.to,
    subject: `Join ${input.company} on LetLead`,
    text: `${lines.join('\n\n')}\n\nAccept the invitation: ${input.url}\n\nIf you were not expecting this, you can ignore this email.`,
    html: layoutEmail({
      heading: `Join ${input.company} on LetLead`,
      paragraphs: [...lines, 'If you were not expecting this, you can ignore this email.'],
      action: { label: 'Accept invitation', url: input.url },
    }),
  };
}

/** DELETE /api/companies/{id}/invitations/{invitationId}: the emailed link stops working. */
export async function revokeInvitation(ctx: AppContext, companyId: string, invitationId: string) {
  const deleted = await ctx.db
    .delete(companyInvitations)
    .where(
      and(
        eq(companyInvitations.companyId, companyId),
        eq(companyInvitations.id, invitationId),
        isNull(companyInvitations.acceptedAt),
      ),
    )
    .returning({ id: companyInvitations.id });
  if (deleted.length === 0) throw notFound('Invitation not found');
}

/** The open invitation a token names, with its company; a clear 404 or 410-like 400 otherwise. */
async function openInvitation(ctx: AppContext, token: string) {
  const [row] = await ctx.db
    .select({ invitation: companyInvitations, companyName: companies.name })
    .from(companyInvitations)
    .innerJoin(companies, eq(companies.id, companyInvitations.companyId))
    .where(and(eq(companyInvitations.tokenHash, hashToken(token)), isNull(companyInvitations.acceptedAt)))
    .limit(1);
  if (!row) throw notFound(INVALID_LINK);
  if (row.invitation.expiresAt <= now()) throw new AppError('BAD_REQUEST', EXPIRED_LINK);
  return row;
}

/** GET /api/invitations/{token}: what the accept page shows before anyone signs in. */
export async function previewInvitation(ctx: AppContext, token: string): Promise<InvitationPreview> {
  const { invitation, companyName } = await openInvitation(ctx, token);
  return {
    companyName,
    email: invitation.email,
    role: invitation.role,
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

/**
 * Makes the user a member and uses the invitation up, in one transaction: a link used twice at
 * once, or a user joining two companies at once, makes one membership (the unique user id and
 * the guarded update).
 */
async function join(
  ctx: AppContext,
  user: { id: string; email: string; firstName: string | null; lastName: string | null },
  token: string,
) {
  const { invitation, companyName } = await openInvitation(ctx, token);
  if (invitation.email.toLowerCase() !== user.email.toLowerCase()) {
    throw new AppError(
      'FORBIDDEN',
      `This invitation was sent to ${invitation.email}. Sign in with that address to accept it.`,
    );
  }
  const current = await findMembership(ctx.db, user.id);
  if (current) {
    throw new AppError(
      'CONFLICT',
      current.company.id === invitation.companyId
        ? `You are already a member of ${companyName}.`
        : `Your account already belongs to ${current.company.name}. An account works for one company.`,
    );
  }
  try {
    await ctx.db.transaction(async (tx) => {
      const used = await tx
        .update(companyInvitations)
        .set({ acceptedAt: now() })
        .where(
          and(
            eq(companyInvitations.id, invitation.id),
            isNull(companyInvitations.acceptedAt),
            gt(companyInvitations.expiresAt, now()),
          ),
        )
        .returning({ id: companyInvitations.id });
      if (used.length === 0) throw notFound(INVALID_LINK);
      await tx
        .insert(companyMembers)
        .values({ companyId: invitation.companyId, userId: user.id, role: invitation.role });
      await recordAudit(tx, {
        companyId: invitation.companyId,
        actor: user,
        action: 'member_joined',
        subjectId: user.id,
        detail: { email: user.email, role: invitation.role },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('CONFLICT', 'Your account already belongs to a company.');
    throw error;
  }
}

/** POST /api/invitations/accept: the signed-in user joins. */
export async function acceptInvitation(
  ctx: AppContext,
  { user, token }: { user: SessionUser; token: string },
) {
  await join(ctx, user, token);
}

/**
 * POST /api/invitations/signup: a new account from the invitation, signed in at once. The link
 * came to the address, so the address counts as verified. An address that has an account signs
 * in instead.
 */
export async function signUpFromInvitation(
  ctx: AppContext,
  { input, headers }: { input: InvitationSignupBody; headers: Headers },
): Promise<{ user: AuthUser; cookies: string[] }> {
  const { invitation } = await openInvitation(ctx, input.token);
  const email = invitation.email.toLowerCase();
  const [existing] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (existing) {
    throw new AppError(
      'CONFLICT',
      `An account for ${email} already exists. Sign in to accept the invitation.`,
    );
  }
  const user = await createPasswordUser(ctx, { ...input, email }, headers);
  // better-auth answers a sign-up that lost a race for the same address with a made-up user.
  const verified = await ctx.db
    .update(users)
    .set({ emailVerified: true })
    .where(and(eq(users.id, user.id), eq(users.email, email)))
    .returning({ id: users.id });
  if (verified.length === 0) {
    throw new AppError(
      'CONFLICT',
      `An account for ${email} already exists. Sign in to accept the invitation.`,
    );
  }
  try {
    await join(
      ctx,
      { id: user.id, email, firstName: input.firstName, lastName: input.lastName },
      input.token,
    );
  } catch (error) {
    // All or nothing: signing up again from the link simply works.
    await ctx.db.delete(users).where(eq(users.id, user.id));
    throw error;
  }
  return logIn(ctx, { input: { email, password: input.password }, headers });
}
