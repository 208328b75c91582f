import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '#server/db/client.ts';
import { companies, conversations, leads, properties, viewings } from '#server/db/schema.ts';
import type { ChatResponse, EndChatResponse } from '#shared/schemas/chat.ts';
import type { ServerProcess } from './server-processes.ts';
import { createScaleDatabase, seedAgency, startServerProcess } from './server-processes.ts';

/**
 * No lead lost under contention: two server processes on one PostgreSQL, rounds of chats
 * starting and ending back to back on the same companies, with duplicate ends, unload beacons,
 * turns still in flight, bookings of the same time and companies running out of credits. Every
 * request must answer below 500, and per company the leads, the credits spent and the ends that
 * answered `leadCreated` must agree. Runs in the `postgres` test project only.
 */
const ROUNDS = Number(process.env.CONTENTION_ROUNDS ?? 4);
const CHATS_PER_BATCH = Number(process.env.CONTENTION_CHATS ?? 12);

type Answer = { status: number; body: string };

const NAMES = ['Sarah Jones', 'Tom Brown', 'Amira Khan', 'Ben Hughes', 'Chloe Evans', 'Dan Wright'];

/** A token of letters only, unique enough for a tenant's email (digits would read as money). */
function letters(): string {
  return Array.from(randomUUID().replaceAll('-', '').slice(0, 10), (c) =>
    String.fromCharCode(97 + (Number.parseInt(c, 16) % 26)),
  ).join('');
}

describe('no lead lost under contention, two server processes on one PostgreSQL', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let servers: ServerProcess[] = [];
  const failures: string[] = [];

  beforeAll(async () => {
    const created = await createScaleDatabase();
    drop = created.drop;
    database = await openDatabase({ databaseUrl: created.url, maxConnections: 4 });
    servers = await Promise.all([
      startServerProcess(created.url, { JOBS: process.env.CONTENTION_JOBS ?? 'false' }),
      startServerProcess(created.url, { JOBS: process.env.CONTENTION_JOBS ?? 'false' }),
    ]);
  }, 180_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await database?.close();
    await drop?.();
  });

  /** A request whose answer must be below 500; a 5xx is recorded with the server's last words. */
  async function send(
    server: ServerProcess,
    path: string,
    body: unknown,
    contentType = 'application/json',
  ): Promise<Answer> {
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status >= 500) {
      failures.push(`${path} answered ${response.status}: ${text}\n${server.output().slice(-3000)}`);
    }
    return { status: response.status, body: text };
  }

  async function agency(credits: number, withViewings: boolean) {
    const { company, suffix } = await seedAgency(database.db, 'contention', credits);
    const [property] = await database.db
      .insert(properties)
      .values({
        companyId: company.id,
        propertyName: '2 Bed Flat, Elm Road',
        slug: `elm-${suffix}`,
        propertyAddress: '14 Elm Road, Leeds LS6 2AB',
        propertyRentalPrice: '£1,200 pcm',
        numberOfBedrooms: 2,
        vacancyDate: withViewings ? null : '01/03/2027',
      })
      .returning();
    if (withViewings) {
      await database.db
        .update(companies)
        .set({
          viewingSchedule: {
            windows: [
              { day: 6, start: '10:00', end: '13:00' },
              { day: 3, start: '17:00', end: '19:00' },
            ],
            slotMinutes: 20,
            bufferMinutes: 0,
            minNoticeHours: 0,
            horizonDays: 14,
            partiesPerSlot: 1,
          },
        })
        .where(eq(companies.id, company.id));
    }
    return { company, property: property! };
  }

  type Agency = Awaited<ReturnType<typeof agency>>;

  /** Starts a chat whose first message already answers (so its end makes a lead). */
  async function startChat(server: ServerProcess, { company, property }: Agency): Promise<string | null> {
    const tenant = letters();
    const answer = await send(server, `/api/chat/${company.slug}`, {
      message: `Hi, I'm Sam Taylor, there are 2 of us, sam.${tenant}@example.test`,
      propertySlug: property.slug,
    });
    // 429: the company had no credit left to start one (no conversation, no lead expected).
    return answer.status === 200 ? (JSON.parse(answer.body) as ChatResponse).sessionKey : null;
  }

  /** The ways a chat ends at once, by index: every end is sent to both processes. */
  async function endChat(i: number, [a, b]: ServerProcess[], slug: string, key: string): Promise<Answer[]> {
    const end = `/api/chat/${slug}/end`;
    switch (i % 4) {
      case 0: // the Submit button pressed twice, each press to another process
        return Promise.all([
          send(a!, end, { userSessionKey: key, reason: 'submit' }),
          send(b!, end, { userSessionKey: key, reason: 'submit' }),
        ]);
      case 1: // an answer still in flight as the chat ends
        return Promise.all([
          send(b!, `/api/chat/${slug}`, { message: 'We could move in on 1 March', userSessionKey: key }),
          send(a!, end, { userSessionKey: key, reason: 'auto' }),
        ]);
      case 2: // the page's unload beacon, then the automatic save, and its duplicate
        return Promise.all([
          send(a!, end, { userSessionKey: key, reason: 'unload' }, 'text/plain;charset=UTF-8'),
          send(b!, end, { userSessionKey: key, reason: 'auto' }, 'text/plain;charset=UTF-8'),
          send(a!, end, { userSessionKey: key }),
        ]);
      default: // an end with no reason, as a beacon and as JSON
        return Promise.all([
          send(b!, end, { userSessionKey: key }, 'text/plain;charset=UTF-8'),
          send(a!, end, { userSessionKey: key }),
        ]);
    }
  }

  /** Qualifies a chat on a company with viewing hours until it is offered times. */
  async function chatOfferedTimes(server: ServerProcess, { company, property }: Agency) {
    const tenant = letters();
    const chat = `/api/chat/${company.slug}`;
    const start = await send(server, chat, { message: '', propertySlug: property.slug });
    const { sessionKey } = JSON.parse(start.body) as ChatResponse;
    let offer: ChatResponse | null = null;
    for (const message of [
      '2 of us, both nurses, £58k together, could move in ASAP',
      NAMES[Math.floor(Math.random() * NAMES.length)]!,
      `alex.${tenant}@example.test and 07700 900${String(Math.floor(Math.random() * 900) + 100)}`,
      'yes',
    ]) {
      offer = JSON.parse((await send(server, chat, { message, userSessionKey: sessionKey })).body);
    }
    return { sessionKey, offer: offer! };
  }

  async function countLeads(companyId: string): Promise<number> {
    const [row] = await database.db
      .select({ value: count() })
      .from(leads)
      .where(eq(leads.companyId, companyId));
    return row!.value;
  }

  async function creditsOf(companyId: string): Promise<number> {
    const [row] = await database.db
      .select({ currentCount: companies.currentCount })
      .from(companies)
      .where(eq(companies.id, companyId));
    return row!.currentCount;
  }

  it(`${ROUNDS} rounds of concurrent ends: no 5xx, and leads = credits spent = ends that made a lead`, async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    for (let round = 0; round < ROUNDS; round += 1) {
      // Plenty of credits, a few (it runs out while its chats end), and one with viewing hours.
      const plenty = await agency(100, false);
      const scarce = await agency(100, false);
      const booking = await agency(100, true);
      const agencies = [plenty, scarce, booking];

      // Two tenants of the booking agency are offered the same times and will pick the same one.
      const offered = await Promise.all([chatOfferedTimes(a, booking), chatOfferedTimes(b, booking)]);
      const wanted = offered[0].offer.quickReplies[0]!;

      const firstBatch = await Promise.all(
        agencies.flatMap((agency) =>
          Array.from({ length: CHATS_PER_BATCH }, (_, i) => startChat(i % 2 === 0 ? a : b, agency)),
        ),
      );
      // Other enquiries spent credits meanwhile: the scarce agency has 5 left for its 12 chats.
      await database.db.update(companies).set({ currentCount: 5 }).where(eq(companies.id, scarce.company.id));

      // The first batch ends while a second batch starts on the same companies and the two
      // tenants book the same time: everything at once, across both processes.
      const ends: { companyId: string; answers: Promise<Answer[]> }[] = [];
      const endAll = (keys: (string | null)[], perAgency: number, offset: number, order: ServerProcess[]) =>
        keys.forEach((key, n) => {
          const { company } = agencies[Math.floor(n / perAgency)]!;
          if (key)
            ends.push({ companyId: company.id, answers: endChat(n + offset, order, company.slug, key) });
        });
      endAll(firstBatch, CHATS_PER_BATCH, round, [a, b]);
      const [secondBatch, ...picks] = await Promise.all([
        Promise.all(
          agencies.flatMap((agency) =>
            Array.from({ length: CHATS_PER_BATCH / 2 }, (_, i) => startChat(i % 2 === 0 ? b : a, agency)),
          ),
        ),
        ...offered.map(({ sessionKey }, i) =>
          send(i === 0 ? b : a, `/api/chat/${booking.company.slug}`, {
            message: wanted,
            userSessionKey: sessionKey,
          }),
        ),
      ]);
      endAll(secondBatch, CHATS_PER_BATCH / 2, round + 1, [b, a]);
      for (const { sessionKey } of offered) {
        ends.push({
          companyId: booking.company.id,
          answers: Promise.all([
            send(a, `/api/chat/${booking.company.slug}/end`, {
              userSessionKey: sessionKey,
              reason: 'submit',
            }),
            send(b, `/api/chat/${booking.company.slug}/end`, {
              userSessionKey: sessionKey,
              reason: 'submit',
            }),
          ]),
        });
      }
      const settled = await Promise.all(ends.map(async (end) => ({ ...end, answers: await end.answers })));
      expect(failures).toEqual([]);

      const booked = picks.filter((pick) => (JSON.parse(pick.body) as ChatResponse).viewing);
      expect(booked).toHaveLength(1);
      const atWanted = await database.db
        .select({ id: viewings.id })
        .from(viewings)
        .where(eq(viewings.companyId, booking.company.id));
      expect(atWanted).toHaveLength(1);

      for (const { company } of agencies) {
        const answers = settled.filter((end) => end.companyId === company.id).flatMap((end) => end.answers);
        const made = answers.filter(
          (answer) => answer.status === 200 && (JSON.parse(answer.body) as EndChatResponse).leadCreated,
        ).length;
        const started = await database.db
          .select({ value: count() })
          .from(conversations)
          .where(eq(conversations.companyId, company.id));
        const [open] = await database.db
          .select({ value: count() })
          .from(conversations)
          .where(and(eq(conversations.companyId, company.id), eq(conversations.status, 'active')));
        const leadCount = await countLeads(company.id);
        // Every conversation answered something, and every one ended: one lead each.
        expect({ round, company: company.slug, leads: leadCount }).toEqual({
          round,
          company: company.slug,
          leads: started[0]!.value,
        });
        expect(made).toBe(leadCount);
        expect(open!.value).toBe(0);
        const creditsBefore = company.id === scarce.company.id ? 5 : 100;
        // Never below zero; every lead spent one while there was one to spend.
        expect(creditsBefore - (await creditsOf(company.id))).toBe(Math.min(leadCount, creditsBefore));
      }
    }
  }, 300_000);
});
