import { desc, eq, ne, sql } from 'drizzle-orm';
import { type Company, enquiries, inboundMessages, properties } from '#server/db/schema.ts';
import type { AppContext } from '#server/lib/context.ts';
import type { EnquiriesResponse } from '#shared/schemas/enquiries.ts';
import { ensureInboundLocalPart, inboundAddressOf } from './inbound-address.ts';

const LIST_LIMIT = 500;
const OTHER_MESSAGES_LIMIT = 50;

/** GET /api/companies/{id}/enquiries: the newest enquiries, the inbound address, other mail. */
export async function listEnquiries(ctx: AppContext, company: Company): Promise<EnquiriesResponse> {
  const localPart = await ensureInboundLocalPart(ctx, company);
  const rows = await ctx.db
    .select({
      enquiry: enquiries,
      propertyName: properties.propertyName,
      // The lead made from the enquiry's chat (linked when the lead was written).
      leadId: sql<
        string | null
      >`(select l.id from leads l where l.enquiry_id = ${enquiries.id} order by l.created_at limit 1)`,
    })
    .from(enquiries)
    .leftJoin(properties, eq(properties.id, enquiries.propertyId))
    .where(eq(enquiries.companyId, company.id))
    .orderBy(desc(enquiries.createdAt))
    .limit(LIST_LIMIT);
  const others = await ctx.db
    .select()
    .from(inboundMessages)
    .where(sql`${inboundMessages.companyId} = ${company.id} and ${ne(inboundMessages.kind, 'enquiry')}`)
    .orderBy(desc(inboundMessages.receivedAt))
    .limit(OTHER_MESSAGES_LIMIT);
  return {
    inboundAddress: inboundAddressOf(ctx, localPart),
    widgetSnippet: `<script src="${ctx.env.appUrl}/widget.js" data-company="${company.slug}" async></script>`,
    enquiries: rows.map(({ enquiry, propertyName, leadId }) => ({
      id: enquiry.id,
      source: enquiry.source as EnquiriesResponse['enquiries'][number]['source'],
      status: enquiry.status as EnquiriesResponse['enquiries'][number]['status'],
      name: enquiry.name,
      email: enquiry.email,
      phone: enquiry.phone,
      message: enquiry.message,
      propertyId: enquiry.propertyId,
      propertyName: propertyName ?? null,
      listing: enquiry.listing,
      repliedAt: enquiry.repliedAt?.toISOString() ?? null,
      replySkippedReason: enquiry.replySkippedReason,
      followedUpAt: enquiry.followedUpAt?.toISOString() ?? null,
      leadId: leadId ?? null,
      receivedAt: enquiry.createdAt.toISOString(),
    })),
    otherMessages: others.map((message) => ({
      id: message.id,
      kind: message.kind as EnquiriesResponse['otherMessages'][number]['kind'],
      from: message.fromAddress,
      subject: message.subject,
      text: message.text.slice(0, 2000),
      receivedAt: message.receivedAt.toISOString(),
    })),
  };
}
