import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema.ts';
import { createLoggedApp, type LoggedApp } from '#tests/faults/logged-app.ts';
import { createCompanyUser, unique } from '#tests/helpers/factories.ts';
import { freePort } from '#tests/helpers/free-port.ts';
import { call, signupBody } from './auth-helpers.ts';

/**
 * Logs hold no message text, email address or phone number, on the paths where they are most
 * likely to slip in: sign-up with the mail server down (the email is queued and retried by a
 * worker, whose lines carry the request id), failed logins, password resets, and a database error
 * whose query carried an email address.
 */
describe('what the server logs', () => {
  let app: LoggedApp;
  const email = `${unique('zebedee')}@example.test`.toLowerCase();
  const phone = '07700 900456';

  beforeAll(async () => {
    app = await createLoggedApp(
      // The mail server and the LLM provider are down, and this instance runs the job queue's workers.
      {
        SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
        JOBS: 'true',
        AI_PROVIDER: 'openai-compatible',
        AI_BASE_URL: `http://127.0.0.1:${await freePort()}/v1`,
        AI_MODEL: 'test-model',
        AI_TIMEOUT_MS: '2000',
      },
      {
        beforeListen: (built) => {
          // A database error whose query carries personal data, as any route might hit.
          built.post('/api/test/duplicate-user', async () => {
            await built.ctx.db.insert(users).values({ id: randomUUID(), name: 'Zebedee Quill', email });
            return { ok: true };
          });
        },
      },
    );
  });
  afterAll(async () => {
    await app.close();
  });

  it('logs requests and failures without emails, phone numbers or names', async () => {
    const signUp = await call(
      app,
      'POST',
      '/api/auth/signup',
      signupBody({
        companyName: 'Quill Lettings',
        firstName: 'Zebedee',
        lastName: 'Quill',
        email,
        phone,
        password: 'Sunny-Flat-42!',
      }),
    );
    expect(signUp.status).toBe(201);
    const signUpRequestId = signUp.headers.get('x-request-id');

    const login = await fetch(`${app.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.ctx.env.appUrl },
      body: JSON.stringify({ email, password: 'not-the-password' }),
    });
    expect([401, 403]).toContain(login.status);

    const reset = await fetch(`${app.url}/api/auth/reset-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.ctx.env.appUrl },
      body: JSON.stringify({ email }),
    });
    expect(reset.status).toBe(200);

    const failing = await fetch(`${app.url}/api/test/duplicate-user`, { method: 'POST' });
    expect(failing.status).toBe(500);
    expect(await failing.json()).toEqual({ message: 'Something went wrong on our side. Please try again.' });

    // The queued verification email is tried again by a worker: it fails (SMTP is down), and
    // its log line names the request that queued it.
    await expect
      .poll(
        () =>
          app
            .logLines()
            .some(
              (line) =>
                line.job === 'email' && line.reqId === signUpRequestId && /Job failed/.test(line.msg ?? ''),
            ),
        { timeout: 15_000, interval: 250 },
      )
      .toBe(true);

    const lines = app.logLines();
    const text = app.logText();
    // The test is not vacuous: the requests and both failures were logged.
    expect(lines.filter((line) => line.msg === 'request').map((line) => line.path)).toEqual(
      expect.arrayContaining(['/api/auth/signup', '/api/auth/login', '/api/auth/reset-password']),
    );
    // Each request line carries the id that ties it to the response and to the jobs it queued.
    const signUpLine = lines.find((line) => line.msg === 'request' && line.path === '/api/auth/signup');
    expect(signUpLine?.reqId).toBe(signUpRequestId);
    expect(lines.some((line) => line.msg === 'Email not sent: queued for retry')).toBe(true);
    const unhandled = lines.find((line) => line.msg === 'Unhandled error');
    expect(unhandled?.err).toMatchObject({ message: expect.stringContaining('params: [redacted]') });

    expect(text.toLowerCase()).not.toContain(email);
    expect(text).not.toContain(email.split('@')[0]);
    expect(text.replace(/\s/g, '')).not.toContain('07700900456');
    expect(text).not.toContain('Zebedee');
    expect(text).not.toContain('Sunny-Flat-42!');
  });

  it("logs a chat, a failing LLM provider and the lead it makes without the tenant's words or details", async () => {
    const { company } = await createCompanyUser(app);
    const tenantEmail = `${unique('quentin')}@example.test`.toLowerCase();
    const send = async (message: string, userSessionKey: string | null) => {
      const response = await fetch(`${app.url}/api/chat/${company.slug}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ message, userSessionKey }),
      });
      expect(response.status).toBe(200);
      return (await response.json()) as { sessionKey: string };
    };
    const { sessionKey } = await send('Hello, is the purple-giraffe-lantern flat still free?', null);
    await send('There are 2 of us, both nurses, £58k together, we could move 1 March', sessionKey);
    await send(`I am Quentin Marbleworth, ${tenantEmail}, 07700 900789`, sessionKey);
    const end = await fetch(`${app.url}/api/chat/${company.slug}/end`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userSessionKey: sessionKey, reason: 'submit' }),
    });
    expect(end.status).toBe(200);

    const lines = app.logLines();
    // Not vacuous: the LLM failures and the chat requests were logged.
    expect(lines.some((line) => /LLM turn failed/.test(line.msg ?? ''))).toBe(true);
    expect(lines.filter((line) => line.path === `/api/chat/${company.slug}`).length).toBeGreaterThanOrEqual(
      3,
    );

    const text = app.logText();
    expect(text).not.toContain('purple-giraffe-lantern');
    expect(text).not.toContain('£58k');
    expect(text).not.toContain('Quentin');
    expect(text).not.toContain('Marbleworth');
    expect(text.toLowerCase()).not.toContain(tenantEmail);
    expect(text.replace(/\s/g, '')).not.toContain('07700900789');
    expect(text).not.toContain(sessionKey);
  });
});
