import { and, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { companies, type Enquiry, enquiries, properties } from '#server/db/schema.ts';
import { now } from '#server/lib/clock.ts';
import type { AppContext } from '#server/lib/context.ts';
import { layoutEmail } from '#server/lib/email-templates.ts';
import type { Email } from '#server/lib/mail.ts';
import { CHAT_TOKEN_DAYS, signChatToken } from './chat-token.ts';

export const ENQUIRY_REPLY_JOB = 'enquiries.reply';
export const ENQUIRY_SWEEP_JOB = 'enquiries.sweep';
/**
 * Queued with the reply when the enquiry carries a phone number: the messaging feature handles
 * it (the first reply on the company's WhatsApp or SMS, DESIGN section 14).
 */
export const ENQUIRY_CHANNEL_INVITE_JOB = 'enquiries.channel-invite';
export const FOLLOW_UP_AFTER_HOURS = 48;
export const NO_RESPONSE_AFTER_DAYS = 7;

const PORTAL_NAMES: Record<string, string> = {
  rightmove: 'Rightmove',
  zoopla: 'Zoopla',
  onthemarket: 'OnTheMarket',
};

type ReplyContext = {
  enquiry: Enquiry;
  company: { name: string; slug: string; email: string | null; phone: string | null };
  property: { name: string; slug: string } | null;
};

async function loadReplyContext(ctx: AppContext, enquiryId: string): Promise<ReplyContext | null> {
  const [row] = await ctx.db
    .select({
      enquiry: enquiries,
      company: { name: companies.name, slug: companies.slug, email: companies.email, phone: companies.phone },
      property: { name: properties.propertyName, slug: properties.slug },
    })
    .from(enquiries)
    .innerJoin(companies, eq(companies.id, enquiries.companyId))
    .leftJoin(properties, eq(properties.id, enquiries.propertyId))
    .where(eq(enquiries.id, enquiryId));
  return row ? { ...row, property: row.property?.slug ? row.property : null } : null;
}

/** The property's chat link (the agency's when unmatched) with `src` and the pre-filling token. */
export function enquiryChatLink(ctx: AppContext, reply: ReplyContext): string {
  const path = reply.property
    ? `/chatbot/${encodeURIComponent(reply.company.slug)}/${encodeURIComponent(reply.property.slug)}`
    : `/chatbot/${encodeURIComponent(reply.company.slug)}`;
  const expiresAt = new Date(now().getTime() + CHAT_TOKEN_DAYS * 86_400_000);
  const token = signChatToken(ctx.env.sessionSecret, reply.enquiry.id, expiresAt);
  return `${ctx.env.appUrl}${path}?src=${reply.enquiry.source}&t=${token}`;
}

/** The reply in the agency's name: its name as the sender, replies to its own address. */
export function enquiryEmail(ctx: AppContext, reply: ReplyContext, kind: 'reply' | 'follow-up'): Email {
  const { enquiry, company, property } = reply;
  const firstName = enquiry.name?.split(/\s+/)[0];
  const about = property?.name ?? 'your enquiry';
  const portal = PORTAL_NAMES[enquiry.source];
  const link = enquiryChatLink(ctx, reply);
  const paragraphs =
    kind === 'reply'
      ? [
          firstName ? `Hi ${firstName},` : 'Hi,',
          `Thank you for your enquiry${property ? ` about ${property.name}` : ''}${portal ? ` on ${portal}` : ''}. To arrange a viewing, please answer a few quick questions with our assistant: it takes about two minutes, and you can ask it about the property too.`,
          'We already have your name, email and phone number, so you will not be asked for them again.',
        ]
      : [
          firstName ? `Hi ${firstName},` : 'Hi,',
          `Are you still looking${property ? ` at ${property.name}` : ''}? If you would like a viewing, a few quick questions are all we need.`,
        ];
  const signOff = [company.name, company.phone].filter(Boolean).join('\n');
  return {
    to: enquiry.email!,
    fromName: company.name,
    ...(company.email ? { replyTo: company.email } : {}),
    subject: kind === 'reply' ? `Your enquiry: ${about}` : `Still interested in ${about}?`,
    text: `${paragraphs.join('\n\n')}\n\nStart here: ${link}\n\nThe link works for ${CHAT_TOKEN_DAYS} days.\n\n${signOff}`,
    html: layoutEmail({
      heading: kind === 'reply' ? `Thank you for your enquiry` : 'Still interested?',
      paragraphs: [
        ...paragraphs,
        `The link works for ${CHAT_TOKEN_DAYS} days. ${signOff.replace('\n', ', ')}`,
      ],
      action: { label: 'Answer a few questions', url: link },
    }),
  };
}

/**
 * The first reply, once: the enquiry is claimed by setting `replied_at`, so a job run twice (or
 * on two instances) sends once. A failed send gives the claim back and the queue retries.
 */
export async function sendEnquiryReply(ctx: AppContext, enquiryId: string): Promise<boolean> {
  const [claimed] = await ctx.db
    .update(enquiries)
    .set({ repliedAt: now() })
    .where(and(eq(enquiries.id, enquiryId), isNull(enquiries.repliedAt), isNotNull(enquiries.email)))
    .returning({ id: enquiries.id });
  if (!claimed) return false;
  const reply = await loadReplyContext(ctx, enquiryId);
  if (!reply) return false;
  try {
    await ctx.mailer.send(enquiryEmail(ctx, reply, 'reply'));
    return true;
  } catch (error) {
    await ctx.db.update(enquiries).set({ repliedAt: null }).where(eq(enquiries.id, enquiryId));
    throw error;
  }
}

/**
 * Every few minutes: one follow-up 48 hours after the reply to those who have not chatted, and
 * `no_response` after 7 days. Each row is claimed by a conditional UPDATE, so an instance that
 * runs the sweep at the same time claims none of the same rows.
 */
export async function sweepEnquiries(
  ctx: AppContext,
  at: Date = now(),
): Promise<{ followedUp: number; closed: number }> {
  const closed = await ctx.db
    .update(enquiries)
    .set({ status: 'no_response', closedAt: at })
    .where(
      and(
        eq(enquiries.status, 'invited'),
        lte(enquiries.createdAt, new Date(at.getTime() - NO_RESPONSE_AFTER_DAYS * 86_400_000)),
      ),
    )
    .returning({ id: enquiries.id });

  const due = await ctx.db
    .update(enquiries)
    .set({ followedUpAt: at })
    .where(
      and(
        eq(enquiries.status, 'invited'),
        isNull(enquiries.followedUpAt),
        isNotNull(enquiries.email),
        lte(enquiries.repliedAt, new Date(at.getTime() - FOLLOW_UP_AFTER_HOURS * 3_600_000)),
      ),
    )
    .returning({ id: enquiries.id });
  for (const { id } of due) {
    const reply = await loadReplyContext(ctx, id);
    // Through sendEmail: a mail server that is down queues the follow-up for a retry.
    if (reply) await ctx.sendEmail(enquiryEmail(ctx, reply, 'follow-up'));
  }
  return { followedUp: due.length, closed: closed.length };
}

/** The chat opened from an enquiry's link has started. */
export async function markEnquiryChatted(ctx: AppContext, enquiryId: string): Promise<void> {
  await ctx.db
    .update(enquiries)
    .set({
      status: 'chatted',
      chattedAt: sql`coalesce(${enquiries.chattedAt}, ${now().toISOString()}::timestamptz)`,
    })
    .where(eq(enquiries.id, enquiryId));
}
