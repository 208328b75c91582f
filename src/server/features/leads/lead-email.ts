import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { LEAD_ORDER, slotDisplay } from '#agent/slots/index.ts';
import type { SlotName } from '#agent/types.ts';
import { chatTranscripts, companies, type Lead, leads, users } from '#server/db/schema.ts';
import { assigneeEmailsByProperty } from '#server/features/team/index.ts';
import type { AppContext } from '#server/lib/context.ts';
import { escapeHtml } from '#server/lib/email-templates.ts';
import type { DomainEvents } from '#server/lib/events.ts';
import type { Email } from '#server/lib/mail.ts';
import { perContext } from '#server/lib/per-context.ts';
import { retryTransient } from '#server/lib/transient.ts';
import { readScoreBreakdown } from './score-breakdown.ts';

/** Leads of one company arriving within this long of the last email go together in a digest. */
export const LEAD_DIGEST_SECONDS = 60;
export const LEAD_DIGEST_JOB = 'chat.lead-digest';

/** Whether a new lead is emailed at once or waits for its company's digest (and how long). */
export type LeadEmailPlan = { kind: 'now' } | { kind: 'digest'; afterSeconds: number };

/**
 * The digest jobs this process queued, by company: until shortly before one runs, the next
 * leads of that company need not queue it again (one round trip less per lead).
 */
const queuedDigests = perContext(() => new Map<string, number>());

/**
 * After the lead's transaction has committed: the new lead is announced (`lead.created`), and
 * its email, the company's webhooks and the rest follow as subscribers.
 */
export async function notifyNewLead(
  ctx: AppContext,
  input: { companyId: string; leadId: string; email: LeadEmailPlan; hasLeadWebhook?: boolean },
): Promise<void> {
  await ctx.events.emit('lead.created', input);
}

/** The new lead's email: sent now, or the company's digest queued. */
export function subscribeLeadEmail(ctx: AppContext): void {
  ctx.events.on('lead.created', (event) => emailNewLead(ctx, event));
}

async function emailNewLead(ctx: AppContext, input: DomainEvents['lead.created']): Promise<void> {
  try {
    if (input.email.kind === 'now') {
      const batch = await withQuestions(
        ctx,
        await ctx.db.select().from(leads).where(eq(leads.id, input.leadId)),
      );
      await sendLeadEmails(ctx, input.companyId, batch);
      return;
    }
    // The company's digest is already due to run after this lead was saved: it will carry it.
    const queued = queuedDigests(ctx);
    if ((queued.get(input.companyId) ?? 0) > Date.now()) return;
    await ctx.jobs.send(
      LEAD_DIGEST_JOB,
      { companyId: input.companyId },
      { startAfterSeconds: input.email.afterSeconds, singletonKey: input.companyId },
    );
    if (queued.size >= 10_000) queued.clear();
    // A little before the job's start, for clocks that disagree by a second or so.
    queued.set(input.companyId, Date.now() + (input.email.afterSeconds - 2) * 1000);
  } catch (error) {
    // The lead is saved whatever happens to its email; the dashboard shows it either way.
    ctx.log.error({ err: error, leadId: input.leadId }, 'New lead email not sent');
  }
}

/**
 * The digest job: every lead of the company created since its last lead email, in one email.
 * Safe to run twice: the second run finds nothing new.
 */
export async function sendLeadDigest(ctx: AppContext, companyId: string): Promise<number> {
  const batch = await retryTransient(ctx, 'chat.lead-digest', () =>
    ctx.db.transaction(async (tx) => {
      const [company] = await tx
        .select({ lastLeadEmailAt: companies.lastLeadEmailAt })
        .from(companies)
        .where(eq(companies.id, companyId))
        // The lock the end statement takes (docs/architecture.md, "Lock order"): it leaves the
        // foreign-key checks of new chats and transcripts free to go on.
        .for('no key update');
      if (!company?.lastLeadEmailAt) return [];
      const rows = await tx
        .select()
        .from(leads)
        .where(
          and(
            eq(leads.companyId, companyId),
            // Compared in the database: a JavaScript Date keeps milliseconds, the column microseconds,
            // and a lead written in the same millisecond as the last email would be sent again.
            gt(
              leads.createdAt,
              sql`(select ${companies.lastLeadEmailAt} from ${companies} where ${companies.id} = ${companyId})`,
            ),
          ),
        )
        .orderBy(asc(leads.createdAt));
      if (rows.length > 0) {
        await tx
          .update(companies)
          .set({ lastLeadEmailAt: sql`clock_timestamp()` })
          .where(eq(companies.id, companyId));
      }
      return rows;
    }),
  );
  if (batch.length === 0) return 0;
  await sendLeadEmails(ctx, companyId, await withQuestions(ctx, batch));
  return batch.length;
}

/**
 * One email per recipient: a listing's leads go to the member looking after it, the rest to the
 * company's address (docs/team.md).
 */
async function sendLeadEmails(ctx: AppContext, companyId: string, batch: EmailedLead[]): Promise<void> {
  if (batch.length === 0) return;
  const recipient = await companyRecipient(ctx, companyId);
  if (!recipient) return;
  const assignees = await assigneeEmailsByProperty(
    ctx,
    batch.map((item) => item.lead.propertyId),
  );
  const byRecipient = new Map<string, EmailedLead[]>();
  for (const item of batch) {
    const to = (item.lead.propertyId && assignees.get(item.lead.propertyId)) || recipient.to;
    byRecipient.set(to, [...(byRecipient.get(to) ?? []), item]);
  }
  for (const [to, items] of byRecipient) await ctx.sendEmail(leadEmail(ctx, { ...recipient, to }, items));
}

export type EmailedLead = { lead: Lead; openQuestions: string[] };

/** The questions the assistant could not answer, kept with each transcript, for the agent to answer. */
async function withQuestions(ctx: AppContext, batch: Lead[]): Promise<EmailedLead[]> {
  const transcriptIds = batch.map((lead) => lead.chatTranscriptId).filter((id): id is string => id !== null);
  const rows =
    transcriptIds.length === 0
      ? []
      : await ctx.db
          .select({ id: chatTranscripts.id, extractedData: chatTranscripts.extractedData })
          .from(chatTranscripts)
          .where(inArray(chatTranscripts.id, transcriptIds));
  const questions = new Map(
    rows.map((row) => {
      const list = (row.extractedData as { openQuestions?: unknown } | null)?.openQuestions;
      return [row.id, Array.isArray(list) ? list.filter((q): q is string => typeof q === 'string') : []];
    }),
  );
  return batch.map((lead) => ({
    lead,
    openQuestions: lead.chatTranscriptId ? (questions.get(lead.chatTranscriptId) ?? []) : [],
  }));
}

type Recipient = { to: string; companyName: string };

/** The company's contact address, else its owner's. */
async function companyRecipient(ctx: AppContext, companyId: string): Promise<Recipient | null> {
  const [row] = await ctx.db
    .select({ name: companies.name, email: companies.email, ownerEmail: users.email })
    .from(companies)
    .innerJoin(users, eq(users.id, companies.ownerId))
    .where(eq(companies.id, companyId));
  if (!row) return null;
  return { to: row.email?.trim() || row.ownerEmail, companyName: row.name };
}

const QUESTIONS_HEADING = 'Questions the assistant passed on to you:';

/** The line a lead whose tenant asked for a person opens with, in the email and in a digest. */
export const PERSON_REQUESTED_LINE = 'The tenant asked to speak to a person: please get in touch with them.';

/** The listing's name, or "any property (agency link)". */
function propertyLabel(lead: Lead): string {
  return slotDisplay('propertyId').text(lead) ?? '';
}

/** A slot's answer as the email lists it: its full label, "-" when not given. */
function answer(slot: SlotName, lead: Lead): [string, string | null] {
  const display = slotDisplay(slot);
  return [display.longLabel, display.text(lead)];
}

/** The lead's answers in the leads table's order, the score after the listing. */
function answers(lead: Lead): [string, string][] {
  const rows: [string, string | number | null][] = [
    answer('propertyId', lead),
    ['Score', lead.rating !== null ? `${lead.rating}/10` : null],
    ...LEAD_ORDER.filter((slot) => slot !== 'propertyId').map((slot) => answer(slot, lead)),
  ];
  return rows.map(([label, value]) => [label, value === null || value === '' ? '-' : String(value)]);
}

function breakdownLines(lead: Lead): string[] {
  const breakdown = readScoreBreakdown(lead.scoreBreakdown);
  if (!breakdown) return [];
  return breakdown.parts.map(
    (part) => `${part.label}: ${part.points}/${part.max}${part.reason ? ` (${part.reason})` : ''}`,
  );
}

/** One lead, or a digest of several: subject with the score and property, body with the answers. */
export function leadEmail(ctx: AppContext, recipient: Recipient, batch: EmailedLead[]): Email {
  const dashboardUrl = `${ctx.env.appUrl}/`;
  const isDigest = batch.length > 1;
  const first = batch[0]!.lead;
  const askedForPerson = batch.filter(({ lead }) => lead.personRequested).length;
  const subject = isDigest
    ? `${batch.length} new leads for ${recipient.companyName}${askedForPerson > 0 ? ` (${askedForPerson} asked for a person)` : ''}`
    : `New lead ${first.rating ?? '-'}/10: ${first.name ?? 'A prospective tenant'} for ${propertyLabel(first)}${first.personRequested ? ' (asked for a person)' : ''}`;
  const intro = isDigest
    ? `${batch.length} prospective tenants finished a chat with your AI assistant.`
    : 'A prospective tenant finished a chat with your AI assistant.';

  const text = [
    intro,
    ...batch.map(({ lead, openQuestions }) =>
      [
        '',
        ...(lead.personRequested ? [`>> ${PERSON_REQUESTED_LINE}`] : []),
        ...answers(lead).map(([label, value]) => `${label}: ${value}`),
        ...(breakdownLines(lead).length > 0
          ? ['Score breakdown:', ...breakdownLines(lead).map((l) => `  ${l}`)]
          : []),
        ...(openQuestions.length > 0 ? [QUESTIONS_HEADING, ...openQuestions.map((q) => `  ${q}`)] : []),
      ].join('\n'),
    ),
    '',
    `See the full transcript on your dashboard: ${dashboardUrl}`,
  ].join('\n');

  const cards = batch
    .map(({ lead, openQuestions }) => {
      const rows = answers(lead)
        .map(
          ([label, value]) =>
            `<tr><th align="left" style="padding:4px 12px 4px 0;color:#475569;font-weight:normal">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
        )
        .join('');
      const breakdown = breakdownLines(lead)
        .map((line) => `<li>${escapeHtml(line)}</li>`)
        .join('');
      const questions = openQuestions.map((q) => `<li>${escapeHtml(q)}</li>`).join('');
      const person = lead.personRequested
        ? `<p style="margin:0 0 12px;padding:10px 12px;background:#fef3c7;border-left:4px solid #d97706;font-weight:bold">${escapeHtml(PERSON_REQUESTED_LINE)}</p>`
        : '';
      return `${person}<table style="border-collapse:collapse;margin:0 0 12px">${rows}</table>${breakdown ? `<ul style="margin:0 0 16px;padding-left:20px;color:#475569;font-size:14px">${breakdown}</ul>` : ''}${questions ? `<p style="margin:0 0 4px;font-weight:bold">${QUESTIONS_HEADING}</p><ul style="margin:0 0 16px;padding-left:20px">${questions}</ul>` : ''}`;
    })
    .join('<hr style="border:none;border-top:1px solid #e2e8f0;margin:16px 0">');

  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937;line-height:1.5;max-width:560px;margin:0 auto;padding:24px"><h1 style="font-size:20px">${escapeHtml(subject)}</h1><p style="margin:0 0 16px">${escapeHtml(intro)}</p>${cards}<p style="margin:24px 0"><a href="${escapeHtml(dashboardUrl)}" style="background:#0f766e;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">Open your dashboard</a></p><p style="margin:0 0 16px;font-size:13px;color:#555">Or paste this link into your browser: ${escapeHtml(dashboardUrl)}</p><p style="font-size:12px;color:#6b7280;margin-top:32px">LetLead · AI tenant screening for UK letting agents</p></body></html>`;

  return { to: recipient.to, subject, text, html };
}
