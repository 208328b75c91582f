import { eq } from 'drizzle-orm';
import { type Company, companies } from '#server/db/schema.ts';
import { now } from '#server/lib/clock.ts';
import type { AppContext } from '#server/lib/context.ts';
import { isUuid } from '#server/lib/session.ts';
import { retryTransient } from '#server/lib/transient.ts';
import { isCreditResetDue } from '#shared/credit-cycle.ts';
import { plans, planTypes } from '#shared/plans.ts';
import { renewDueLocalSubscriptions, renewLocalSubscriptionIfDue } from './local-checkout.ts';
import { isLiveStatus, LIVE_STATUSES } from './sync-rules.ts';

/**
 * Free and unsubscribed companies get their allowance back on the anniversary of their last
 * reset (a paid subscription resets on each paid invoice instead). One statement does it, for
 * one company (the lazy check on read) or for all that are due (the daily job): it picks only
 * rows still due, skips rows another instance is resetting, and moves the reset date to the
 * latest anniversary not after `at`, with the same month-end clamping as
 * `#shared/credit-cycle.ts`. A waiting downgrade applies at the reset.
 */
function resetStatement(onlyCompanyId: boolean): string {
  const credits = `case due.plan ${planTypes.map((type) => `when '${type}' then ${plans[type].credits}`).join(' ')} else ${plans.free.credits} end`;
  const liveStatuses = LIVE_STATUSES.map((status) => `'${status}'`).join(', ');
  return `
    with due as (
      select id,
        coalesce(pending_account_type, account_type) as plan,
        date_trunc('day', coalesce(count_reset_date, created_at) at time zone 'Europe/London') as base,
        ($1::timestamptz at time zone 'Europe/London') as at_london
      from companies
      where (subscription_status is null or subscription_status not in (${liveStatuses}))
        and date_trunc('day', coalesce(count_reset_date, created_at) at time zone 'Europe/London')
          + interval '1 month' <= ($1::timestamptz at time zone 'Europe/London')
        ${onlyCompanyId ? 'and id = $2' : ''}
      for no key update skip locked
    )
    update companies c set
      account_type = due.plan,
      account_limit = ${credits},
      current_count = ${credits},
      pending_account_type = null,
      count_reset_date = (
        select (due.base + make_interval(months => max(k))) at time zone 'Europe/London'
        from generate_series(
          1,
          ((extract(year from due.at_london) - extract(year from due.base)) * 12
            + extract(month from due.at_london) - extract(month from due.base))::int
        ) as k
        where due.base + make_interval(months => k) <= due.at_london
      ),
      updated_at = $1::timestamptz
    from due
    where c.id = due.id
    returning c.id`;
}

/**
 * Brings one company's credits up to date before it is read: a due anniversary reset, and for
 * the local test checkout a subscription period that has ended. Cheap when nothing is due (one
 * indexed read); safe to call from any number of requests and instances at once.
 */
export async function refreshCreditsIfDue(ctx: AppContext, companyId: string): Promise<void> {
  // Callers may pass an id straight from the URL, before checking whose it is: a refresh only
  // does what the daily job would do anyway, but a malformed id must not reach PostgreSQL.
  if (!isUuid(companyId)) return;
  const [company] = await ctx.db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  await refreshCompany(ctx, company);
}

/** The same for the company a user owns (GET /api/auth/user knows only the user). */
export async function refreshCreditsForOwner(ctx: AppContext, ownerId: string): Promise<void> {
  const [company] = await ctx.db.select().from(companies).where(eq(companies.ownerId, ownerId)).limit(1);
  await refreshCompany(ctx, company);
}

async function refreshCompany(ctx: AppContext, company: Company | undefined): Promise<void> {
  if (!company) return;
  const at = now();
  if (await renewLocalSubscriptionIfDue(ctx, company)) return;
  if (isLiveStatus(company.subscriptionStatus)) return;
  if (!isCreditResetDue(company.countResetDate ?? company.createdAt, at)) return;
  await retryTransient(ctx, 'credits.reset', () =>
    ctx.database.execute(resetStatement(true), [at.toISOString(), company.id]),
  );
}

/** The daily job: every due free or unsubscribed company in one statement. Returns how many. */
export async function resetDueCredits(ctx: AppContext, at: Date = now()): Promise<number> {
  const renewed = await renewDueLocalSubscriptions(ctx);
  const { rows } = await retryTransient(ctx, 'credits.reset-due', () =>
    ctx.database.execute(resetStatement(false), [at.toISOString()]),
  );
  return rows.length + renewed;
}
