import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { emptyFields } from '#agent/dialogue.ts';
import type { ExtractedFields } from '#agent/types.ts';
import type { Db } from '#server/db/client.ts';
import {
  chatTranscripts,
  companies,
  conversations,
  leads,
  properties,
  propertyPhotos,
  users,
} from '#server/db/schema.ts';
import { type PlanType, plans } from '#shared/plans.ts';
import type { TestApp } from './app.ts';

let counter = 0;
export function unique(prefix = 'x'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}-${randomUUID().slice(0, 6)}`;
}

export const TEST_PASSWORD = 'Sunny-Flat-42!';

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
  return company!;
}

/** A signed-in user who owns a company: the usual starting point of a route test. */
export async function createCompanyUser(
  app: TestApp,
  companyOverrides: Partial<typeof companies.$inferInsert> = {},
) {
  const user = await createSignedInUser(app);
  const company = await insertCompany(app.ctx.db, user.userId, companyOverrides);
  return { ...user, company };
}

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
      propertyName: '2 Bed Flat, Elm Road',
      slug,
      propertyAddress: '14 Elm Road, Leeds LS6 2AB',
      propertyRentalPrice: '£1,200 pcm',
      numberOfBedrooms: 2,
      parkingSpace: 'One allocated space',
      vacancyDate: '01/03/2027',
      landlord: 'Mrs Patel 07700 900123',
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
      propertyName: '2 Bed Flat, Elm Road',
      propertyLocation: '14 Elm Road, Leeds LS6 2AB',
      rentalPrice: '£1,200 pcm',
      numberOfBeds: 2,
      name: 'Sarah Jones',
      email: `${unique('tenant')}@example.test`,
      contactNumber: '+447700900123',
      income: '£42,000 per year',
      annualIncome: 42_000,
      profession: 'Nurse',
      numberOfPeople: 2,
      moveInDate: '01/03/2027',
      availability: 'Weekday evenings',
      rating: '8',
      score: 8,
      ...overrides,
    })
    .returning();
  return lead!;
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
