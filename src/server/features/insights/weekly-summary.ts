import { and, asc, count, eq, sql } from 'drizzle-orm';
import { companies, insightSummaries, leads, users } from '#server/db/schema.ts';
import { CONVERSATION_VIEW } from '#server/features/conversations/index.ts';
import { now } from '#server/lib/clock.ts';
import type { AppContext } from '#server/lib/context.ts';
import { escapeHtml } from '#server/lib/email-templates.ts';
import type { Email } from '#server/lib/mail.ts';
import { sourceLabel } from '#shared/chat-source.ts';
import { formatDate } from '#shared/format.ts';
import {
  conversationsStarted,
  FUNNEL_STAGES,
  type Funnel,
  formatDuration,
} from '#shared/schemas/insights.ts';
import { londonDate } from '#shared/viewing-times.ts';
import { periodBounds, readFunnels, shiftDate } from './insights.ts';

export const WEEKLY_SUMMARY_JOB = 'insights.weekly-summary';
/** Mondays at 08:00, London time (the job queue's schedules run in Europe/London). */
export const WEEKLY_SUMMARY_CRON = '0 8 * * 1';

const AWAITING_LISTED = 10;
const TOP_SOURCES = 3;

/** Last week, Monday to Sunday in London, as seen on `today` (any day of the following week). */
export function lastWeek(today: string): { from: string; to: string } {
  const weekday = new Date(`${today}T12:00:00Z`).getUTCDay(); // 0 = Sunday
  const thisMonday = shiftDate(today, -((weekday + 6) % 7));
  return { from: shiftDate(thisMonday, -7), to: shiftDate(thisMonday, -1) };
}

/**
 * The Monday summary: to each owner whose agency had chats or enquiries last week, or has leads
 * still awaiting contact. Each company's email is claimed by inserting its `insight_summaries`
 * row first, so a retried job or another instance sends nothing twice.
 */
export async function sendWeeklySummaries(ctx: AppContext): Promise<number> {
  const week = lastWeek(londonDate(now()));
  const { start, end } = periodBounds(week.from, week.to);
  const candidates = await ctx.db
    .select({ id: companies.id, name: companies.name, ownerEmail: users.email, ownerName: users.firstName })
    .from(companies)
    .innerJoin(users, eq(users.id, companies.ownerId))
    .where(
      sql`exists (select 1 from ${sql.raw(CONVERSATION_VIEW)} c where c.company_id = ${companies.id}
                    and c.created_at >= ${start.toISOString()} and c.created_at < ${end.toISOString()})
          or exists (select 1 from enquiries e where e.company_id = ${companies.id}
                    and e.created_at >= ${start.toISOString()} and e.created_at < ${end.toISOString()})
          or exists (select 1 from leads l where l.company_id = ${companies.id} and l.status = 'new')`,
    );
  let sent = 0;
  for (const company of candidates) {
    const [claim] = await ctx.db
      .insert(insightSummaries)
      .values({ companyId: company.id, weekStart: week.from })
      .onConflictDoNothing()
      .returning({ companyId: insightSummaries.companyId });
    if (!claim) continue;
    try {
      await ctx.sendEmail(await weeklySummaryEmail(ctx, { ...company, week, start, end }));
      sent += 1;
    } catch (error) {
      // sendEmail queues a retry itself when the mail server is down; anything else is logged.
      ctx.log.error({ err: error, companyId: company.id }, 'Weekly summary not sent');
    }
  }
  return sent;
}

type SummaryInput = {
  id: string;
  name: string;
  ownerEmail: string;
  ownerName: string | null;
  week: { from: string; to: string };
  start: Date;
  end: Date;
};

async function weeklySummaryEmail(ctx: AppContext, company: SummaryInput): Promise<Email> {
  const [{ totals, byKey }, awaiting] = await Promise.all([
    readFunnels(ctx.database.execute, {
      companyId: company.id,
      start: company.start,
      end: company.end,
      groupBy: 'source',
    }),
    leadsAwaitingContact(ctx, company.id),
  ]);
  const period = `${formatDate(company.week.from)} – ${formatDate(company.week.to)}`;
  const funnelLines = FUNNEL_STAGES.map(({ key, label }) => `${label}: ${totals[key]}`);
  // Threads open no link: they are named after the link opens, where an agency has them.
  if (totals.messageThreads > 0)
    funnelLines.splice(1, 0, `WhatsApp and SMS threads: ${totals.messageThreads}`);
  if (totals.enquiries > 0) {
    funnelLines.push(
      `Median first reply to portal enquiries: ${formatDuration(totals.medianFirstReplySeconds)} (${totals.enquiries} enquiries)`,
    );
  }
  const sources = topSources(byKey);
  const sourceLines =
    sources.length === 0
      ? ['No chats last week.']
      : sources.map(
          ([source, funnel]) =>
            `${sourceLabel(source)}: ${plural(funnel.leads, 'lead')} from ${startedIn(funnel)}`,
        );
  const awaitingLines =
    awaiting.total === 0
      ? ['None: every lead has been contacted.']
      : [
          ...awaiting.listed.map(
            (lead) =>
              `${lead.name ?? 'No name given'} · ${lead.propertyName} · since ${formatDate(lead.createdAt)}`,
          ),
          ...(awaiting.total > awaiting.listed.length
            ? [`and ${awaiting.total - awaiting.listed.length} more`]
            : []),
        ];
  // The dashboard keeps its open tab in the address: the link opens on the insights.
  const url = `${ctx.env.appUrl}/?tab=insights`;
  const greeting = company.ownerName ? `Hi ${company.ownerName},` : 'Hi,';
  const intro = `Here is ${company.name}'s week, ${period}.`;
  const sections: [string, string[]][] = [
    ['Last week', funnelLines],
    ['Top sources', sourceLines],
    [`Leads awaiting contact (${awaiting.total})`, awaitingLines],
  ];
  const subject = `Your week at ${company.name}: ${plural(totals.leads, 'lead')}, ${plural(totals.viewingsBooked, 'viewing')} booked`;
  return {
    to: company.ownerEmail,
    subject,
    text: [
      greeting,
      intro,
      ...sections.map(([heading, lines]) => `${heading}\n${lines.map((line) => `- ${line}`).join('\n')}`),
      `See your insights: ${url}`,
    ].join('\n\n'),
    html: `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937;line-height:1.5;max-width:560px;margin:0 auto;padding:24px"><h1 style="font-size:20px">${escapeHtml(subject)}</h1><p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p>${sections
      .map(
        ([heading, lines]) =>
          `<h2 style="font-size:16px;margin:24px 0 8px">${escapeHtml(heading)}</h2><ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`,
      )
      .join(
        '',
      )}<p style="margin:24px 0"><a href="${escapeHtml(url)}" style="background:#0f766e;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">See your insights</a></p></body></html>`,
  };
}

/** The sources that brought the most leads (then link opens and threads), at most three. */
function topSources(byKey: Map<string | null, Funnel>): [string | null, Funnel][] {
  return [...byKey]
    .filter(([, funnel]) => conversationsStarted(funnel) > 0)
    .sort(([, a], [, b]) => b.leads - a.leads || conversationsStarted(b) - conversationsStarted(a))
    .slice(0, TOP_SOURCES);
}

/** "40 link opens", "2 message threads", or both joined by "and". */
function startedIn(funnel: Funnel): string {
  const parts = [
    funnel.linkOpens > 0 ? plural(funnel.linkOpens, 'link open') : null,
    funnel.messageThreads > 0 ? plural(funnel.messageThreads, 'message thread') : null,
  ];
  return parts.filter((part) => part !== null).join(' and ');
}

/** Leads still `new`: how many, and the oldest ten (the ones waiting longest). */
async function leadsAwaitingContact(ctx: AppContext, companyId: string) {
  const condition = and(eq(leads.companyId, companyId), eq(leads.status, 'new'));
  const [[total], listed] = await Promise.all([
    ctx.db.select({ n: count() }).from(leads).where(condition),
    ctx.db
      .select({ name: leads.name, propertyName: leads.propertyName, createdAt: leads.createdAt })
      .from(leads)
      .where(condition)
      .orderBy(asc(leads.createdAt))
      .limit(AWAITING_LISTED),
  ]);
  return { total: Number(total?.n ?? 0), listed };
}

function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
