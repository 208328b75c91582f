import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chatTranscripts, companies, conversations, leads, viewings } from '#server/db/schema.ts';
import { newManageToken } from '#server/features/viewings/booking.ts';
import type { ChatResponse, EndChatResponse } from '#shared/schemas/chat.ts';
import { postJson } from '#tests/helpers/post-json.ts';
import { creditsOf } from '#tests/helpers/reads.ts';
import { type ServerProcess, seedAgencyWithListing, setUpTwoServers } from './server-processes.ts';

/**
 * Scale-out: app processes are stateless, so two of them on one PostgreSQL
 * database behave as one. Two real server processes here, as behind a load balancer that sends
 * each request to either. Runs in the `postgres` test project only (TEST_DATABASE_URL).
 */
describe('two server processes on one PostgreSQL database', () => {
  const { database, servers } = setUpTwoServers();

  function insertAgency(credits: number) {
    return seedAgencyWithListing(database.db, 'scale', credits);
  }

  /**
   * An agency with 10 credits whose property is free to view now, on Saturdays 10:00–13:00 with
   * one party per 20-minute slot.
   */
  function agencyViewingOnSaturdayMornings() {
    return seedAgencyWithListing(database.db, 'scale', 10, [{ day: 6, start: '10:00', end: '13:00' }]);
  }

  function post<T>(server: ServerProcess, path: string, body: unknown): Promise<T> {
    return postJson<T>(`${server.url}${path}`, body, () => server.output().slice(-2000));
  }

  async function countOf(table: typeof leads | typeof chatTranscripts, companyId: string): Promise<number> {
    const [row] = await database.db
      .select({ value: count() })
      .from(table)
      .where(eq(table.companyId, companyId));
    return row!.value;
  }

  it('carries one conversation across both, turn by turn, and ends it on both at once into one lead and one credit', async () => {
    const [a, b] = servers;
    const { company, property } = await insertAgency(30);
    const chat = `/api/chat/${company.slug}`;

    const greeting = await post<ChatResponse>(a, chat, { message: '', propertySlug: property.slug });
    const answers = [
      'There are 2 of us, both nurses, earning £58k together',
      'We could move in on 1 March',
      "I'm Kim Lee, kim.lee@example.com, 07700 900123",
      'Weekday evenings',
      "Yes, that's all correct",
    ];
    // Each answer goes to the other process than the one before: B, A, B, A, B.
    for (const [index, message] of answers.entries()) {
      await post<ChatResponse>(index % 2 === 0 ? b : a, chat, {
        message,
        userSessionKey: greeting.sessionKey,
      });
    }
    const [stored] = await database.db
      .select()
      .from(conversations)
      .where(eq(conversations.sessionKey, greeting.sessionKey));
    expect(stored!.turnCount).toBe(answers.length);
    expect(stored!.messages.filter((m) => m.sender === 'user').map((m) => m.content)).toEqual(answers);

    const ends = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        post<EndChatResponse>(i % 2 === 0 ? a : b, `${chat}/end`, {
          userSessionKey: greeting.sessionKey,
          reason: 'submit',
        }),
      ),
    );
    expect(ends.filter((end) => end.leadCreated)).toHaveLength(1);
    expect(ends.filter((end) => end.alreadyEnded)).toHaveLength(7);

    const companyLeads = await database.db.select().from(leads).where(eq(leads.companyId, company.id));
    expect(companyLeads).toHaveLength(1);
    // Answers given to either process are in the one lead.
    expect(companyLeads[0]).toMatchObject({
      name: 'Kim Lee',
      email: 'kim.lee@example.com',
      contactNumber: '+447700900123',
      numberOfPeople: 2,
      annualIncome: 58_000,
      profession: expect.stringMatching(/nurse/i),
    });
    expect(await countOf(chatTranscripts, company.id)).toBe(1);
    expect(await creditsOf(database.db, company.id)).toBe(29);
  }, 120_000);

  it('saves all 200 leads of 200 ends at once with 150 credits left: 150 spent, never below zero', async () => {
    const [a, b] = servers;
    const { company, property } = await insertAgency(200);
    const chat = `/api/chat/${company.slug}`;
    const total = 200;

    // 200 tenants start (a credit was left for each) and answer, on either process.
    const sessionKeys: string[] = [];
    for (let batch = 0; batch < total; batch += 25) {
      const started = await Promise.all(
        Array.from({ length: 25 }, (_, i) =>
          post<ChatResponse>((batch + i) % 2 === 0 ? a : b, chat, {
            message: `I'm Tenant ${batch + i}, tenant${batch + i}@example.com`,
            propertySlug: property.slug,
          }),
        ),
      );
      sessionKeys.push(...started.map((reply) => reply.sessionKey));
    }
    // Meanwhile other enquiries spent credits: 150 are left for these 200 conversations.
    await database.db.update(companies).set({ currentCount: 150 }).where(eq(companies.id, company.id));

    let lowest = 150;
    let isEnding = true;
    const watch = (async () => {
      while (isEnding) {
        lowest = Math.min(lowest, await creditsOf(database.db, company.id));
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const ends = await Promise.all(
      sessionKeys.map((userSessionKey, i) =>
        post<EndChatResponse>(i % 2 === 0 ? a : b, `${chat}/end`, { userSessionKey, reason: 'submit' }),
      ),
    );
    isEnding = false;
    await watch;

    expect(ends.filter((end) => end.leadCreated)).toHaveLength(total);
    expect(await countOf(leads, company.id)).toBe(total);
    expect(await countOf(chatTranscripts, company.id)).toBe(total);
    const leadEmails = await database.db
      .select({ email: leads.email })
      .from(leads)
      .where(eq(leads.companyId, company.id));
    expect(new Set(leadEmails.map((lead) => lead.email)).size).toBe(total);
    expect(await creditsOf(database.db, company.id)).toBe(0);
    expect(lowest).toBeGreaterThanOrEqual(0);
  }, 180_000);

  it('six tenants taking the same single-party slot at the same instant on two instances: exactly one gets it', async () => {
    const [a, b] = servers;
    const { company, property } = await agencyViewingOnSaturdayMornings();
    const slotsResponse = await fetch(
      `${a.url}/api/chat/${company.slug}/slots?propertySlug=${property.slug}`,
    );
    const { slots } = (await slotsResponse.json()) as { slots: { startsAt: string }[] };
    expect(slots.length).toBeGreaterThanOrEqual(7);
    const wanted = slots[6]!.startsAt;

    // Six tenants, each holding another slot, all move to the same one at once, across both
    // instances: the slot's lock and count decide, whichever process serves the request.
    const tokens = await Promise.all(
      slots.slice(0, 6).map(async (slot, i) => {
        const startsAt = new Date(slot.startsAt);
        const [row] = await database.db
          .insert(viewings)
          .values({
            companyId: company.id,
            propertyId: property.id,
            propertyName: property.propertyName,
            propertyAddress: property.propertyAddress,
            startsAt,
            endsAt: new Date(startsAt.getTime() + 20 * 60_000),
            manageToken: newManageToken(),
            tenantName: `Tenant ${i + 1}`,
          })
          .returning();
        return row!.manageToken;
      }),
    );
    const answers = await Promise.all(
      tokens.map(async (token, i) => {
        const response = await fetch(`${(i % 2 === 0 ? a : b).url}/api/viewings/manage/${token}/reschedule`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ startsAt: wanted }),
        });
        return {
          status: response.status,
          body: (await response.json()) as { slots?: unknown[]; message?: string },
        };
      }),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.status === 409);
    expect(refused).toHaveLength(5);
    for (const answer of refused) {
      expect(answer.body.message).toBe('Sorry, that time is no longer free. Please choose another.');
    }
    const atWanted = await database.db
      .select({ id: viewings.id })
      .from(viewings)
      .where(eq(viewings.startsAt, new Date(wanted)));
    expect(atWanted).toHaveLength(1);
  }, 120_000);

  it('six tenants picking the same single-party slot in the chat at once on two instances: one booked, five offered other times', async () => {
    const [a, b] = servers;
    const { company, property } = await agencyViewingOnSaturdayMornings();
    const chat = `/api/chat/${company.slug}`;

    // Six tenants qualify (alternating instances) until each is offered the slots.
    const offers = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        const server = i % 2 === 0 ? a : b;
        const { sessionKey } = await post<ChatResponse>(server, chat, {
          message: '',
          userSessionKey: null,
          propertySlug: property.slug,
        });
        for (const message of [
          '2 of us, both nurses, £58k together, could move in ASAP',
          ['Sarah Jones', 'Tom Brown', 'Amira Khan', 'Ben Hughes', 'Chloe Evans', 'Dan Wright'][i]!,
          `tenant${i + 1}.${randomUUID().slice(0, 6)}@example.test and 07700 90012${i}`,
        ]) {
          await post<ChatResponse>(server, chat, { message, userSessionKey: sessionKey });
        }
        const offer = await post<ChatResponse>(server, chat, { message: 'yes', userSessionKey: sessionKey });
        expect(offer.quickReplies.at(-1)).toBe('Other times');
        return { sessionKey, offer };
      }),
    );
    const wanted = offers[0]!.offer.quickReplies[0]!;
    for (const { offer } of offers) expect(offer.quickReplies[0]).toBe(wanted);

    // All six pick it at the same instant, three on each instance.
    const picks = await Promise.all(
      offers.map(({ sessionKey }, i) =>
        post<ChatResponse>(i % 2 === 0 ? b : a, chat, { message: wanted, userSessionKey: sessionKey }),
      ),
    );
    const booked = picks.filter((pick) => pick.viewing);
    expect(booked).toHaveLength(1);
    expect(booked[0]!.response).toMatch(/Your viewing is booked for .* Have a great day!$/);
    const refused = picks.filter((pick) => !pick.viewing);
    expect(refused).toHaveLength(5);
    for (const pick of refused) {
      expect(pick.response).toMatch(/^Sorry, that time has just been taken\./);
      expect(pick.quickReplies).not.toContain(wanted);
      expect(pick.quickReplies.length).toBeGreaterThan(1);
    }
    const rows = await database.db
      .select({ id: viewings.id })
      .from(viewings)
      .where(eq(viewings.propertyId, property.id));
    expect(rows).toHaveLength(1);
  }, 180_000);
});
