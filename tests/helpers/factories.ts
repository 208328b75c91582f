import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { emptyFields } from '#agent/dialogue.ts';
import type { ExtractedFields } from '#agent/types.ts';
import type { Db } from '#server/db/client.ts';
import {
  type ConversationChannel,
  chatTranscripts,
  companies,
  companyMembers,
  conversations,
  enquiries,
  leads,
  properties,
  propertyPhotos,
  users,
  viewings,
} from '#server/db/schema.ts';
import { type PlanType, plans } from '#shared/plans.ts';
import type { LeadStatus } from '#shared/schemas/leads.ts';
import type { ViewingStatus } from '#shared/schemas/viewings.ts';
import type { TestApp } from './app.ts';
import { sampleLead } from './sample-lead.ts';

let counter = 0;
export function unique(prefix = 'x'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}-${randomUUID().slice(0, 6)}`;
}

export const TEST_PASSWORD = 'Sunny-Flat-42!';

/** A lead's score breakdown as the scorer writes it: 8 of 10 for a nurse couple on £42k. */
export const scoreBreakdown = {
  total: 8,
  max: 10,
  parts: [
    { label: 'Affordability', points: 4, max: 4, reason: 'Income is 35 times the monthly rent' },
    { label: 'Move-in fit', points: 1, max: 2, reason: 'Moving in 20 days after the vacancy date' },
    { label: 'Occupancy', points: 1, max: 1, reason: '2 people for 2 bedrooms' },
    { label: 'Occupation', points: 1, max: 1, reason: 'Nurse' },
    { label: 'Contact', points: 1, max: 1, reason: 'Name and email given' },
    { label: 'Viewing readiness', points: 0, max: 1, reason: 'No viewing availability given' },
  ],
};

/** A verified user, signed in: returns the session cookie to send with requests. */
export async function createSignedInUser(
  app: TestApp,
  overrides: { email?: string; firstName?: string; lastName?: string; password?: string } = {},
) {
  const email = (overrides.email ?? `${unique('agent')}@example.test`).toLowerCase();
  const password = overrides.password ?? TEST_PASSWORD;
  const firstName = overrides.firstName ?? 'Alex';
  const lastName = overrides.lastName ?? 'Agent';
  await app.ctx.auth.api.signUpEmail({
    body: { email, password, name: `${firstName} ${lastName}`, firstName, lastName },
  });
  await app.ctx.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
  const { headers, response } = await app.ctx.auth.api.signInEmail({
    body: { email, password },
    returnHeaders: true,
  });
  const cookie = headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return { userId: response.user.id, email, password, cookie };
}

export async function insertCompany(
  db: Db,
  ownerId: string,
  overrides: Partial<typeof companies.$inferInsert> = {},
) {
  const accountType = (overrides.accountType ?? 'free') as PlanType;
  const credits = plans[accountType].credits;
  const [company] = await db
    .insert(companies)
    .values({
      name: 'Test Lettings',
      slug: unique('test-lettings'),
      ownerId,
      email: `${unique('office')}@example.test`,
      phone: '020 7946 0000',
      accountType,
      accountLimit: credits,
      currentCount: credits,
      countResetDate: new Date(),
      ...overrides,
    })
    .returning();
  await db.insert(companyMembers).values({ companyId: company!.id, userId: ownerId, role: 'owner' });
  return company!;
}

/** A signed-in user who works for the company with this role (as if they took an invitation). */
export async function addMember(app: TestApp, companyId: string, role: 'admin' | 'negotiator') {
  const user = await createSignedInUser(app, { firstName: role === 'admin' ? 'Ada' : 'Nico' });
  await app.ctx.db.insert(companyMembers).values({ companyId, userId: user.userId, role });
  return { ...user, role };
}

/** A signed-in user who owns a company: the usual starting point of a route test. */
export async function createCompanyUser(
  app: TestApp,
  companyOverrides: Partial<typeof companies.$inferInsert> = {},
  userOverrides: Parameters<typeof createSignedInUser>[1] = {},
) {
  const user = await createSignedInUser(app, userOverrides);
  const company = await insertCompany(app.ctx.db, user.userId, companyOverrides);
  return { ...user, company };
}

export type CompanyUser = Awaited<ReturnType<typeof createCompanyUser>>;

/** A listing's details as an agent types them into the property form. */
export const propertyFields = {
  propertyName: '2 Bed Flat, Elm Road',
  propertyAddress: '14 Elm Road, Leeds LS6 2AB',
  propertyRentalPrice: '£1,200 pcm',
  numberOfBedrooms: 2,
  parkingSpace: 'One allocated space',
  vacancyDate: '01/03/2027',
  landlord: 'Mrs Patel 07700 900123',
};

export async function insertProperty(
  app: TestApp,
  companyId: string,
  companySlug: string,
  overrides: Partial<typeof properties.$inferInsert> = {},
) {
  const slug = overrides.slug ?? unique('flat');
  const [property] = await app.ctx.db
    .insert(properties)
    .values({
      companyId,
      ...propertyFields,
      slug,
      chatbotUrl: `${app.ctx.env.appUrl}/chatbot/${companySlug}/${slug}`,
      ...overrides,
    })
    .returning();
  return property!;
}

/** A small picture's bytes, made fresh: JPEG, PNG or WebP as a camera or an editor writes it. */
export async function makePicture(
  format: 'jpeg' | 'png' | 'webp' = 'jpeg',
  { width = 64, height = 48 }: { width?: number; height?: number } = {},
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#5b8c5a' } })
    .toFormat(format)
    .toBuffer();
}

/** A photo stored on a property, as an upload leaves it. */
export async function insertPhoto(
  app: TestApp,
  property: { id: string; companyId: string },
  overrides: Partial<typeof propertyPhotos.$inferInsert> = {},
) {
  const data = await makePicture('jpeg');
  const [photo] = await app.ctx.db
    .insert(propertyPhotos)
    .values({
      propertyId: property.id,
      companyId: property.companyId,
      position: 0,
      width: 64,
      height: 48,
      byteSize: data.length,
      data,
      ...overrides,
    })
    .returning({ id: propertyPhotos.id });
  return photo!;
}

export async function insertLead(
  db: Db,
  companyId: string,
  overrides: Partial<typeof leads.$inferInsert> = {},
) {
  const [lead] = await db
    .insert(leads)
    .values({
      companyId,
      ...sampleLead,
      email: `${unique('tenant')}@example.test`,
      annualIncome: 42_000,
      score: 8,
      ...overrides,
    })
    .returning();
  return lead!;
}

export type ChatSeed = {
  propertyId: string | null;
  source: string | null;
  at: string;
  turns: number;
  lead?: { status: LeadStatus; propertyId?: string; name?: string };
  viewings?: ViewingStatus[];
  /** A WhatsApp or SMS thread (the tenant wrote first, from a number); the web chat by default. */
  channel?: ConversationChannel;
};

/**
 * A chat as the chat page leaves it, started at `at`, with its lead and viewings: rows written
 * straight in, for the Insights funnel's tests.
 */
export async function insertFunnelChat(app: TestApp, companyId: string, chat: ChatSeed) {
  const at = new Date(chat.at);
  const [conversation] = await app.ctx.db
    .insert(conversations)
    .values({
      sessionKey: randomBytes(16).toString('hex'),
      companyId,
      propertyId: chat.propertyId,
      source: chat.source,
      channel: chat.channel ?? 'web',
      contactPhone: chat.channel && chat.channel !== 'web' ? `+4477009${randomInt(10_000, 99_999)}` : null,
      turnCount: chat.turns,
      status: chat.turns > 0 ? 'ended' : 'active',
      createdAt: at,
      lastActivityAt: at,
    })
    .returning();
  if (chat.lead) {
    await insertLead(app.ctx.db, companyId, {
      conversationId: conversation!.id,
      propertyId: chat.lead.propertyId ?? chat.propertyId,
      status: chat.lead.status,
      source: chat.source,
      name: chat.lead.name ?? 'Sarah Jones',
      createdAt: new Date(at.getTime() + 600_000),
    });
  }
  for (const [index, status] of (chat.viewings ?? []).entries()) {
    const startsAt = new Date(at.getTime() + (index + 2) * 86_400_000);
    await app.ctx.db.insert(viewings).values({
      companyId,
      propertyId: chat.propertyId,
      conversationId: conversation!.id,
      propertyName: 'Seeded',
      propertyAddress: 'Seeded',
      startsAt,
      endsAt: new Date(startsAt.getTime() + 1_200_000),
      status,
      manageToken: randomBytes(32).toString('base64url'),
    });
  }
}

export async function insertEnquiry(
  app: TestApp,
  companyId: string,
  input: { propertyId: string; source: 'rightmove' | 'zoopla'; at: string; replySeconds: number | null },
) {
  const at = new Date(input.at);
  await app.ctx.db.insert(enquiries).values({
    companyId,
    propertyId: input.propertyId,
    source: input.source,
    email: `${unique('enq')}@example.test`,
    listing: { address: null, postcode: null, price: null, reference: null },
    createdAt: at,
    repliedAt: input.replySeconds === null ? null : new Date(at.getTime() + input.replySeconds * 1000),
  });
}

/** What a tenant has told the assistant by the time they book: two people, a nurse on £40,000. */
export function tenantFields(overrides: Partial<ExtractedFields> = {}): ExtractedFields {
  return {
    ...emptyFields(),
    numberOfPeople: 2,
    annualIncome: 40_000,
    profession: 'Nurse',
    name: 'Sarah Jones',
    email: `${unique('sarah')}@example.test`,
    phone: '+447700900123',
    ...overrides,
  };
}

/**
 * A finished chat as the chat feature stores it: its conversation, its transcript and (unless
 * `lead` is false) the lead made from them, each with the given overrides.
 */
export async function insertChat(
  db: Db,
  companyId: string,
  overrides: {
    conversation?: Partial<typeof conversations.$inferInsert>;
    transcript?: Partial<typeof chatTranscripts.$inferInsert>;
    lead?: Partial<typeof leads.$inferInsert> | false;
  } = {},
) {
  const [conversation] = await db
    .insert(conversations)
    .values({
      sessionKey: unique('session'),
      companyId,
      status: 'ended',
      messages: [
        {
          id: 'm1',
          sender: 'user',
          content: 'Hi, 2 of us, both nurses, £42k together',
          timestamp: '2025-01-05T15:01:00.000Z',
        },
      ],
      ...overrides.conversation,
    })
    .returning();
  const [transcript] = await db
    .insert(chatTranscripts)
    .values({
      companyId,
      conversationId: conversation!.id,
      fileName: 'chat.txt',
      content: 'User: Hi, 2 of us, both nurses, £42k together',
      processed: overrides.lead !== false,
      ...overrides.transcript,
    })
    .returning();
  const lead =
    overrides.lead === false
      ? undefined
      : await insertLead(db, companyId, {
          conversationId: conversation!.id,
          chatTranscriptId: transcript!.id,
          ...overrides.lead,
        });
  return { conversation: conversation!, transcript: transcript!, lead };
}
