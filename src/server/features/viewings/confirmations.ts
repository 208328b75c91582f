import { and, asc, eq, gt, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import { parseTimePick } from '#agent/viewing.ts';
import {
  type Company,
  companies,
  leads,
  type MessagingChannel,
  type Viewing,
  type ViewingMessage,
  viewingMessages,
  viewings,
} from '#server/db/schema.ts';
import { conversationView } from '#server/features/conversations/index.ts';
import { recordLeadActivity } from '#server/features/leads/index.ts';
import type { InboundMessage } from '#server/features/messaging/index.ts';
import {
  enquiryThread,
  lastOfferedOptions,
  loadChannel,
  pickNumberedOption,
  sendToTenant,
} from '#server/features/messaging/index.ts';
import { now } from '#server/lib/clock.ts';
import type { AppContext } from '#server/lib/context.ts';
import { layoutEmail } from '#server/lib/email-templates.ts';
import { AppError } from '#server/lib/errors.ts';
import { formatUkPhone } from '#shared/format/phone.ts';
import type { QuietHours, ViewingMessageKind, ViewingMessageSettings } from '#shared/schemas/viewings.ts';
import { londonDate, longTimeLabel, spreadOverDays } from '#shared/viewing-times.ts';
import { closeViewing } from './booking.ts';
import { type Agency, findAgency, viewingEmails } from './emails.ts';
import { confirmViewing, movableTimes, rescheduleViewing } from './manage.ts';
import { notifyViewing } from './notify.ts';
import { isQuietAt } from './quiet-hours.ts';
import { readViewingReply } from './reply-intent.ts';

/** Every minute, on one instance (pg-boss's cron): whatever has fallen due goes out. */
export const VIEWING_MESSAGES_JOB = 'viewings.messages';
const HOUR_MS = 3_600_000;
/** The confirmation request: this long before the start. */
const REQUEST_AHEAD_MS = 24 * HOUR_MS;
/** "See you soon": this long before a confirmed viewing. */
const SEE_YOU_SOON_AHEAD_MS = 2 * HOUR_MS;
/** At most this many other times offered in the thread (WhatsApp shows three buttons). */
const CHANGE_OFFERS = 3;
/**
 * A claim still unsent after this long was left by an instance that stopped between claiming and
 * sending (a send takes seconds): a later pass takes it over and sends the message.
 */
const ABANDONED_CLAIM_MS = 10 * 60_000;

// ---- The company's settings ----

export function viewingMessageSettings(company: Company): ViewingMessageSettings {
  return { quietHours: company.quietHours ?? null, releaseUnconfirmedHours: company.releaseUnconfirmedHours };
}

/** PATCH /api/companies/{id}/viewing-settings: what is left out stays as it was. */
export async function saveViewingMessageSettings(
  ctx: AppContext,
  company: Company,
  patch: Partial<ViewingMessageSettings>,
): Promise<ViewingMessageSettings> {
  const [saved] = await ctx.db
    .update(companies)
    .set({
      ...(patch.quietHours !== undefined ? { quietHours: patch.quietHours } : {}),
      ...(patch.releaseUnconfirmedHours !== undefined
        ? { releaseUnconfirmedHours: patch.releaseUnconfirmedHours }
        : {}),
      updatedAt: now(),
    })
    .where(eq(companies.id, company.id))
    .returning();
  return viewingMessageSettings(saved ?? company);
}

// ---- Confirming ----

// ---- The schedule: request, release, see you soon ----

type Thread = { channel: MessagingChannel; phone: string; conversationId: string };

type Candidate = {
  viewing: Viewing;
  quietHours: QuietHours | null;
  releaseHours: number | null;
  thread: Thread | null;
};

function threadOf(row: {
  channel: string | null;
  phone: string | null;
  conversationId: string | null;
}): Thread | null {
  if ((row.channel !== 'sms' && row.channel !== 'whatsapp') || !row.phone || !row.conversationId) return null;
  return { channel: row.channel, phone: row.phone, conversationId: row.conversationId };
}

/**
 * A web chat that came from a portal enquiry whose invitation went to the tenant's phone: the
 * messages go to that thread, as they would to a chat held there.
 */
async function enquiryThreadOf(
  ctx: AppContext,
  row: { viewing: Viewing; conversationId: string | null; enquiryId: string | null },
): Promise<Thread | null> {
  if (!row.conversationId || !row.enquiryId) return null;
  const invited = await enquiryThread(ctx, { companyId: row.viewing.companyId, enquiryId: row.enquiryId });
  return invited ? { ...invited, conversationId: row.conversationId } : null;
}

/**
 * One pass of the schedule (the `viewings.messages` job, every minute). For each live viewing
 * of the next 24 hours: the confirmation request once 24 hours remain (unless confirmed), the
 * release at the company's hour (only after a request went unanswered), "see you soon" 2 hours
 * before a confirmed one; then the notice of each release. Quiet hours hold every message (the
 * next pass after them sends it, unless the viewing has begun); a release is not a message and
 * happens on the hour. Each message is sent by whoever inserts its row (viewing, kind, start):
 * another instance, a retry, or a later pass finds it and sends nothing, unless the row is a claim
 * abandoned for ten minutes, which one later pass takes over. Returns how many went.
 */
export async function runViewingMessages(ctx: AppContext): Promise<number> {
  const at = now();
  const rows = await ctx.db
    .select({
      viewing: viewings,
      quietHours: companies.quietHours,
      releaseHours: companies.releaseUnconfirmedHours,
      channel: conversationView.channel,
      phone: conversationView.contactPhone,
      conversationId: conversationView.id,
      enquiryId: conversationView.enquiryId,
    })
    .from(viewings)
    .innerJoin(companies, eq(companies.id, viewings.companyId))
    .leftJoin(conversationView, eq(conversationView.id, viewings.conversationId))
    .where(
      and(
        inArray(viewings.status, ['booked', 'released']),
        gt(viewings.startsAt, at),
        lte(viewings.startsAt, new Date(at.getTime() + REQUEST_AHEAD_MS)),
      ),
    )
    .orderBy(asc(viewings.startsAt));
  if (rows.length === 0) return 0;
  const done = await ctx.db
    .select()
    .from(viewingMessages)
    .where(
      inArray(
        viewingMessages.viewingId,
        rows.map((row) => row.viewing.id),
      ),
    );
  let sent = 0;
  for (const row of rows) {
    try {
      const candidate: Candidate = {
        viewing: row.viewing,
        quietHours: row.quietHours ?? null,
        releaseHours: row.releaseHours,
        thread: threadOf(row) ?? (await enquiryThreadOf(ctx, row)),
      };
      sent += await runViewing(ctx, candidate, done, at);
    } catch (error) {
      ctx.log.error({ err: error, viewingId: row.viewing.id }, 'A viewing message was not sent');
    }
  }
  return sent;
}

async function runViewing(
  ctx: AppContext,
  candidate: Candidate,
  done: ViewingMessage[],
  at: Date,
): Promise<number> {
  let { viewing } = candidate;
  const start = viewing.startsAt.getTime();
  const recorded = (kind: ViewingMessageKind) =>
    done.find((row) => row.viewingId === viewing.id && row.kind === kind && row.startsAt.getTime() === start);
  // An abandoned claim counts as no message: it never went.
  const message = (kind: ViewingMessageKind) => {
    const row = recorded(kind);
    return row && isAbandonedClaim(row, at) ? undefined : row;
  };
  const quiet = isQuietAt(at, candidate.quietHours);

  if (viewing.status === 'booked' && !viewing.confirmedAt && candidate.releaseHours) {
    const releaseAt = start - candidate.releaseHours * HOUR_MS;
    const request = message('request');
    // Only a viewing whose request went out before the release hour, and was not answered.
    if (at.getTime() >= releaseAt && request?.outcome === 'sent' && request.createdAt.getTime() < releaseAt) {
      const released = await closeViewing(ctx, viewing.id, 'released', { unconfirmed: true });
      if (!released) return 0;
      await notifyViewing(ctx, released, { kind: 'released' });
      viewing = released;
    }
  }
  if (quiet) return 0;
  let kind: ViewingMessageKind | null = null;
  if (viewing.status === 'released') {
    if (!message('released')) kind = 'released';
  } else if (!viewing.confirmedAt) {
    if (!message('request') && at.getTime() >= start - REQUEST_AHEAD_MS) kind = 'request';
  } else if (candidate.thread && !message('see_you_soon') && at.getTime() >= start - SEE_YOU_SOON_AHEAD_MS) {
    kind = 'see_you_soon';
  }
  if (!kind) return 0;
  const claim = await claimMessage(ctx, { viewing, kind, at, abandoned: recorded(kind) }, candidate.thread);
  if (!claim) return 0;
  const channel = await sendScheduled(ctx, kind, viewing, candidate.thread, at);
  await ctx.db
    .update(viewingMessages)
    .set({
      channel: channel ?? 'none',
      phone: channel && channel === candidate.thread?.channel ? candidate.thread.phone : null,
      outcome: channel ? 'sent' : 'unsent',
    })
    .where(eq(viewingMessages.id, claim.id));
  return channel ? 1 : 0;
}

function isAbandonedClaim(row: ViewingMessage, at: Date): boolean {
  return row.outcome === 'claimed' && at.getTime() - row.createdAt.getTime() >= ABANDONED_CLAIM_MS;
}

/**
 * The right to send one message: a new row, or an abandoned claim taken over (its time moved to
 * now, only if no other pass moved it first). Null when another instance holds it.
 */
async function claimMessage(
  ctx: AppContext,
  {
    viewing,
    kind,
    at,
    abandoned,
  }: { viewing: Viewing; kind: ViewingMessageKind; at: Date; abandoned: ViewingMessage | undefined },
  thread: Thread | null,
): Promise<{ id: string } | undefined> {
  if (abandoned) {
    const [taken] = await ctx.db
      .update(viewingMessages)
      .set({ createdAt: at })
      .where(
        and(
          eq(viewingMessages.id, abandoned.id),
          eq(viewingMessages.outcome, 'claimed'),
          eq(viewingMessages.createdAt, abandoned.createdAt),
        ),
      )
      .returning({ id: viewingMessages.id });
    return taken;
  }
  const [claim] = await ctx.db
    .insert(viewingMessages)
    .values({
      viewingId: viewing.id,
      companyId: viewing.companyId,
      kind,
      startsAt: viewing.startsAt,
      channel: thread?.channel ?? 'email',
      outcome: 'claimed',
      createdAt: at,
    })
    .onConflictDoNothing()
    .returning({ id: viewingMessages.id });
  return claim;
}

/** "today, Saturday 7 March at 10:00", "tomorrow, …", or the date alone. */
function whenFrom(viewing: Viewing, at: Date): string {
  const day = londonDate(viewing.startsAt);
  const label = longTimeLabel(viewing.startsAt);
  if (day === londonDate(at)) return `today, ${label}`;
  if (day === londonDate(new Date(at.getTime() + 24 * HOUR_MS))) return `tomorrow, ${label}`;
  return label;
}

function firstName(viewing: Viewing): string {
  return viewing.tenantName?.trim().split(/\s+/)[0] ?? '';
}

function agencyContact(agency: Agency): string {
  return agency.phone ? `${agency.name}, ${formatUkPhone(agency.phone) ?? agency.phone}` : agency.name;
}

function mapLink(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

/** Sends one scheduled message; answers where it went (null: nowhere to send it). */
async function sendScheduled(
  ctx: AppContext,
  kind: ViewingMessageKind,
  viewing: Viewing,
  thread: Thread | null,
  at: Date,
): Promise<'whatsapp' | 'sms' | 'email' | null> {
  const agency = await findAgency(ctx, viewing.companyId);
  if (!agency) return null;
  const name = firstName(viewing);
  const hi = name ? `Hi ${name}, ` : 'Hi, ';
  const when = whenFrom(viewing, at);
  const onThread = async (text: string, options: string[] = [], template = false) => {
    if (!thread) return false;
    const connection =
      template && thread.channel === 'whatsapp'
        ? await loadChannel(ctx, viewing.companyId, 'whatsapp')
        : null;
    const templateName = connection?.channel === 'whatsapp' ? connection.templates.viewingReminder : null;
    const outcome = await sendToTenant(ctx, {
      companyId: viewing.companyId,
      channel: thread.channel,
      phone: thread.phone,
      conversationId: thread.conversationId,
      text,
      options: thread.channel === 'whatsapp' ? options : [],
      template: templateName
        ? {
            name: templateName,
            parameters: [name || 'there', viewing.propertyName, longTimeLabel(viewing.startsAt)],
          }
        : null,
    });
    return outcome.kind !== 'skipped';
  };
  const byEmail = async (email: ReturnType<typeof viewingEmails.confirmRequest>) => {
    if (!email) return false;
    await ctx.sendEmail(email);
    return true;
  };

  if (kind === 'request') {
    const text = `${hi}your viewing of ${viewing.propertyName} with ${agency.name} is ${when}. Reply YES to confirm or CHANGE to pick another time.`;
    if (thread && (await onThread(text, ['YES', 'CHANGE'], true))) return thread.channel;
    return (await byEmail(viewingEmails.confirmRequest(ctx, viewing, agency))) ? 'email' : null;
  }
  if (kind === 'see_you_soon') {
    const text = [
      `See you soon! Your viewing of ${viewing.propertyName} is ${when}.`,
      `Address: ${viewing.propertyAddress}`,
      `Map: ${mapLink(viewing.propertyAddress)}`,
      `Your agent: ${agencyContact(agency)}`,
    ].join('\n');
    return thread && (await onThread(text)) ? thread.channel : null;
  }
  // Released: the thread hears of it, and the email's update takes it off the tenant's calendar.
  const text = `${hi}we did not hear back from you, so your viewing of ${viewing.propertyName} (${longTimeLabel(viewing.startsAt)}) has been released for others to book. You're welcome to book another time: just reply here or contact ${agencyContact(agency)}.`;
  const toThread = thread ? await onThread(text) : false;
  const emailed = await byEmail(viewingEmails.released(ctx, viewing, agency));
  if (toThread && thread) return thread.channel;
  return emailed ? 'email' : null;
}

// ---- Replies in the thread ----

/**
 * A confirmation request for the viewing went out on `channel` (to `phone`): for any of its starts,
 * so that the thread that moved it ("thanks!", the pick sent twice) still talks about it.
 */
function requestSent(channel: MessagingChannel, phone?: string) {
  return sql`(select 1 from ${viewingMessages} where ${viewingMessages.viewingId} = ${viewings.id}
    and ${viewingMessages.kind} = 'request' and ${viewingMessages.channel} = ${channel}${phone === undefined ? sql`` : sql` and ${viewingMessages.phone} = ${phone}`})`;
}

/**
 * A tenant's message on a channel, before the conversation sees it: taken when the number has a
 * live viewing whose request went to this thread (or that has other times on offer). YES
 * confirms, CHANGE offers other times and a pick moves it, a request to cancel cancels it, and
 * anything else goes to the agency as a note on the lead and an email.
 */
export async function answerViewingReply(
  ctx: AppContext,
  message: InboundMessage,
): Promise<{ conversationId: string | null } | null> {
  const at = now();
  const [found] = await ctx.db
    .select({ viewing: viewings, conversationId: conversationView.id })
    .from(viewings)
    .innerJoin(conversationView, eq(conversationView.id, viewings.conversationId))
    .where(
      and(
        eq(viewings.companyId, message.companyId),
        eq(conversationView.companyId, message.companyId),
        eq(viewings.status, 'booked'),
        gt(viewings.startsAt, at),
        or(
          // The chat was held in this thread.
          and(
            eq(conversationView.channel, message.channel),
            eq(conversationView.contactPhone, message.phone),
            or(isNotNull(viewings.changeOfferedAt), sql`exists ${requestSent(message.channel)}`),
          ),
          // A web chat from a portal enquiry: the request went to this number.
          sql`exists ${requestSent(message.channel, message.phone)}`,
        ),
      ),
    )
    .orderBy(asc(viewings.startsAt))
    .limit(1);
  if (!found) return null;
  const { viewing, conversationId } = found;
  const agency = await findAgency(ctx, viewing.companyId);
  const agencyName = agency?.name ?? 'the agency';
  const reply = (text: string, options: string[] = []) =>
    sendToTenant(ctx, {
      companyId: message.companyId,
      channel: message.channel,
      phone: message.phone,
      conversationId,
      text,
      options,
    });
  const text = message.optionId ?? message.text;

  if (viewing.changeOfferedAt) {
    const free = await movableTimes(ctx, viewing);
    const offeredLabels = await lastOfferedOptions(ctx, conversationId);
    const offered = free.filter((time) => offeredLabels.includes(time.label));
    const picked = pickNumberedOption(text, offeredLabels) ?? text;
    const pick = parseTimePick(picked, offered, free, londonDate(at));
    if (pick.kind === 'one') {
      try {
        const moved = await rescheduleViewing(ctx, viewing, pick.time.startsAt, 'tenant');
        const ahead = moved.startsAt.getTime() - at.getTime() > REQUEST_AHEAD_MS;
        await reply(
          `Done: your viewing of ${moved.propertyName} is now on ${longTimeLabel(moved.startsAt)}. ${
            ahead ? "We'll check with you the day before." : 'See you then!'
          }`,
        );
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'CONFLICT') throw error;
        await offerOtherTimes(ctx, viewing, reply, 'Sorry, that time has just gone. ');
      }
      return { conversationId };
    }
  }

  const intent = readViewingReply(text);
  if (intent === 'confirm') {
    await confirmViewing(ctx, viewing);
    await reply(
      `Thank you! Your viewing of ${viewing.propertyName} on ${longTimeLabel(viewing.startsAt)} is confirmed. See you then.`,
    );
  } else if (intent === 'change') {
    const offeredAny = await offerOtherTimes(ctx, viewing, reply, '');
    if (!offeredAny) await passToAgency(ctx, viewing, conversationId, message.text, agency);
  } else if (intent === 'cancel') {
    const cancelled = await closeViewing(ctx, viewing.id, 'cancelled');
    if (cancelled) await notifyViewing(ctx, cancelled, { kind: 'cancelled', by: 'tenant' });
    await reply(
      `Your viewing of ${viewing.propertyName} on ${longTimeLabel(viewing.startsAt)} is cancelled. Thank you for letting us know.`,
    );
  } else if (intent === 'thanks') {
    // Nothing for the agency to answer: no note, no email, no promise that someone will reply.
    await reply(
      viewing.confirmedAt
        ? `You're welcome! See you on ${longTimeLabel(viewing.startsAt)}.`
        : `You're welcome! Your viewing is on ${longTimeLabel(viewing.startsAt)}.`,
    );
  } else {
    await passToAgency(ctx, viewing, conversationId, message.text, agency);
    await reply(`Thank you, I've passed your message on to ${agencyName}. Someone will reply to you here.`);
  }
  return { conversationId };
}

/** The next free times in the thread (up to three, over different days); false when none. */
async function offerOtherTimes(
  ctx: AppContext,
  viewing: Viewing,
  reply: (text: string, options?: string[]) => Promise<unknown>,
  lead: string,
): Promise<boolean> {
  const times = spreadOverDays(await movableTimes(ctx, viewing), CHANGE_OFFERS);
  if (times.length === 0) {
    await ctx.db.update(viewings).set({ changeOfferedAt: null }).where(eq(viewings.id, viewing.id));
    await reply(
      `${lead}Sorry, there are no other free times to offer just now. I've asked the agency to get in touch about another time; your viewing on ${longTimeLabel(viewing.startsAt)} stays booked meanwhile.`,
    );
    return false;
  }
  await ctx.db.update(viewings).set({ changeOfferedAt: now() }).where(eq(viewings.id, viewing.id));
  await reply(
    `${lead}No problem. Which of these times suits you better? Your viewing stays on ${longTimeLabel(viewing.startsAt)} until you pick one.`,
    times.map((time) => time.label),
  );
  return true;
}

/** A reply the assistant cannot place: a note on the lead, and an email to the agency. */
async function passToAgency(
  ctx: AppContext,
  viewing: Viewing,
  conversationId: string,
  text: string,
  agency: Agency | null,
): Promise<void> {
  const [lead] = await ctx.db
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.conversationId, conversationId), eq(leads.companyId, viewing.companyId)))
    .limit(1);
  if (lead) {
    await recordLeadActivity(ctx.db, {
      leadId: lead.id,
      companyId: viewing.companyId,
      actorUserId: null,
      kind: 'note',
      detail: { body: text, viewingId: viewing.id },
    });
  }
  if (!agency) return;
  const tenant = viewing.tenantName ?? 'A tenant';
  const subject = `Message about a viewing: ${viewing.propertyName}, ${longTimeLabel(viewing.startsAt)}`;
  const lines = [
    `${tenant} wrote about their viewing of ${viewing.propertyName} on ${longTimeLabel(viewing.startsAt)}:`,
    `“${text}”`,
    viewing.tenantPhone ? `Phone: ${formatUkPhone(viewing.tenantPhone) ?? viewing.tenantPhone}` : '',
  ].filter((line) => line.length > 0);
  const url = `${ctx.env.appUrl}/?tab=viewings`;
  await ctx.sendEmail({
    to: agency.to,
    subject,
    text: `${lines.join('\n\n')}\n\nSee your viewings: ${url}`,
    html: layoutEmail({ heading: subject, paragraphs: lines, action: { label: 'See your viewings', url } }),
  });
}
