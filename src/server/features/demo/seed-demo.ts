import { count, eq, sql } from 'drizzle-orm';
import {
  accounts,
  chatTranscripts,
  companies,
  enquiries,
  leadActivity,
  leads,
  users,
} from '#server/db/schema.ts';
import {
  endConversation,
  formatTranscript,
  handleChatTurn,
  transcriptFileName,
} from '#server/features/chat/index.ts';
import { insertCompany } from '#server/features/companies/index.ts';
import { backdate, findById, findBySessionKey } from '#server/features/conversations/index.ts';
import { createProperty } from '#server/features/properties/index.ts';
import { now } from '#server/lib/clock.ts';
import type { AppContext } from '#server/lib/context.ts';
import { DEMO_AGENCY_NAME, demoConversations, demoProperties } from '#shared/demo-agency.ts';
import { propertyInputSchema } from '#shared/schemas/properties.ts';

export const DEMO_EMAIL = 'demo@letlead.local';
export const DEMO_PASSWORD = 'Demo-Lettings-2026!';

/** Enquiries from the portals, as their emails would have brought them. */
const demoEnquiries = [
  {
    property: 0,
    source: 'rightmove',
    status: 'invited',
    name: 'Hannah Brooks',
    email: 'hannah.brooks@example.com',
    phone: '07700 900311',
    message: 'Is the flat still available? I would like to arrange a viewing.',
    address: '14 Elm Road, Leeds',
    hoursAgo: 3,
  },
  {
    property: 1,
    source: 'zoopla',
    status: 'chatted',
    name: 'Mohammed Aziz',
    email: 'm.aziz@example.com',
    phone: null,
    message: 'We are a family of four. Are pets allowed?',
    address: '52 Cardigan Road, Leeds',
    hoursAgo: 26,
  },
  {
    property: 2,
    source: 'onthemarket',
    status: 'no_response',
    name: 'Ella Fitzgerald',
    email: 'ella.f@example.com',
    phone: '07700 900422',
    message: 'Could you tell me more about the studio?',
    address: null,
    hoursAgo: 24 * 8,
  },
  {
    property: null,
    source: 'email',
    status: 'invited',
    name: 'Sam Carter',
    email: 'sam.carter@example.com',
    phone: null,
    message: 'Do you have any two-bedroom flats near the university?',
    address: null,
    hoursAgo: 50,
  },
] as const;

/**
 * Moves a demo chat, as it was just held, back to `endedAt`: every message keeps its place in the
 * conversation, and the lead, the transcript and the lead's activity carry the same times, so a
 * lead from last week shows last week's times in its transcript (and "tomorrow" in its
 * availability means the day after that chat).
 */
async function backdateChat(
  ctx: AppContext,
  input: {
    conversationId: string;
    endedAt: Date;
    company: { slug: string; name: string };
    propertyName: string | null;
  },
): Promise<void> {
  const conversation = await findById(ctx, input.conversationId);
  if (!conversation) return;
  const lastAt = Date.parse(conversation.messages.at(-1)?.timestamp ?? conversation.createdAt.toISOString());
  const shiftMs = input.endedAt.getTime() - lastAt;
  const messages = conversation.messages.map((message) => ({
    ...message,
    timestamp: new Date(Date.parse(message.timestamp) + shiftMs).toISOString(),
  }));
  const startedAt = new Date(conversation.createdAt.getTime() + shiftMs);
  await backdate(ctx, { conversationId: conversation.id, messages, startedAt, endedAt: input.endedAt });
  await ctx.db
    .update(chatTranscripts)
    .set({
      createdAt: input.endedAt,
      fileName: transcriptFileName(input.company.slug, startedAt.toISOString(), conversation.id),
      content: formatTranscript({
        companyName: input.company.name,
        propertyName: input.propertyName,
        messages,
      }),
    })
    .where(eq(chatTranscripts.conversationId, conversation.id));
  const [lead] = await ctx.db
    .update(leads)
    .set({ createdAt: input.endedAt, updatedAt: input.endedAt })
    .where(eq(leads.conversationId, conversation.id))
    .returning({ id: leads.id });
  if (lead) {
    await ctx.db
      .update(leadActivity)
      .set({ at: sql`${leadActivity.at} + make_interval(secs => ${shiftMs / 1000}::float8)` })
      .where(eq(leadActivity.leadId, lead.id));
  }
}

/**
 * On an empty embedded database, a demo agency with listings and leads made by real
 * conversations through the guided agent, so that a newcomer sees a working product at once.
 * Returns false when the database already has users.
 */
export async function seedDemoData(ctx: AppContext): Promise<boolean> {
  const [{ value: userCount } = { value: 0 }] = await ctx.db.select({ value: count() }).from(users);
  if (userCount > 0) return false;

  const authContext = await ctx.auth.$context;
  const at = now();
  const userId = crypto.randomUUID();
  await ctx.db.insert(users).values({
    id: userId,
    name: 'Demo Agent',
    email: DEMO_EMAIL,
    emailVerified: true,
    firstName: 'Demo',
    lastName: 'Agent',
  });
  await ctx.db.insert(accounts).values({
    id: crypto.randomUUID(),
    accountId: userId,
    providerId: 'credential',
    userId,
    password: await authContext.password.hash(DEMO_PASSWORD),
  });
  const company = await insertCompany(ctx.db, {
    ownerId: userId,
    name: DEMO_AGENCY_NAME,
    email: DEMO_EMAIL,
    phone: '0113 496 0123',
  });
  const properties: Awaited<ReturnType<typeof createProperty>>[] = [];
  for (const values of demoProperties) {
    properties.push(await createProperty(ctx, { company, input: propertyInputSchema.parse(values) }));
  }

  const conversationIds: string[] = [];
  for (const [index, conversation] of demoConversations.entries()) {
    const propertySlug = conversation.property === null ? null : properties[conversation.property]!.slug;
    let sessionKey: string | null = null;
    for (const message of conversation.messages) {
      const reply = await handleChatTurn(ctx, {
        companySlug: company.slug,
        request: { message, userSessionKey: sessionKey, propertySlug, src: null, enquiryToken: null },
      });
      sessionKey = reply.sessionKey;
    }
    const ended = await findBySessionKey(ctx, sessionKey!);
    if (ended) {
      await endConversation(ctx, ended.id);
      conversationIds.push(ended.id);
      // Spread the chats over the last fortnight, as a real inbox would look.
      const endedAt = new Date(at.getTime() - (index * 2.3 + 0.4) * 24 * 60 * 60 * 1000);
      const property = conversation.property === null ? null : properties[conversation.property]!;
      await backdateChat(ctx, {
        conversationId: ended.id,
        endedAt,
        company,
        propertyName: property?.propertyName ?? null,
      });
    }
  }
  await ctx.db.update(companies).set({ lastLeadEmailAt: null }).where(eq(companies.id, company.id));

  // Portal enquiries as the Enquiries tab lists them, so a newcomer sees what arrives there.
  const hoursAgo = (hours: number) => new Date(at.getTime() - hours * 3_600_000);
  await ctx.db.insert(enquiries).values(
    demoEnquiries.map((enquiry) => ({
      companyId: company.id,
      propertyId: enquiry.property === null ? null : properties[enquiry.property]!.id,
      source: enquiry.source,
      status: enquiry.status,
      name: enquiry.name,
      email: enquiry.email,
      phone: enquiry.phone,
      message: enquiry.message,
      listing: { address: enquiry.address, postcode: null, price: null, reference: null },
      createdAt: hoursAgo(enquiry.hoursAgo),
      repliedAt: hoursAgo(enquiry.hoursAgo - 0.01),
      chattedAt: enquiry.status === 'chatted' ? hoursAgo(enquiry.hoursAgo - 1) : null,
    })),
  );
  return true;
}
