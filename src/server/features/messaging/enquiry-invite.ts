import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import {
  channelMessages,
  companies,
  enquiries,
  type MessagingChannel,
  properties,
} from '#server/db/schema.ts';
import { CHAT_TOKEN_DAYS, signChatToken } from '#server/features/enquiries/index.ts';
import { now } from '#server/lib/clock.ts';
import type { AppContext } from '#server/lib/context.ts';
import { type SendOutcome, sendToTenant } from './outbound.ts';
import { isUkMobile, toE164 } from './phone.ts';
import { loadChannel } from './settings.ts';

/**
 * The first reply to a portal enquiry also goes to the tenant's phone when the enquiry carries a
 * UK mobile and the company has a channel connected: WhatsApp first (the `enquiryInvite`
 * template, as the tenant has not written there yet), else a text. The tenant simply answers in
 * the thread, and the conversation that starts continues from the enquiry (its property, its
 * source, what it already told us).
 */
const PORTALS: Record<string, string> = {
  rightmove: 'Rightmove',
  zoopla: 'Zoopla',
  onthemarket: 'OnTheMarket',
};

export type EnquiryInviteOutcome =
  | { kind: 'sent'; channel: MessagingChannel }
  | { kind: 'skipped'; reason: 'not_found' | 'no_mobile' | 'no_channel' | 'already_sent' | 'not_sent' };

export async function inviteEnquirerOnChannel(
  ctx: AppContext,
  enquiryId: string,
): Promise<EnquiryInviteOutcome> {
  const [row] = await ctx.db
    .select({
      companyId: enquiries.companyId,
      name: enquiries.name,
      phone: enquiries.phone,
      source: enquiries.source,
      companyName: companies.name,
      propertyName: properties.propertyName,
    })
    .from(enquiries)
    .innerJoin(companies, eq(companies.id, enquiries.companyId))
    .leftJoin(properties, eq(properties.id, enquiries.propertyId))
    .where(eq(enquiries.id, enquiryId));
  if (!row) return { kind: 'skipped', reason: 'not_found' };
  const phone = toE164(row.phone);
  if (!phone || !isUkMobile(phone)) return { kind: 'skipped', reason: 'no_mobile' };

  // The job may run again (a retry after a crash): one invitation per enquiry.
  const [earlier] = await ctx.db
    .select({ id: channelMessages.id })
    .from(channelMessages)
    .where(
      and(
        eq(channelMessages.companyId, row.companyId),
        eq(channelMessages.direction, 'out'),
        sql`${channelMessages.payload}->>'enquiryId' = ${enquiryId}`,
      ),
    )
    .limit(1);
  if (earlier) return { kind: 'skipped', reason: 'already_sent' };

  const firstName = row.name?.split(/\s+/)[0] || null;
  const about = row.propertyName ?? 'your enquiry';
  const portal = PORTALS[row.source];
  const text = [
    `Hi${firstName ? ` ${firstName}` : ''}, thanks for your enquiry${row.propertyName ? ` about ${row.propertyName}` : ''}${portal ? ` on ${portal}` : ''}.`,
    `I'm ${row.companyName}'s AI assistant, and a person at ${row.companyName} reviews every enquiry.`,
    'Reply here to ask about the property or to book a viewing.',
  ].join(' ');

  const whatsapp = await loadChannel(ctx, row.companyId, 'whatsapp');
  const sms = await loadChannel(ctx, row.companyId, 'sms');
  if (!whatsapp && !sms) return { kind: 'skipped', reason: 'no_channel' };

  const tries: { channel: MessagingChannel; send: () => Promise<SendOutcome> }[] = [];
  if (whatsapp?.channel === 'whatsapp') {
    const template = whatsapp.templates.enquiryInvite;
    tries.push({
      channel: 'whatsapp',
      send: () =>
        sendToTenant(ctx, {
          companyId: row.companyId,
          channel: 'whatsapp',
          phone,
          conversationId: null,
          text,
          // Outside the 24-hour window (a tenant who has not written yet) only the template.
          template: template
            ? { name: template, parameters: [firstName ?? 'there', about, row.companyName] }
            : null,
          enquiryId,
        }),
    });
  }
  if (sms) {
    tries.push({
      channel: 'sms',
      send: () =>
        sendToTenant(ctx, {
          companyId: row.companyId,
          channel: 'sms',
          phone,
          conversationId: null,
          text,
          enquiryId,
        }),
    });
  }
  for (const attempt of tries) {
    const outcome = await attempt.send();
    // Sent, or refused by the provider (retried once by the queue and shown then): done.
    if (outcome.kind !== 'skipped') return { kind: 'sent', channel: attempt.channel };
    // Opted out on that channel: not on another either.
    if (outcome.reason === 'opted_out' || outcome.reason === 'daily_cap') break;
  }
  return { kind: 'skipped', reason: 'not_sent' };
}

/**
 * The enquiry a new thread from this number answers: the latest invitation sent to it on this
 * channel within the chat link's lifetime, when no conversation has started since.
 */
export async function invitingEnquiry(
  ctx: AppContext,
  input: { companyId: string; channel: MessagingChannel; phone: string; since: Date | null },
): Promise<{ enquiryId: string; token: string; propertySlug: string | null } | null> {
  const lifetime = new Date(now().getTime() - CHAT_TOKEN_DAYS * 86_400_000);
  const after = input.since && input.since > lifetime ? input.since : lifetime;
  const [invite] = await ctx.db
    .select({ enquiryId: sql<string>`${channelMessages.payload}->>'enquiryId'` })
    .from(channelMessages)
    .where(
      and(
        eq(channelMessages.companyId, input.companyId),
        eq(channelMessages.phone, input.phone),
        eq(channelMessages.channel, input.channel),
        eq(channelMessages.direction, 'out'),
        gt(channelMessages.createdAt, after),
        sql`${channelMessages.payload}->>'enquiryId' is not null`,
      ),
    )
    .orderBy(desc(channelMessages.createdAt))
    .limit(1);
  if (!invite?.enquiryId) return null;
  const [enquiry] = await ctx.db
    .select({ id: enquiries.id, propertySlug: properties.slug })
    .from(enquiries)
    .leftJoin(properties, eq(properties.id, enquiries.propertyId))
    .where(and(eq(enquiries.id, invite.enquiryId), eq(enquiries.companyId, input.companyId)));
  if (!enquiry) return null;
  const expiresAt = new Date(now().getTime() + CHAT_TOKEN_DAYS * 86_400_000);
  return {
    enquiryId: enquiry.id,
    token: signChatToken(ctx.env.sessionSecret, enquiry.id, expiresAt),
    propertySlug: enquiry.propertySlug ?? null,
  };
}

/**
 * Where an enquiry's invitation went (its channel and the tenant's number), when it went: a web
 * chat that came from that enquiry is asked to confirm its viewing there, as a thread would be.
 */
export async function enquiryThread(
  ctx: AppContext,
  input: { companyId: string; enquiryId: string },
): Promise<{ channel: MessagingChannel; phone: string } | null> {
  const [invite] = await ctx.db
    .select({ channel: channelMessages.channel, phone: channelMessages.phone })
    .from(channelMessages)
    .where(
      and(
        eq(channelMessages.companyId, input.companyId),
        eq(channelMessages.direction, 'out'),
        ne(channelMessages.status, 'failed'),
        sql`${channelMessages.payload}->>'enquiryId' = ${input.enquiryId}`,
      ),
    )
    .orderBy(desc(channelMessages.createdAt))
    .limit(1);
  return invite ?? null;
}
