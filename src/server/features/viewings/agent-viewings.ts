import { randomBytes } from 'node:crypto';
import { and, asc, eq, gte, lt, ne } from 'drizzle-orm';
import ical, { ICalEventStatus } from 'ical-generator';
import { type Company, companies, leads, properties, type Viewing, viewings } from '#server/db/schema.ts';
import { now } from '#server/lib/clock.ts';
import { findCompanyRow } from '#server/lib/company-row.ts';
import type { AppContext } from '#server/lib/context.ts';
import { escapeHtml } from '#server/lib/email-templates.ts';
import { AppError, badRequest, notFound } from '#server/lib/errors.ts';
import { formatUkPhone } from '#shared/format/phone.ts';
import {
  type AgentViewing,
  type AgentViewingList,
  type CalendarFeed,
  DEFAULT_VIEWING_SCHEDULE,
  type UpdateViewing,
  type ViewingSchedule,
} from '#shared/schemas/viewings.ts';
import { londonDate, londonInstant, longTimeLabel, timeLabel, toViewingTime } from '#shared/viewing-times.ts';
import { closeViewing } from './booking.ts';
import { findAgency, viewingEventTimes } from './emails.ts';
import { rescheduleViewing } from './manage.ts';
import { notifyViewing } from './notify.ts';

// ---- The schedule ----

export function getViewingSchedule(company: Company): ViewingSchedule {
  return company.viewingSchedule ?? DEFAULT_VIEWING_SCHEDULE;
}

export async function saveViewingSchedule(
  ctx: AppContext,
  company: Company,
  schedule: ViewingSchedule,
): Promise<ViewingSchedule> {
  const windows = [...schedule.windows].sort((a, b) => a.day - b.day || a.start.localeCompare(b.start));
  const saved = { ...schedule, windows };
  await ctx.db
    .update(companies)
    .set({ viewingSchedule: saved, updatedAt: now() })
    .where(eq(companies.id, company.id));
  await ctx.events.emit('company.changed', { companyId: company.id });
  return saved;
}

// ---- The Viewings tab ----

const DAY_MS = 86_400_000;

function dayStart(date: string): Date {
  return londonInstant(date, 0) ?? new Date(`${date}T00:00:00Z`);
}

/** GET /api/companies/{id}/viewings?from=&to= (London days, inclusive; default: today + 6 days). */
export async function listViewings(
  ctx: AppContext,
  company: Company,
  range: { from?: string; to?: string },
): Promise<AgentViewingList> {
  const from = range.from ?? londonDate(now());
  const to = range.to ?? londonDate(new Date(dayStart(from).getTime() + 6 * DAY_MS + 12 * 3_600_000));
  if (to < from) throw badRequest('The end date must be on or after the start date');
  const start = dayStart(from);
  const endExclusive = dayStart(londonDate(new Date(dayStart(to).getTime() + DAY_MS + 12 * 3_600_000)));
  if (endExclusive.getTime() - start.getTime() > 93 * DAY_MS)
    throw badRequest('Choose at most 3 months at once');
  const rows = await ctx.db
    .select({
      viewing: viewings,
      leadId: leads.id,
      score: leads.score,
      source: leads.source,
      propertySlug: properties.slug,
    })
    .from(viewings)
    .leftJoin(leads, eq(leads.conversationId, viewings.conversationId))
    .leftJoin(properties, eq(properties.id, viewings.propertyId))
    .where(
      and(
        eq(viewings.companyId, company.id),
        gte(viewings.startsAt, start),
        lt(viewings.startsAt, endExclusive),
      ),
    )
    .orderBy(asc(viewings.startsAt));
  return {
    viewings: rows.map((row) =>
      toAgentViewing(row.viewing, row.leadId, row.score, row.propertySlug, row.source),
    ),
  };
}

export function toAgentViewing(
  viewing: Viewing,
  leadId: string | null,
  score: number | null,
  propertySlug: string | null,
  source: string | null = null,
): AgentViewing {
  return {
    id: viewing.id,
    status: viewing.status,
    startsAt: toViewingTime(viewing.startsAt).startsAt,
    label: timeLabel(viewing.startsAt),
    tenantName: viewing.tenantName,
    tenantEmail: viewing.tenantEmail,
    tenantPhone: viewing.tenantPhone,
    propertyId: viewing.propertyId,
    propertySlug,
    propertyName: viewing.propertyName,
    leadId,
    score,
    confirmedAt: viewing.confirmedAt?.toISOString() ?? null,
    source,
  };
}

/** The viewing of the signed-in agent's company, or a 404 exactly as if it did not exist. */
async function findOwnViewing(ctx: AppContext, companyId: string, viewingId: string): Promise<Viewing> {
  return findCompanyRow(ctx.db, viewings, { companyId, id: viewingId }, 'Viewing not found');
}

/**
 * PATCH /api/viewings/{id}: attended, no-show, cancelled (the tenant is told), or moved
 * (`startsAt`, to one of the property's free times; the tenant gets the updated invitation).
 */
export async function updateViewing(
  ctx: AppContext,
  company: Company,
  viewingId: string,
  input: UpdateViewing,
  actorUserId?: string,
): Promise<AgentViewing> {
  const viewing = await findOwnViewing(ctx, company.id, viewingId);
  let updated: Viewing | null = viewing;
  if (input.startsAt) {
    if (input.status !== 'booked') throw badRequest('To move a viewing, send status "booked" with startsAt');
    updated = await rescheduleViewing(ctx, viewing, input.startsAt, 'agent', actorUserId);
  } else if (input.status === 'booked') {
    if (viewing.status !== 'booked') throw new AppError('CONFLICT', 'A closed viewing cannot be reopened.');
  } else if (viewing.status !== input.status) {
    if (viewing.status !== 'booked') {
      throw new AppError('CONFLICT', `This viewing is already marked ${viewing.status.replace('_', '-')}.`);
    }
    if (input.status !== 'cancelled' && viewing.startsAt > now()) {
      throw new AppError('CONFLICT', 'A viewing can be marked attended or no-show once its time has come.');
    }
    updated = await closeViewing(ctx, viewing.id, input.status);
    if (!updated) throw new AppError('CONFLICT', 'This viewing changed meanwhile. Refresh and try again.');
    if (input.status === 'cancelled') {
      await notifyViewing(ctx, updated, { kind: 'cancelled', by: 'agent', actorUserId });
    }
  }
  const [lead] = updated.conversationId
    ? await ctx.db
        .select({ id: leads.id, score: leads.score, source: leads.source })
        .from(leads)
        .where(and(eq(leads.conversationId, updated.conversationId), eq(leads.companyId, company.id)))
        .limit(1)
    : [];
  // The pipeline follows the viewing: the lead moves on to "viewed" (forwards only).
  if (input.status === 'attended' && viewing.status === 'booked') {
    await ctx.events.emit('viewing.attended', { viewing: updated, leadId: lead?.id ?? null, actorUserId });
  }
  const [property] = updated.propertyId
    ? await ctx.db
        .select({ slug: properties.slug })
        .from(properties)
        .where(eq(properties.id, updated.propertyId))
    : [];
  return toAgentViewing(
    updated,
    lead?.id ?? null,
    lead?.score ?? null,
    property?.slug ?? null,
    lead?.source ?? null,
  );
}

// ---- The private calendar feed ----

export function feedUrl(ctx: AppContext, token: string): string {
  return `${ctx.env.appUrl}/api/calendar/${token}.ics`;
}

export async function getCalendarFeed(ctx: AppContext, company: Company): Promise<CalendarFeed> {
  if (company.calendarFeedToken) return { url: feedUrl(ctx, company.calendarFeedToken) };
  return replaceCalendarFeed(ctx, company);
}

/** A new secret address: calendars subscribed to the old one stop receiving viewings. */
export async function replaceCalendarFeed(ctx: AppContext, company: Company): Promise<CalendarFeed> {
  const token = randomBytes(32).toString('base64url');
  await ctx.db
    .update(companies)
    .set({ calendarFeedToken: token, updatedAt: now() })
    .where(eq(companies.id, company.id));
  return { url: feedUrl(ctx, token) };
}

/** GET /api/calendar/{feedToken}.ics: every upcoming live viewing, and the last 30 days'. */
export async function calendarFeed(ctx: AppContext, token: string): Promise<string> {
  const [company] = await ctx.db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(eq(companies.calendarFeedToken, token))
    .limit(1);
  if (!company) throw notFound('Calendar feed not found');
  const rows = await ctx.db
    .select({ viewing: viewings, score: leads.score })
    .from(viewings)
    .leftJoin(leads, eq(leads.conversationId, viewings.conversationId))
    .where(
      and(
        eq(viewings.companyId, company.id),
        ne(viewings.status, 'cancelled'),
        gte(viewings.startsAt, new Date(now().getTime() - 30 * DAY_MS)),
      ),
    )
    .orderBy(asc(viewings.startsAt));
  const calendar = ical({
    name: `${company.name} viewings`,
    prodId: { company: 'LetLead', product: 'Viewings feed', language: 'EN' },
    ttl: 15 * 60,
  });
  for (const { viewing, score } of rows) {
    const tenant = viewing.tenantName ?? 'Tenant';
    calendar.createEvent({
      ...viewingEventTimes(ctx, viewing),
      summary: `Viewing: ${viewing.propertyName} with ${tenant}`,
      location: viewing.propertyAddress,
      description: [
        `${tenant}${score !== null ? ` (score ${score}/10)` : ''}`,
        viewing.tenantPhone ? `Phone: ${formatUkPhone(viewing.tenantPhone)}` : null,
        viewing.tenantEmail ? `Email: ${viewing.tenantEmail}` : null,
        viewing.status !== 'booked' ? `Marked ${viewing.status.replace('_', '-')}` : null,
      ]
        .filter(Boolean)
        .join('\n'),
      status: ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}

// ---- The daily agenda ----

export const VIEWING_AGENDA_JOB = 'viewings.agenda';

/** 08:00 London: each company with viewings today gets the day's list. */
export async function sendDailyAgendas(ctx: AppContext): Promise<number> {
  const today = londonDate(now());
  const start = dayStart(today);
  const end = dayStart(londonDate(new Date(start.getTime() + DAY_MS + 12 * 3_600_000)));
  const rows = await ctx.db
    .select()
    .from(viewings)
    .where(and(eq(viewings.status, 'booked'), gte(viewings.startsAt, start), lt(viewings.startsAt, end)))
    .orderBy(asc(viewings.startsAt));
  const byCompany = new Map<string, Viewing[]>();
  for (const row of rows) byCompany.set(row.companyId, [...(byCompany.get(row.companyId) ?? []), row]);
  for (const [companyId, list] of byCompany) {
    const agency = await findAgency(ctx, companyId);
    if (!agency) continue;
    const day = longTimeLabel(list[0].startsAt).replace(/ at .*/, '');
    const lines = list.map((viewing) =>
      [
        timeLabel(viewing.startsAt).replace(/.*, /, ''),
        viewing.propertyName,
        viewing.tenantName ?? 'Tenant',
        viewing.tenantPhone ?? '',
      ]
        .filter(Boolean)
        .join(' · '),
    );
    const subject = `Today's viewings: ${list.length} on ${day}`;
    const url = `${ctx.env.appUrl}/?tab=viewings`;
    await ctx.sendEmail({
      to: agency.to,
      subject,
      text: `${lines.join('\n')}\n\nSee your viewings: ${url}`,
      html: `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937"><h1 style="font-size:20px">${escapeHtml(subject)}</h1><ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul><p><a href="${escapeHtml(url)}">See your viewings</a></p></body></html>`,
    });
  }
  return byCompany.size;
}
