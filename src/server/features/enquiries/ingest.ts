import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import {
  type Company,
  enquiries,
  enquiryReplyGuards,
  inboundMessages,
  properties,
  users,
} from '#server/db/schema.ts';
import { now } from '#server/lib/clock.ts';
import type { AppContext } from '#server/lib/context.ts';
import { notFound } from '#server/lib/errors.ts';
import { toStorable } from '#server/lib/unstorable-text.ts';
import type { InboundEmailResponse } from '#shared/schemas/enquiries.ts';
import { classifyMail, type MailClass, type ParsedEnquiry } from './classify-mail.ts';
import { findCompanyByRecipients } from './inbound-address.ts';
import { matchListing } from './match-listing.ts';
import { type ReadMail, readMail } from './read-mail.ts';
import { ENQUIRY_CHANNEL_INVITE_JOB, ENQUIRY_REPLY_JOB } from './replies.ts';

const MAX_STORED_TEXT = 20_000;

/** Reasons shown beside an enquiry that got no reply. */
export const SKIPPED = {
  noEmail: 'No email address to reply to',
  ownAddress: "The enquirer's address is the agency's own",
  repeat: 'Already invited about this property in the last 24 hours',
} as const;

/**
 * One message to an inbound address, from the SMTP receiver or the webhook. Whatever it is, it
 * is kept (inbound_messages); an enquiry is stored at once, and its reply goes through the job
 * queue. The same message delivered twice (same Message-ID) is stored and answered once.
 */
export async function ingestInboundEmail(
  ctx: AppContext,
  input: { raw: Buffer; recipients?: string[] },
): Promise<InboundEmailResponse> {
  // A NUL or broken Unicode in a message (any part of it) would fail the insert: it is dropped.
  const mail = toStorable(await readMailOrKeep(input.raw));
  const company = await findCompanyByRecipients(ctx, [...(input.recipients ?? []), ...mail.recipients]);
  if (!company) throw notFound('No agency has this inbound address');
  return storeInboundMail(ctx, company, mail);
}

/** Mail mailparser cannot make sense of is still kept, as its raw text. */
async function readMailOrKeep(raw: Buffer): Promise<ReadMail> {
  try {
    return await readMail(raw);
  } catch {
    return {
      from: null,
      replyTo: null,
      subject: '',
      text: raw.toString('utf8'),
      headers: {
        autoSubmitted: null,
        precedence: null,
        contentType: 'text/plain',
        hasAutoReplyHeader: false,
      },
      messageId: null,
      recipients: [],
    };
  }
}

/** The address our own emails are sent from (MAIL_FROM), lower case. */
export function mailFromAddress(ctx: AppContext): string {
  return (/<([^>]+)>/.exec(ctx.env.mailFrom)?.[1] ?? ctx.env.mailFrom).trim().toLowerCase();
}

/** Addresses never replied to: the agency's own, its owner's, and ours. */
async function ownAddresses(ctx: AppContext, company: Company): Promise<Set<string>> {
  const [owner] = await ctx.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, company.ownerId));
  return new Set(
    [company.email, owner?.email, mailFromAddress(ctx)]
      .filter((v): v is string => Boolean(v))
      .map((v) => v.toLowerCase()),
  );
}

export async function storeInboundMail(
  ctx: AppContext,
  company: Company,
  mail: ReadMail,
): Promise<InboundEmailResponse> {
  const own = await ownAddresses(ctx, company);
  // Our own mail come back (a reply sent to an inbound address): kept, never answered, no loop.
  const isOwnMail =
    mail.from !== null &&
    (mail.from.address === mailFromAddress(ctx) ||
      (ctx.env.inbound.domain !== undefined && mail.from.address.endsWith(`@${ctx.env.inbound.domain}`)));
  const classified: MailClass = isOwnMail ? { kind: 'unrecognised' } : classifyMail(mail);
  const kind: InboundEmailResponse['kind'] = isOwnMail ? 'own_address' : classified.kind;

  const result = await ctx.db.transaction(async (tx) => {
    const [message] = await tx
      .insert(inboundMessages)
      .values({
        companyId: company.id,
        kind,
        messageId: mail.messageId?.slice(0, 500) ?? null,
        fromAddress: mail.from?.address ?? null,
        subject: mail.subject.slice(0, 500) || null,
        text: mail.text.slice(0, MAX_STORED_TEXT),
        receivedAt: now(),
      })
      .onConflictDoNothing()
      .returning({ id: inboundMessages.id });
    if (!message) {
      const [earlier] = await tx
        .select({ kind: inboundMessages.kind, enquiryId: inboundMessages.enquiryId })
        .from(inboundMessages)
        .where(
          and(eq(inboundMessages.companyId, company.id), eq(inboundMessages.messageId, mail.messageId ?? '')),
        );
      return {
        response: {
          kind: (earlier?.kind ?? kind) as InboundEmailResponse['kind'],
          enquiryId: earlier?.enquiryId ?? null,
          isDuplicate: true,
        },
        shouldReply: false,
      };
    }
    if (classified.kind !== 'enquiry') {
      return { response: { kind, enquiryId: null, isDuplicate: false }, shouldReply: false };
    }

    const enquiry = classified.enquiry;
    const propertyId = await matchProperty(tx, company.id, enquiry);
    const skipped = !enquiry.email ? SKIPPED.noEmail : own.has(enquiry.email) ? SKIPPED.ownAddress : null;
    const [row] = await tx
      .insert(enquiries)
      .values({
        companyId: company.id,
        propertyId,
        source: enquiry.source,
        name: enquiry.name,
        email: enquiry.email,
        phone: enquiry.phone,
        message: enquiry.message,
        listing: enquiry.listing,
        replySkippedReason: skipped,
        createdAt: now(),
      })
      .returning({ id: enquiries.id, status: enquiries.status });
    await tx.update(inboundMessages).set({ enquiryId: row!.id }).where(eq(inboundMessages.id, message.id));

    let shouldReply = skipped === null;
    if (shouldReply && enquiry.email) {
      shouldReply = await claimReply(tx, { companyId: company.id, email: enquiry.email, propertyId });
      if (!shouldReply) {
        await tx
          .update(enquiries)
          .set({ replySkippedReason: SKIPPED.repeat })
          .where(eq(enquiries.id, row!.id));
      }
    }
    const stored = { id: row!.id, source: enquiry.source, propertyId, status: row!.status };
    return {
      response: { kind, enquiryId: row!.id, isDuplicate: false },
      shouldReply,
      stored,
      hasPhone: !!enquiry.phone,
    };
  });

  if ('stored' in result && result.stored)
    await ctx.events.emit('enquiry.received', { companyId: company.id, enquiry: result.stored });

  if (result.shouldReply && result.response.enquiryId) {
    await ctx.jobs.send(
      ENQUIRY_REPLY_JOB,
      { enquiryId: result.response.enquiryId },
      { singletonKey: result.response.enquiryId },
    );
    // With a phone number, the messaging feature answers on the company's channel too.
    if (result.hasPhone) {
      await ctx.jobs.send(
        ENQUIRY_CHANNEL_INVITE_JOB,
        { enquiryId: result.response.enquiryId },
        { singletonKey: result.response.enquiryId },
      );
    }
  }
  return result.response;
}

async function matchProperty(tx: Tx, companyId: string, enquiry: ParsedEnquiry): Promise<string | null> {
  const listings = await tx
    .select({
      id: properties.id,
      address: properties.propertyAddress,
      rentalPrice: properties.propertyRentalPrice,
    })
    .from(properties)
    .where(eq(properties.companyId, companyId));
  const known = new Map<string, string>();
  if (enquiry.listing.reference) {
    const [seen] = await tx
      .select({ propertyId: enquiries.propertyId })
      .from(enquiries)
      .where(
        and(
          eq(enquiries.companyId, companyId),
          isNotNull(enquiries.propertyId),
          sql`${enquiries.listing}->>'reference' = ${enquiry.listing.reference}`,
        ),
      )
      .orderBy(sql`${enquiries.createdAt} desc`)
      .limit(1);
    if (seen?.propertyId) known.set(enquiry.listing.reference, seen.propertyId);
  }
  return matchListing(enquiry.listing, listings, known);
}

/**
 * The one-reply-a-day rule, held by the database: the guard row for this enquirer and property
 * is inserted, or its time moved on when the last reply is 24 hours old or more. Exactly one of
 * any number of concurrent deliveries does either; the others reply to nothing.
 */
async function claimReply(
  tx: Tx,
  input: { companyId: string; email: string; propertyId: string | null },
): Promise<boolean> {
  const at = now();
  const rows = await tx
    .insert(enquiryReplyGuards)
    .values({
      companyId: input.companyId,
      email: input.email,
      propertyKey: input.propertyId ?? '',
      repliedAt: at,
    })
    .onConflictDoUpdate({
      target: [enquiryReplyGuards.companyId, enquiryReplyGuards.email, enquiryReplyGuards.propertyKey],
      set: { repliedAt: at },
      setWhere: sql`${enquiryReplyGuards.repliedAt} <= ${at.toISOString()}::timestamptz - interval '24 hours'`,
    })
    .returning({ companyId: enquiryReplyGuards.companyId });
  return rows.length > 0;
}
