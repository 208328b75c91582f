import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { createLoggedApp, type LoggedApp } from '#tests/faults/logged-app.ts';
import { createTestDatabase } from '#tests/helpers/database.ts';
import { unique } from '#tests/helpers/factories.ts';
import { freePort } from '#tests/helpers/free-port.ts';
import { type SmtpReceiver, startSmtpReceiver } from '#tests/helpers/smtp.ts';
import { call, signupBody } from './auth-helpers.ts';

/**
 * Fault: the mail server is down. Sign-up must still succeed, its verification email waits in
 * the job queue, and a worker delivers it once the mail server is back.
 */
describe('fault: the SMTP server is down', () => {
  let database: Database;
  let withoutMail: LoggedApp | undefined;
  let withMail: LoggedApp | undefined;
  let receiver: SmtpReceiver | undefined;

  afterAll(async () => {
    await withoutMail?.close();
    await withMail?.close();
    await receiver?.close();
  });

  it('signs up anyway, queues the email, and delivers it once the mail server is back', async () => {
    database = await createTestDatabase();
    // An instance that does not run jobs, so the email stays queued while the server is down.
    withoutMail = await createLoggedApp(
      { SMTP_URL: `smtp://127.0.0.1:${await freePort()}`, JOBS: 'false' },
      { database, closeDatabase: false },
    );
    const email = `${unique('smtp-down')}@example.test`.toLowerCase();

    const signUp = await call(
      withoutMail,
      'POST',
      '/api/auth/signup',
      signupBody({
        companyName: 'Harbour Lettings',
        firstName: 'Maya',
        lastName: 'Reed',
        email,
        phone: '020 7946 0000',
        password: 'Sunny-Flat-42!',
      }),
    );
    expect(signUp.status).toBe(201);
    const answer = await signUp.json();
    expect(answer).toMatchObject({ email });
    // The sign-up succeeds and says the email may be delayed.
    expect(answer.message).toMatch(/may take a few minutes to arrive/);

    // Sending directly says so too: the caller can tell the user the email may be delayed.
    const direct = await withoutMail.ctx.sendEmail({ to: email, subject: 'Direct check', text: 'Queued' });
    expect(direct).toBe('queued');

    const queued = await database.execute(
      `select data->>'subject' as subject, state from pgboss.job where name = 'email' and data->>'to' = $1 order by created_on`,
      [email],
    );
    expect(queued.rows).toEqual([
      { subject: 'Verify your email for LetLead', state: 'created' },
      { subject: 'Direct check', state: 'created' },
    ]);
    await withoutMail.close();
    withoutMail = undefined;

    // The mail server is back, and an instance with workers picks the queue up.
    receiver = await startSmtpReceiver();
    withMail = await createLoggedApp(
      { SMTP_URL: receiver.url, JOBS: 'true' },
      { database, closeDatabase: true },
    );
    const verification = await receiver.waitForEmail(
      (message) => message.to.includes(email) && message.subject === 'Verify your email for LetLead',
      20_000,
    );
    expect(verification.links.some((link) => link.includes('/api/auth/verify-email?token='))).toBe(true);
    await receiver.waitForEmail(
      (message) => message.to.includes(email) && message.subject === 'Direct check',
    );

    await expect
      .poll(
        async () => {
          const { rows } = await database.execute(
            `select count(*)::int as n from pgboss.job where name = 'email' and data->>'to' = $1 and state = 'completed'`,
            [email],
          );
          return rows[0]?.n;
        },
        { timeout: 10_000, interval: 250 },
      )
      .toBe(2);
  }, 60_000);
});
