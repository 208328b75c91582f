import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { companies, properties, type Viewing, viewings } from '#server/db/schema.ts';
import { now } from '#server/lib/clock.ts';
import type { AppContext } from '#server/lib/context.ts';
import { AppError, badRequest, notFound } from '#server/lib/errors.ts';
import { INVALID_VIEWING_LINK, type ManagedViewing } from '#shared/schemas/viewings.ts';
import { longTimeLabel, timeLabel, toViewingTime } from '#shared/viewing-times.ts';
import { closeViewing, freeTimesFor, loadBookingRules, matchTime, moveViewing } from './booking.ts';
import { findAgency, viewingInvitation } from './emails.ts';
import { notifyViewing } from './notify.ts';

const viewingNotFound = () => notFound(INVALID_VIEWING_LINK);

async function findByToken(ctx: AppContext, token: string): Promise<Viewing> {
  const [viewing] = await ctx.db.select().from(viewings).where(eq(viewings.manageToken, token)).limit(1);
  if (!viewing) throw viewingNotFound();
  return viewing;
}

/** Times the viewing may move to: the property's free ones, its own start left out. */
export async function movableTimes(ctx: AppContext, viewing: Viewing) {
  if (viewing.status !== 'booked' || viewing.startsAt <= now() || !viewing.propertyId) return [];
  const rules = await loadBookingRules(ctx.db, viewing.propertyId);
  if (!rules) return [];
  const times = await freeTimesFor(ctx.db, rules, { excludeViewingId: viewing.id });
  return times.filter((time) => Date.parse(time.startsAt) !== viewing.startsAt.getTime());
}

/** GET /api/viewings/manage/{token} */
export async function getManagedViewing(ctx: AppContext, token: string): Promise<ManagedViewing> {
  const viewing = await findByToken(ctx, token);
  const [company] = await ctx.db
    .select({ name: companies.name, email: companies.email, phone: companies.phone })
    .from(companies)
    .where(eq(companies.id, viewing.companyId));
  const [property] = viewing.propertyId
    ? await ctx.db
        .select({ chatbotUrl: properties.chatbotUrl })
        .from(properties)
        .where(eq(properties.id, viewing.propertyId))
    : [];
  return {
    status: viewing.status,
    startsAt: toViewingTime(viewing.startsAt).startsAt,
    label: timeLabel(viewing.startsAt),
    longLabel: longTimeLabel(viewing.startsAt),
    isPast: viewing.startsAt <= now(),
    endsAt: toViewingTime(viewing.endsAt).startsAt,
    minutes: Math.round((viewing.endsAt.getTime() - viewing.startsAt.getTime()) / 60_000),
    tenantName: viewing.tenantName,
    confirmedAt: viewing.confirmedAt?.toISOString() ?? null,
    property: { name: viewing.propertyName, address: viewing.propertyAddress },
    rebookUrl: property?.chatbotUrl ?? null,
    company: { name: company?.name ?? '', email: company?.email ?? null, phone: company?.phone ?? null },
    slots: await movableTimes(ctx, viewing),
  };
}

/** GET /api/viewings/manage/{token}/calendar.ics: the viewing to add to the tenant's calendar. */
export async function managedViewingCalendar(ctx: AppContext, token: string): Promise<string> {
  const viewing = await findByToken(ctx, token);
  const agency = await findAgency(ctx, viewing.companyId);
  return viewingInvitation(
    ctx,
    viewing,
    agency ?? { name: '', to: '', phone: null },
    viewing.status === 'cancelled' || viewing.status === 'released' ? 'CANCEL' : 'REQUEST',
  ).content;
}

function requireChangeable(viewing: Viewing): void {
  if (viewing.status === 'cancelled' || viewing.status === 'released')
    throw new AppError('CONFLICT', 'This viewing has been cancelled.');
  if (viewing.status !== 'booked' || viewing.startsAt <= now()) {
    throw new AppError('CONFLICT', 'This viewing has already taken place.');
  }
}

/**
 * Moves a viewing to another free time (the tenant's manage page, or the agent). Answers 409
 * when the time went meanwhile, with the message the page shows.
 */
export async function rescheduleViewing(
  ctx: AppContext,
  viewing: Viewing,
  startsAt: string,
  by: 'tenant' | 'agent',
  actorUserId?: string,
): Promise<Viewing> {
  requireChangeable(viewing);
  if (!viewing.propertyId) throw new AppError('CONFLICT', 'This property no longer takes viewings.');
  const rules = await loadBookingRules(ctx.db, viewing.propertyId);
  if (!rules) throw new AppError('CONFLICT', 'This property no longer takes viewings.');
  const time = matchTime(await freeTimesFor(ctx.db, rules, { excludeViewingId: viewing.id }), startsAt);
  if (!time) {
    if (Number.isNaN(Date.parse(startsAt))) throw badRequest('Choose a new time');
    throw new AppError('CONFLICT', 'Sorry, that time is no longer free. Please choose another.');
  }
  if (Date.parse(time.startsAt) === viewing.startsAt.getTime()) return viewing;
  const moved = await moveViewing(ctx, { viewing, rules, startsAt: new Date(time.startsAt) });
  if (!moved) throw new AppError('CONFLICT', 'Sorry, that time is no longer free. Please choose another.');
  await notifyViewing(ctx, moved, { kind: 'rescheduled', by, previous: viewing.startsAt, actorUserId });
  return moved;
}

export async function rescheduleByToken(ctx: AppContext, token: string, startsAt: string) {
  await rescheduleViewing(ctx, await findByToken(ctx, token), startsAt, 'tenant');
  return getManagedViewing(ctx, token);
}

/** POST /api/viewings/manage/{token}/confirm: the tenant is coming (the email's one-tap button). */
export async function confirmByToken(ctx: AppContext, token: string) {
  await confirmViewing(ctx, await findByToken(ctx, token));
  return getManagedViewing(ctx, token);
}

export async function cancelByToken(ctx: AppContext, token: string) {
  const viewing = await findByToken(ctx, token);
  if (viewing.status === 'booked' && viewing.startsAt > now()) {
    const cancelled = await closeViewing(ctx, viewing.id, 'cancelled');
    if (cancelled) await notifyViewing(ctx, cancelled, { kind: 'cancelled', by: 'tenant' });
  } else if (viewing.status !== 'cancelled' && viewing.status !== 'released') {
    requireChangeable(viewing);
  }
  return getManagedViewing(ctx, token);
}

/**
 * A property is deleted: its future viewings are cancelled and each tenant is told (called
 * before the property row goes, while it still names the company).
 */
export async function cancelPropertyViewings(ctx: AppContext, propertyId: string): Promise<number> {
  // The cancellation's SEQUENCE is one more than the invitation the tenant holds.
  const cancelled = await ctx.db
    .update(viewings)
    .set({ status: 'cancelled', sequence: sql`${viewings.sequence} + 1`, updatedAt: now() })
    .where(
      and(eq(viewings.propertyId, propertyId), eq(viewings.status, 'booked'), gt(viewings.startsAt, now())),
    )
    .returning();
  for (const viewing of cancelled) await notifyViewing(ctx, viewing, { kind: 'cancelled', by: 'property' });
  return cancelled.length;
}

/**
 * The tenant confirms (their thread, the email's button, the manage page): `confirmedAt` is set
 * once, the lead and the company's webhooks hear of it. A viewing already confirmed stays as it is.
 */
export async function confirmViewing(ctx: AppContext, viewing: Viewing): Promise<Viewing> {
  if (viewing.status === 'cancelled' || viewing.status === 'released') {
    throw new AppError('CONFLICT', 'This viewing has been cancelled.');
  }
  if (viewing.status !== 'booked' || viewing.startsAt <= now()) {
    throw new AppError('CONFLICT', 'This viewing has already taken place.');
  }
  const [confirmed] = await ctx.db
    .update(viewings)
    .set({ confirmedAt: now(), changeOfferedAt: null, updatedAt: now() })
    .where(and(eq(viewings.id, viewing.id), eq(viewings.status, 'booked'), isNull(viewings.confirmedAt)))
    .returning();
  if (!confirmed) return viewing;
  await notifyViewing(ctx, confirmed, { kind: 'confirmed' });
  return confirmed;
}
