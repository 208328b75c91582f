import { describe, expect, it } from 'vitest';
import { setUpSmtpReceiver, setUpTestApp } from '#tests/helpers/suite.ts';
import { call, freshIp, logIn, signupBody } from './auth-helpers.ts';

// RATE_LIMIT_AUTH_PER_MINUTE=8: eight requests a minute per IP, and three per email address.
describe('rate limits on sign-up, login, resend and reset', () => {
  const smtp = setUpSmtpReceiver();
  const app = setUpTestApp(() => ({ SMTP_URL: smtp.url, RATE_LIMIT_AUTH_PER_MINUTE: '8' }));

  async function expectTooMany(response: Response, message: RegExp) {
    expect(response.status).toBe(429);
    const retryAfter = Number(response.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await response.json()).message).toMatch(message);
  }

  it('limits logins from one IP address', async () => {
    const ip = freshIp();
    for (let attempt = 1; attempt <= 8; attempt += 1) {
      const response = await logIn(app, `guess-${attempt}@example.test`, 'Wrong-Pass-1!', ip);
      expect(response.status).toBe(401);
    }
    const ninth = await logIn(app, 'guess-9@example.test', 'Wrong-Pass-1!', ip);
    await expectTooMany(ninth, /Too many requests\. Please try again in \d+ seconds/);

    const otherIp = await logIn(app, 'guess-10@example.test', 'Wrong-Pass-1!');
    expect(otherIp.status).toBe(401);
  });

  it('limits logins to one email address from many IP addresses', async () => {
    const email = 'target@example.test';
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const response = await logIn(app, email, `Guess-${attempt}!`);
      expect(response.status).toBe(401);
    }
    const fourth = await logIn(app, 'TARGET@example.test', 'Guess-4!');
    await expectTooMany(fourth, /Too many attempts for this email address/);
  });

  it.each([['/api/auth/reset-password'], ['/api/auth/resend-verification']])(
    'limits %s per email address',
    async (path) => {
      const email = `${path.split('/').at(-1)}@example.test`;
      for (let attempt = 1; attempt <= 3; attempt += 1) {
        expect((await call(app, 'POST', path, { email }, { ip: freshIp() })).status).toBe(200);
      }
      await expectTooMany(await call(app, 'POST', path, { email }, { ip: freshIp() }), /Too many attempts/);
    },
  );

  it('limits sign-ups from one IP address', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 9; attempt += 1) {
      const response = await call(
        app,
        'POST',
        '/api/auth/signup',
        signupBody({ companyName: `Agency ${attempt}` }),
        { ip },
      );
      statuses.push(response.status);
      if (response.status === 429) await expectTooMany(response, /Too many requests/);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201, 201, 201, 429]);
  });
});
