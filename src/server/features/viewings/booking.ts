import { randomBytes } from 'node:crypto';
import { and, asc, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client.ts';
import { companies, properties, type Viewing, viewings } from '#server/db/schema.ts';
import { isUniqueViolation } from '#server/db/unique-slug.ts';
import type { ChatProperty, CompanyDirectory } from '#server/features/directory/index.ts';
import { now } from '#server/lib/clock.ts';
import type { AppContext } from '#server/lib/context.ts';
import { retryTransient } from '#server/lib/transient.ts';
import {
  DEFAULT_VIEWING_SCHEDULE,
  type ViewingSchedule,
  type ViewingSettings,
} from '#shared/schemas/viewings.ts';
import { effectiveRules, freeTimes, takesBookings, type ViewingTime } from '#shared/viewing-times.ts';

/** What decides a property's times: the company's schedule and the property's own settings. */
export type BookingRules = {
  companyId: string;
  propertyId: string;
  propertyName: string;
  propertyAddress: string;
  vacancyDate: string | null;
  schedule: ViewingSchedule;
  settings: ViewingSettings | null;
};

type Reader = Pick<Db, 'select'>;

export async function loadBookingRules(db: Reader, propertyId: string): Promise<BookingRules | null> {
  const [row] = await db
    .select({
      companyId: properties.companyId,
      propertyId: properties.id,
      propertyName: properties.propertyName,
      propertyAddress: properties.propertyAddress,
      vacancyDate: properties.vacancyDate,
      settings: properties.viewingSettings,
      schedule: companies.viewingSchedule,
    })
    .from(properties)
    .innerJoin(companies, eq(companies.id, properties.companyId))
    .where(eq(properties.id, propertyId))
    .limit(1);
  if (!row) return null;
  return { ...row, schedule: row.schedule ?? DEFAULT_VIEWING_SCHEDULE };
}

/** The live bookings of a property from now on, as the booking rules count them. */
async function liveStarts(db: Reader, propertyId: string, from: Date, excludeId?: string) {
  const rows = await db
    .select({ id: viewings.id, startsAt: viewings.startsAt })
    .from(viewings)
    .where(
      and(eq(viewings.propertyId, propertyId), eq(viewings.status, 'booked'), gte(viewings.startsAt, from)),
    )
    .orderBy(asc(viewings.startsAt));
  return rows.filter((row) => row.id !== excludeId).map((row) => ({ startsAt: row.startsAt }));
}

/** Every free time of a property now (a viewing being moved does not hold its own start). */
export async function freeTimesFor(
  db: Reader,
  rules: BookingRules,
  options: { excludeViewingId?: string } = {},
): Promise<ViewingTime[]> {
  if (!takesBookings(rules.schedule, rules.settings)) return [];
  const at = now();
  return freeTimes({
    schedule: rules.schedule,
    overrides: rules.settings,
    bookings: await liveStarts(db, rules.propertyId, at, options.excludeViewingId),
    now: at,
    vacancyDate: rules.vacancyDate,
  });
}

/**
 * The rules as the chat reads them every turn: from the company's directory, which the chat keeps
 * per process for a few seconds, so a company without a schedule (most of them) costs the chat no
 * query at all. The bookings are always read fresh, and the booking itself is guarded in the
 * database.
 */
export function bookingRulesOf(directory: CompanyDirectory, property: ChatProperty): BookingRules {
  return {
    companyId: directory.company.id,
    propertyId: property.id,
    propertyName: property.name,
    propertyAddress: property.address,
    vacancyDate: property.vacancyDate,
    schedule: directory.viewingSchedule ?? DEFAULT_VIEWING_SCHEDULE,
    settings: directory.listings.get(property.id)?.viewingSettings ?? null,
  };
}

/** A viewing this close is confirmed by its booking: there is no day-before request to answer. */
export const CONFIRM_AHEAD_MS = 24 * 3_600_000;

/** When a viewing (re)booked now for `startsAt` counts as confirmed: now if it is within a day. */
export function confirmedWhenBooked(startsAt: Date): Date | null {
  const at = now();
  return startsAt.getTime() - at.getTime() < CONFIRM_AHEAD_MS ? at : null;
}

export function newManageToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Serialises every write that fills a property's start: the capacity check and the write that
 * follows it run under this transaction-level lock, on whichever instance they run.
 */
async function lockTime(tx: Tx, propertyId: string, startsAt: Date): Promise<void> {
  const key = `viewing:${propertyId}:${startsAt.toISOString()}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

async function partiesAt(tx: Tx, propertyId: string, startsAt: Date): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(viewings)
    .where(
      and(
        eq(viewings.propertyId, propertyId),
        eq(viewings.startsAt, startsAt),
        eq(viewings.status, 'booked'),
      ),
    );
  return row?.count ?? 0;
}

/**
 * Runs `write` in a transaction under the start's lock, only while the property has room at that
 * start for one more party (`partiesPerSlot`); null when the start is full or `write` wrote nothing.
 */
function writeWhileRoomAt<Row>(
  ctx: AppContext,
  label: string,
  rules: BookingRules,
  startsAt: Date,
  write: (tx: Tx) => Promise<Row | undefined>,
): Promise<Row | null> {
  const parties = effectiveRules(rules.schedule, rules.settings).partiesPerSlot;
  return retryTransient(ctx, label, () =>
    ctx.db.transaction(async (tx) => {
      await lockTime(tx, rules.propertyId, startsAt);
      if ((await partiesAt(tx, rules.propertyId, startsAt)) >= parties) return null;
      return (await write(tx)) ?? null;
    }),
  );
}

/** When a viewing from `startsAt` ends: one viewing length later. */
function viewingEnd(rules: BookingRules, startsAt: Date): Date {
  return new Date(startsAt.getTime() + rules.schedule.slotMinutes * 60_000);
}

export type BookResult =
  | { kind: 'booked'; viewing: Viewing }
  | { kind: 'taken' }
  /** The conversation holds a live viewing already (e.g. the same pick sent twice). */
  | { kind: 'already'; viewing: Viewing };

/**
 * Books a time for a conversation: at most `partiesPerSlot` live viewings per property and start
 * (the count and insert under the start time's advisory lock) and at most one live viewing per
 * conversation (the partial unique index). The caller has checked that the time is one of the
 * property's free times.
 */
export async function bookViewing(
  ctx: AppContext,
  input: {
    rules: BookingRules;
    conversationId: string | null;
    startsAt: Date;
    tenant: { name: string | null; email: string | null; phone: string | null };
  },
): Promise<BookResult> {
  const { rules, startsAt } = input;
  try {
    const viewing = await writeWhileRoomAt(ctx, 'viewings.book', rules, startsAt, async (tx) => {
      const [row] = await tx
        .insert(viewings)
        .values({
          companyId: rules.companyId,
          propertyId: rules.propertyId,
          conversationId: input.conversationId,
          propertyName: rules.propertyName,
          propertyAddress: rules.propertyAddress,
          startsAt,
          endsAt: viewingEnd(rules, startsAt),
          manageToken: newManageToken(),
          tenantName: input.tenant.name,
          tenantEmail: input.tenant.email,
          tenantPhone: input.tenant.phone,
          confirmedAt: confirmedWhenBooked(startsAt),
        })
        .returning();
      return row;
    });
    return viewing ? { kind: 'booked', viewing } : { kind: 'taken' };
  } catch (error) {
    if (!isUniqueViolation(error) || !input.conversationId) throw error;
    const [existing] = await ctx.db
      .select()
      .from(viewings)
      .where(and(eq(viewings.conversationId, input.conversationId), eq(viewings.status, 'booked')));
    if (!existing) throw error;
    return { kind: 'already', viewing: existing };
  }
}

/**
 * Moves a live viewing to another start under the same guard as a booking. The invitation's
 * SEQUENCE goes up and the new time has a schedule of its own: a confirmation request the day
 * before (none when it is within a day: then it counts as confirmed). Null when the time is full
 * (or the viewing is no longer live).
 */
export async function moveViewing(
  ctx: AppContext,
  input: { viewing: Viewing; rules: BookingRules; startsAt: Date },
): Promise<Viewing | null> {
  const { viewing, rules, startsAt } = input;
  return writeWhileRoomAt(ctx, 'viewings.move', rules, startsAt, async (tx) => {
    const [row] = await tx
      .update(viewings)
      .set({
        startsAt,
        endsAt: viewingEnd(rules, startsAt),
        sequence: sql`${viewings.sequence} + 1`,
        reminderSentAt: null,
        confirmedAt: confirmedWhenBooked(startsAt),
        changeOfferedAt: null,
        updatedAt: now(),
      })
      .where(and(eq(viewings.id, viewing.id), eq(viewings.status, 'booked')))
      .returning();
    return row;
  });
}

/**
 * Ends a live viewing (cancelled, released, attended, no-show); null when it was not live any
 * more. `unconfirmed`: only while the tenant has not confirmed (a release).
 */
export async function closeViewing(
  ctx: AppContext,
  viewingId: string,
  status: 'cancelled' | 'released' | 'attended' | 'no_show',
  options: { unconfirmed?: boolean } = {},
): Promise<Viewing | null> {
  const [row] = await retryTransient(ctx, 'viewings.close', () =>
    ctx.db
      .update(viewings)
      .set({
        status,
        // A cancellation is a change the tenant's calendar applies (METHOD:CANCEL with a new SEQUENCE).
        ...(status === 'cancelled' || status === 'released'
          ? { sequence: sql`${viewings.sequence} + 1` }
          : {}),
        updatedAt: now(),
      })
      .where(
        and(
          eq(viewings.id, viewingId),
          eq(viewings.status, 'booked'),
          options.unconfirmed ? isNull(viewings.confirmedAt) : undefined,
        ),
      )
      .returning(),
  );
  return row ?? null;
}

/** Finds the free time a request names (by its instant), or null when it is not free now. */
export function matchTime(times: ViewingTime[], startsAt: string): ViewingTime | null {
  const at = Date.parse(startsAt);
  if (Number.isNaN(at)) return null;
  return times.find((time) => Date.parse(time.startsAt) === at) ?? null;
}
