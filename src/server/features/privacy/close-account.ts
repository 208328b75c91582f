import { isAPIError } from 'better-auth/api';
import { eq, inArray, or } from 'drizzle-orm';
import {
  analyticsEvents,
  auditEvents,
  type Company,
  chatTranscripts,
  companies,
  companyInvitations,
  companyMembers,
  devEmails,
  leadActivity,
  leads,
  properties,
  propertyPhotos,
  users,
  verifications,
} from '#server/db/schema.ts';
import { deleteCompanyConversations } from '#server/features/conversations/index.ts';
import type { AppContext } from '#server/lib/context.ts';
import { AppError } from '#server/lib/errors.ts';
import { isLocalSubscriptionId } from '#server/lib/stripe.ts';
import type { CloseAccountRequest } from '#shared/schemas/privacy.ts';
import { chatLinkPaths } from './export.ts';

/** Stripe statuses that may still charge the card. */
const liveSubscriptionStatuses = new Set(['active', 'trialing', 'past_due', 'unpaid', 'incomplete']);

export const WRONG_NAME = 'The name does not match your company name';
export const WRONG_PASSWORD = 'That password is not correct';

/**
 * Closes the account: the user, their sessions and sign-in accounts, the company and everything
 * it holds (properties and their photos, leads and their activity, transcripts, conversations,
 * its chat links' analytics, emails still waiting to be sent) are erased. Payment records are
 * Stripe's to keep, by law; LetLead keeps
 * nothing. Answers the cookies that sign the browser out.
 */
export async function closeAccount(
  ctx: AppContext,
  {
    userId,
    company,
    input,
    headers,
  }: { userId: string; company: Company; input: CloseAccountRequest; headers: Headers },
): Promise<{ cookies: string[] }> {
  if (input.confirm.trim() !== company.name.trim()) {
    throw new AppError('BAD_REQUEST', WRONG_NAME, { errors: { confirm: WRONG_NAME } });
  }
  await verifyPassword(ctx, input.password, headers);
  assertNoLiveSubscription(company);

  const [user] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  const addresses = [user?.email, company.email].filter((address): address is string => Boolean(address));

  await ctx.db.transaction(async (tx) => {
    // Children first, explicitly: the erasure must not depend on every foreign key cascading.
    await tx.delete(leadActivity).where(eq(leadActivity.companyId, company.id));
    await tx.delete(leads).where(eq(leads.companyId, company.id));
    await tx.delete(chatTranscripts).where(eq(chatTranscripts.companyId, company.id));
    await deleteCompanyConversations(tx, company.id);
    await tx.delete(propertyPhotos).where(eq(propertyPhotos.companyId, company.id));
    await tx.delete(properties).where(eq(properties.companyId, company.id));
    await tx.delete(analyticsEvents).where(chatLinkPaths(company.slug));
    if (addresses.length > 0) await tx.delete(devEmails).where(inArray(devEmails.to, addresses));
    // Password reset tokens carry the user id as their value; verification may key on the email.
    await tx
      .delete(verifications)
      .where(
        addresses.length > 0
          ? or(eq(verifications.value, userId), inArray(verifications.identifier, addresses))
          : eq(verifications.value, userId),
      );
    // The team: its members keep their own sign-in, without a company.
    await tx.delete(auditEvents).where(eq(auditEvents.companyId, company.id));
    await tx.delete(companyInvitations).where(eq(companyInvitations.companyId, company.id));
    await tx.delete(companyMembers).where(eq(companyMembers.companyId, company.id));
    await tx.delete(companies).where(eq(companies.id, company.id));
    // Sessions and sign-in accounts (with the password hash) go with the user by cascade.
    await tx.delete(users).where(eq(users.id, userId));
  });

  await ctx.events.emit('company.changed', { companyId: company.id });
  await dropQueuedEmails(ctx, addresses);
  ctx.log.info({ companyId: company.id }, 'Account closed and erased');

  // The session row is already gone; signing out still answers the cookies that clear it.
  const signedOut = await ctx.auth.api.signOut({ headers, returnHeaders: true });
  return { cookies: signedOut.headers.getSetCookie() };
}

async function verifyPassword(ctx: AppContext, password: string, headers: Headers): Promise<void> {
  try {
    await ctx.auth.api.verifyPassword({ body: { password }, headers });
  } catch (error) {
    if (!isAPIError(error)) throw error;
    if (error.statusCode === 401) throw new AppError('UNAUTHORIZED', 'Unauthorized');
    throw new AppError('BAD_REQUEST', WRONG_PASSWORD, { errors: { password: WRONG_PASSWORD } });
  }
}

/**
 * A subscription that still charges must be cancelled in Stripe before its company disappears:
 * otherwise nobody could reach it from LetLead again.
 */
function assertNoLiveSubscription(company: Company): void {
  const subscriptionId = company.stripeSubscriptionId;
  if (!subscriptionId || isLocalSubscriptionId(subscriptionId)) return;
  if (company.cancelAtPeriodEnd) return;
  if (!liveSubscriptionStatuses.has(company.subscriptionStatus ?? '')) return;
  throw new AppError(
    'CONFLICT',
    'Your subscription is still active. Cancel it under Manage Subscription first, then close your account.',
  );
}

/**
 * Emails still waiting in the job queue (a retry after an SMTP failure) to these addresses would
 * otherwise be delivered after the account is gone.
 */
async function dropQueuedEmails(ctx: AppContext, addresses: string[]): Promise<void> {
  if (addresses.length === 0) return;
  try {
    await ctx.database.execute(
      `delete from pgboss.job where name = 'email' and data->>'to' = any($1::text[])`,
      [addresses],
    );
  } catch (error) {
    ctx.log.warn({ err: error }, 'Could not drop queued emails of a closed account');
  }
}
