import { and, count, desc, gte, like, lt, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { analyticsEvents } from '#server/db/schema.ts';
import type { AnalyticsEvent } from '#shared/schemas/analytics.ts';

/** The host of a referrer URL, lower case; nothing for an empty or malformed one. */
export function referrerHost(referrer: string | null | undefined): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.host.toLowerCase() : null;
  } catch {
    return null;
  }
}

/**
 * Stores page views and web vitals. Only the path, the referrer's host, the metric and its value
 * are kept: no IP address, no user agent, no identifier that could follow a visitor.
 */
export async function recordAnalyticsEvents(db: Db, events: AnalyticsEvent[]): Promise<void> {
  await db
    .insert(analyticsEvents)
    .values(
      events.map((event) =>
        event.kind === 'pageview'
          ? { kind: event.kind, path: event.path, referrerHost: referrerHost(event.referrer) }
          : { kind: event.kind, path: event.path, metric: event.metric, value: event.value },
      ),
    );
}

export type PathViews = { path: string; views: number };

/**
 * Page views per path, most viewed first, e.g. a company's agent links
 * (`pathPrefix: '/chatbot/riverside-lettings'`) for its dashboard.
 */
export async function analyticsViewsByPath(
  db: Db,
  {
    pathPrefix,
    since,
    until,
    limit = 100,
  }: { pathPrefix?: string; since?: Date; until?: Date; limit?: number } = {},
): Promise<PathViews[]> {
  const conditions = [sql`${analyticsEvents.kind} = 'pageview'`];
  if (pathPrefix) conditions.push(like(analyticsEvents.path, `${escapeLike(pathPrefix)}%`));
  if (since) conditions.push(gte(analyticsEvents.createdAt, since));
  if (until) conditions.push(lt(analyticsEvents.createdAt, until));
  const views = count();
  const rows = await db
    .select({ path: analyticsEvents.path, views })
    .from(analyticsEvents)
    .where(and(...conditions))
    .groupBy(analyticsEvents.path)
    .orderBy(desc(views), analyticsEvents.path)
    .limit(limit);
  return rows.map((row) => ({ path: row.path, views: Number(row.views) }));
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
