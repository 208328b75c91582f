import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companies, devEmails, properties, viewingMessages, viewings } from '#server/db/schema.ts';
import { newManageToken } from '#server/features/viewings/booking.ts';
import { runViewingMessages } from '#server/features/viewings/confirmations.ts';
import { createTestApp } from '#tests/helpers/app.ts';
import { madeBeforeAll } from '#tests/helpers/suite.ts';
import { seedAgency, setUpTwoServers } from './server-processes.ts';

/**
 * The day-before confirmation requests with several instances: two server processes running the
 * job queue (the every-minute pass) and a third instance here running the same pass over and over
 * at the same time, all on one PostgreSQL database. Each tenant gets exactly one request.
 */
describe('viewing messages on several instances', () => {
  const { database } = setUpTwoServers({ JOBS: 'true' }, { maxConnections: 6 });
  // The third instance, on the same open database (which the block closes after it).
  const instance = madeBeforeAll(
    'the third instance',
    () => createTestApp({}, { database, closeDatabase: false }),
    (app) => app.close(),
  );

  it('sends each of 30 due requests exactly once', async () => {
    const { company } = await seedAgency(database.db, 'confirm', 10);
    await database.db.update(companies).set({ quietHours: null }).where(eq(companies.id, company.id));
    const [property] = await database.db
      .insert(properties)
      .values({
        companyId: company.id,
        propertyName: '2 Bed Flat, Elm Road',
        slug: `elm-${randomUUID().slice(0, 8)}`,
        propertyAddress: '14 Elm Road, Leeds LS6 2AB',
      })
      .returning();
    // Booked days ago for a time now less than 24 hours away: each request is due.
    const tenants = Array.from(
      { length: 30 },
      (_, i) => `tenant-${i}-${randomUUID().slice(0, 6)}@example.test`,
    );
    const soon = Date.now() + 20 * 3_600_000;
    await database.db.insert(viewings).values(
      tenants.map((email, i) => ({
        companyId: company.id,
        propertyId: property!.id,
        propertyName: property!.propertyName,
        propertyAddress: property!.propertyAddress,
        startsAt: new Date(soon + i * 5 * 60_000),
        endsAt: new Date(soon + i * 5 * 60_000 + 20 * 60_000),
        manageToken: newManageToken(),
        tenantName: `Tenant ${i}`,
        tenantEmail: email,
      })),
    );
    const requests = async () =>
      database.db.select({ to: devEmails.to }).from(devEmails).where(inArray(devEmails.to, tenants));
    // This instance's passes race each other and the servers' job until every request is out.
    const deadline = Date.now() + 90_000;
    while ((await requests()).length < tenants.length && Date.now() < deadline) {
      await Promise.all([runViewingMessages(instance.ctx), runViewingMessages(instance.ctx)]);
    }
    // And a little longer, for a server's pass that started meanwhile to finish.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const sent = await requests();
    const claims = await database.db
      .select()
      .from(viewingMessages)
      .where(eq(viewingMessages.companyId, company.id));
    expect(claims.map((claim) => claim.outcome)).toEqual(tenants.map(() => 'sent'));
    expect(sent).toHaveLength(tenants.length);
    expect(new Set(sent.map((email) => email.to)).size).toBe(tenants.length);
  }, 150_000);
});
