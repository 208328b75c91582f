import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companies, conversations, leads, viewings } from '#server/db/schema.ts';
import type { ChatResponse, EndChatResponse } from '#shared/schemas/chat.ts';
import { creditsOf } from '#tests/helpers/reads.ts';
import { type ServerProcess, seedAgencyWithListing, setUpTwoServers } from './server-processes.ts';

/**
 * No lead lost under contention: two server processes on one PostgreSQL, rounds of chats
 * starting and ending back to back on the same companies, with duplicate ends, unload beacons,
 * turns still in flight, bookings of the same time and companies running out of credits. Every
 * request must answer below 500, and per company the leads, the credits spent and the ends that
 * answered `leadCreated` must agree. Runs in the `postgres` test project only.
 */
const ROUNDS = Number(process.env.CONTENTION_ROUNDS ?? 4);
/** Chats ending at once at the busiest agency, in each round's first batch. */
const BUSY_CHATS = Number(process.env.CONTENTION_CHATS ?? 48);

type Answer = { status: number; body: string };

const NAMES = ['Sarah Jones', 'Tom Brown', 'Amira Khan', 'Ben Hughes', 'Chloe Evans', 'Dan Wright'];

/** A token of letters only, unique enough for a tenant's email (digits would read as money). */
function letters(): string {
  return Array.from(randomUUID().replaceAll('-', '').slice(0, 10), (c) =>
    String.fromCharCode(97 + (Number.parseInt(c, 16) % 26)),
  ).join('');
}

describe('no lead lost under contention, two server processes on one PostgreSQL', () => {
  const { database, servers } = setUpTwoServers({ JOBS: process.env.CONTENTION_JOBS ?? 'false' });
  const failures: string[] = [];

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

  function agency(credits: number, withViewings: boolean) {
    const windows = [
      { day: 6, start: '10:00', end: '13:00' },
      { day: 3, start: '17:00', end: '19:00' },
    ];
    return seedAgencyWithListing(database.db, 'contention', credits, withViewings ? windows : undefined);
  }

  type Agency = Awaited<ReturnType<typeof agency>>;
  type Chat = { agency: Agency; sessionKey: string; answered: boolean };

  /**
   * Starts a chat. Most tenants answer in their first message (so the end makes a lead); one in
   * four only says hello (the end keeps its transcript, with no lead and no credit). Null when the
   * company had no credit left to start one (429: no conversation).
   */
  async function startChat(server: ServerProcess, agency: Agency, n: number): Promise<Chat | null> {
    const answered = n % 4 !== 3;
    const answer = await send(server, `/api/chat/${agency.company.slug}`, {
      message: answered ? `Hi, I'm Sam Taylor, there are 2 of us, sam.${letters()}@example.test` : 'hello',
      propertySlug: agency.property.slug,
    });
    if (answer.status !== 200) return null;
    return { agency, sessionKey: (JSON.parse(answer.body) as ChatResponse).sessionKey, answered };
  }

  /** `count` chats at each agency, alternating between the processes. */
  async function startChats(agencies: [Agency, number][], first: ServerProcess, second: ServerProcess) {
    const chats = await Promise.all(
      agencies.flatMap(([agency, count]) =>
        Array.from({ length: count }, (_, n) => startChat(n % 2 === 0 ? first : second, agency, n)),
      ),
    );
    return chats.filter((chat) => chat !== null);
  }

  /** The ways a chat ends at once, by index: every end is sent to both processes. */
  async function endChat(i: number, [a, b]: ServerProcess[], chat: Chat): Promise<Answer[]> {
    const slug = chat.agency.company.slug;
    const key = chat.sessionKey;
    const end = `/api/chat/${slug}/end`;
    switch (i % 4) {
      case 0: // the Submit button pressed twice, each press to another process
        return Promise.all([
          send(a!, end, { userSessionKey: key, reason: 'submit' }),
          send(b!, end, { userSessionKey: key, reason: 'submit' }),
        ]);
      case 1: // an answer still in flight as the chat ends
        return Promise.all([
          send(b!, `/api/chat/${slug}`, {
            // A tenant who has not answered yet says nothing that answers now either.
            message: chat.answered ? 'We could move in on 1 March' : 'ok thanks',
            userSessionKey: key,
          }),
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

  it(`${ROUNDS} rounds of concurrent ends: no 5xx, and leads = credits spent = ends that made a lead`, async () => {
    const [a, b] = servers;
    for (let round = 0; round < ROUNDS; round += 1) {
      // One agency where many chats end at once, one that runs out of credits while its chats
      // end, and one whose tenants book viewings.
      const busy = await agency(500, false);
      const scarce = await agency(100, false);
      const booking = await agency(100, true);
      const agencies = [busy, scarce, booking];

      // Two tenants of the booking agency are offered the same times and will pick the same one.
      const offered = await Promise.all([chatOfferedTimes(a, booking), chatOfferedTimes(b, booking)]);
      const wanted = offered[0].offer.quickReplies[0]!;

      const chats = await startChats(
        [
          [busy, BUSY_CHATS],
          [scarce, 12],
          [booking, 8],
        ],
        a,
        b,
      );
      // Other enquiries spent credits meanwhile: the scarce agency has 5 left for its 9 leads.
      await database.db.update(companies).set({ currentCount: 5 }).where(eq(companies.id, scarce.company.id));

      // Everything at once, across both processes: the chats end (each end sent several times and
      // ways), a second batch starts on the same agencies, and the two tenants book the same time.
      const ended = chats.map((chat, n) => ({
        chat,
        answers: endChat(n + round, [a, b], chat),
      }));
      const [secondBatch, ...picks] = await Promise.all([
        startChats(
          [
            [busy, BUSY_CHATS / 2],
            [scarce, 6],
            [booking, 4],
          ],
          b,
          a,
        ),
        ...offered.map(({ sessionKey }, i) =>
          send(i === 0 ? b : a, `/api/chat/${booking.company.slug}`, {
            message: wanted,
            userSessionKey: sessionKey,
          }),
        ),
      ]);
      const offeredChats = offered.map(({ sessionKey }) => ({ agency: booking, sessionKey, answered: true }));
      for (const [n, chat] of [...secondBatch, ...offeredChats].entries()) {
        ended.push({
          chat,
          answers: endChat(n + round + 1, [b, a], chat),
        });
      }
      const settled = await Promise.all(ended.map(async (end) => ({ ...end, answers: await end.answers })));
      expect(failures).toEqual([]);

      const booked = picks.filter((pick) => (JSON.parse(pick.body) as ChatResponse).viewing);
      expect(booked).toHaveLength(1);
      const bookedViewings = await database.db
        .select({ id: viewings.id })
        .from(viewings)
        .where(eq(viewings.companyId, booking.company.id));
      expect(bookedViewings).toHaveLength(1);

      for (const { company } of agencies) {
        const ofCompany = settled.filter((end) => end.chat.agency.company.id === company.id);
        const made = ofCompany
          .flatMap((end) => end.answers)
          .filter(
            (answer) => answer.status === 200 && (JSON.parse(answer.body) as EndChatResponse).leadCreated,
          );
        const [open] = await database.db
          .select({ value: count() })
          .from(conversations)
          .where(and(eq(conversations.companyId, company.id), eq(conversations.status, 'active')));
        const leadCount = await countLeads(company.id);
        const figures = { round, company: company.slug };
        // Every chat ended, and each tenant who answered has exactly one lead, reported once.
        expect({ ...figures, open: open!.value }).toEqual({ ...figures, open: 0 });
        expect({ ...figures, leads: leadCount }).toEqual({
          ...figures,
          leads: ofCompany.filter((end) => end.chat.answered).length,
        });
        expect({ ...figures, leadCreated: made.length }).toEqual({ ...figures, leadCreated: leadCount });
        // A credit for each lead while there was one to spend, and never below zero.
        const creditsBefore =
          company.id === scarce.company.id ? 5 : company.id === busy.company.id ? 500 : 100;
        expect({ ...figures, spent: creditsBefore - (await creditsOf(database.db, company.id)) }).toEqual({
          ...figures,
          spent: Math.min(leadCount, creditsBefore),
        });
      }
    }
  }, 300_000);
});
