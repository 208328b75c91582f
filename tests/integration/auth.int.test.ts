import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companies, users, verifications } from '#server/db/schema.ts';
import { authUserSchema } from '#shared/schemas/auth.ts';
import { setUpSmtpReceiver, setUpTestApp } from '#tests/helpers/suite.ts';
import { call, cookieFrom, freshIp, linkTo, logIn, onTestServer, signupBody } from './auth-helpers.ts';

describe('accounts over HTTP with a real SMTP receiver', () => {
  const smtp = setUpSmtpReceiver();
  const app = setUpTestApp(() => ({ SMTP_URL: smtp.url, RATE_LIMIT_AUTH_PER_MINUTE: '1000' }));

  /** A form posted from an address of its own, so that no test spends another's rate limit. */
  const postAnew = (path: string, body: unknown) => call(app, 'POST', path, body, { ip: freshIp() });
  const emailsTo = (address: string) => smtp.emails.filter((email) => email.to.includes(address));
  const verificationEmailTo = (address: string) =>
    smtp.waitForEmail((email) => email.to.includes(address) && /verify/i.test(email.subject));

  /** Signs up on the free plan and follows the emailed link: a verified account, signed out. */
  async function signUpAndVerify(overrides: Record<string, unknown> = {}) {
    const body = signupBody(overrides);
    const response = await postAnew('/api/auth/signup', body);
    expect(response.status).toBe(201);
    const email = await verificationEmailTo(body.email);
    const verify = await fetch(onTestServer(app, linkTo(email, '/api/auth/verify-email')), {
      redirect: 'manual',
    });
    expect(verify.headers.get('location')).toBe('/login?verified=1');
    return body;
  }

  it('signs up on the free plan, verifies by the emailed link, logs in with the company and logs out', async () => {
    const body = signupBody({ companyName: 'Harbour Homes' });
    const signup = await postAnew('/api/auth/signup', body);
    expect(signup.status).toBe(201);
    expect((await signup.json()).message).toMatch(/verification link/);
    expect(signup.headers.getSetCookie()).toEqual([]);

    const email = await verificationEmailTo(body.email);
    expect(email.from).toContain('LetLead');
    expect(email.text).toContain('Hi Priya');
    expect(email.html).toContain('Verify email');
    const link = linkTo(email, '/api/auth/verify-email');
    expect(link.startsWith(`${app.ctx.env.appUrl}/api/auth/verify-email?token=`)).toBe(true);

    const early = await logIn(app, body.email, body.password);
    expect(early.status).toBe(403);
    expect(await early.json()).toMatchObject({
      code: 'EMAIL_NOT_VERIFIED',
      message: expect.stringMatching(/verify your email/i),
    });

    const verify = await fetch(onTestServer(app, link), { redirect: 'manual' });
    expect(verify.status).toBe(302);
    expect(verify.headers.get('location')).toBe('/login?verified=1');

    const login = await logIn(app, body.email.toUpperCase(), body.password);
    expect(login.status).toBe(200);
    const setCookie = login.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/i);
    const loggedIn = authUserSchema.parse(await login.json());
    expect(loggedIn).toMatchObject({
      email: body.email,
      firstName: 'Priya',
      lastName: 'Shah',
      emailVerified: true,
    });
    expect(loggedIn.company).toMatchObject({
      name: 'Harbour Homes',
      slug: 'harbour-homes',
      email: body.email,
      phone: body.phone,
      accountType: 'free',
      accountLimit: 30,
      currentCount: 30,
    });
    expect(Date.now() - Date.parse(loggedIn.company!.countResetDate!)).toBeLessThan(60_000);

    const cookie = cookieFrom(login);
    const me = await call(app, 'GET', '/api/auth/user', undefined, { cookie });
    expect(me.status).toBe(200);
    expect(authUserSchema.parse(await me.json()).company?.name).toBe('Harbour Homes');

    const logout = await call(app, 'POST', '/api/auth/logout', undefined, { cookie });
    expect(logout.status).toBe(200);
    const after = await call(app, 'GET', '/api/auth/user', undefined, { cookie });
    expect(after.status).toBe(401);
    expect((await after.json()).message).toBe('Unauthorized');

    expect(emailsTo(body.email)).toHaveLength(1);
  });

  it('answers 401 to GET /api/auth/user when signed out', async () => {
    const response = await call(app, 'GET', '/api/auth/user');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Unauthorized' });
  });

  it('resets the password by email, ends every old session and refuses the link a second time', async () => {
    const body = await signUpAndVerify();
    const firstSession = cookieFrom(await logIn(app, body.email, body.password));
    const secondSession = cookieFrom(await logIn(app, body.email, body.password));

    const request = await postAnew('/api/auth/reset-password', { email: body.email });
    expect(request.status).toBe(200);
    const unknown = await postAnew('/api/auth/reset-password', { email: 'nobody-here@example.test' });
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual(await request.json());

    const email = await smtp.waitForEmail((e) => e.to.includes(body.email) && /reset/i.test(e.subject));
    const link = email.links.find((candidate) => candidate.includes('/update-password'));
    expect(link).toMatch(new RegExp(`^${app.ctx.env.appUrl}/update-password#token=`));
    const token = decodeURIComponent(new URL(link!).hash.replace(/^#token=/, ''));

    const weak = await postForm('/api/auth/update-password', { newPassword: 'harbour', token });
    expect(weak.status).toBe(400);
    const weakMessage = (await weak.json()).message as string;
    for (const message of [
      'Password must be at least 8 characters',
      'Password must contain an uppercase letter',
      'Password must contain a number',
      'Password must contain a special character',
    ]) {
      expect(weakMessage).toContain(message);
    }

    const newPassword = 'Quayside-Loft-77?';
    const update = await postForm('/api/auth/update-password', { newPassword, token });
    expect(update.status).toBe(200);
    expect((await update.json()).message).toMatch(/password has been updated/i);

    for (const cookie of [firstSession, secondSession]) {
      expect((await call(app, 'GET', '/api/auth/user', undefined, { cookie })).status).toBe(401);
    }
    const oldPassword = await logIn(app, body.email, body.password);
    expect(oldPassword.status).toBe(401);
    expect(await oldPassword.json()).toEqual({ message: 'Invalid email or password' });
    expect((await logIn(app, body.email, newPassword)).status).toBe(200);

    const reused = await postForm('/api/auth/update-password', { newPassword: 'Another-Pass-88!', token });
    expect(reused.status).toBe(400);
    expect((await reused.json()).message).toMatch(/invalid, has expired or has already been used/);
  });

  it('refuses an expired reset link', async () => {
    const body = await signUpAndVerify();
    await postAnew('/api/auth/reset-password', { email: body.email });
    const email = await smtp.waitForEmail((e) => e.to.includes(body.email) && /reset/i.test(e.subject));
    const token = decodeURIComponent(new URL(email.links.find((l) => l.includes('#token='))!).hash.slice(7));
    await app.ctx.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.identifier, `reset-password:${token}`));

    const response = await postForm('/api/auth/update-password', { newPassword: 'Quayside-Loft-77?', token });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toMatch(/has expired/);
    expect((await logIn(app, body.email, body.password)).status).toBe(200);
  });

  it('gives the same login error for an unknown email and a wrong password', async () => {
    const body = await signUpAndVerify();
    const wrong = await logIn(app, body.email, 'Not-The-Password-1!');
    const unknown = await logIn(app, 'no-such-agent@example.test', 'Not-The-Password-1!');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual({ message: 'Invalid email or password' });
    expect(await unknown.json()).toEqual({ message: 'Invalid email or password' });
  });

  it('resends the verification email to an unverified account, and answers the same for anyone else', async () => {
    const body = signupBody();
    await postAnew('/api/auth/signup', body);
    const first = await verificationEmailTo(body.email);

    const resend = await postAnew('/api/auth/resend-verification', { email: body.email });
    expect(resend.status).toBe(200);
    const unknown = await postAnew('/api/auth/resend-verification', { email: 'someone-else@example.test' });
    expect(await unknown.json()).toEqual(await resend.json());

    const second = await smtp.waitForEmail((e) => e.to.includes(body.email) && e !== first);
    const verify = await fetch(onTestServer(app, linkTo(second, '/api/auth/verify-email')), {
      redirect: 'manual',
    });
    expect(verify.headers.get('location')).toBe('/login?verified=1');
    expect((await logIn(app, body.email, body.password)).status).toBe(200);
    expect(emailsTo('someone-else@example.test')).toEqual([]);
  });

  it('sends a broken or expired verification link back to the login page with the reason', async () => {
    const broken = await fetch(`${app.url}/api/auth/verify-email?token=not-a-token`, { redirect: 'manual' });
    expect(broken.headers.get('location')).toBe('/login?verifyError=invalid');
    const missing = await fetch(`${app.url}/api/auth/verify-email`, { redirect: 'manual' });
    expect(missing.headers.get('location')).toBe('/login?verifyError=invalid');
  });

  it('answers a second sign-up with the same address as the first, and emails the owner instead', async () => {
    const body = await signUpAndVerify();
    const again = await postAnew('/api/auth/signup', {
      ...body,
      companyName: 'Someone Else Ltd',
      password: 'Different-Pass-9!',
    });
    expect(again.status).toBe(201);
    expect((await again.json()).message).toMatch(/verification link/);
    const notice = await smtp.waitForEmail(
      (e) => e.to.includes(body.email) && /already have/i.test(e.subject),
    );
    expect(notice.links).toContain(`${app.ctx.env.appUrl}/reset-password`);

    const owned = await app.ctx.db
      .select({ name: companies.name })
      .from(companies)
      .innerJoin(users, eq(users.id, companies.ownerId))
      .where(eq(users.email, body.email));
    expect(owned).toEqual([{ name: 'Acme Lettings' }]);
    expect((await logIn(app, body.email, 'Different-Pass-9!')).status).toBe(401);
  });

  it('leaves no half-created user when the company cannot be created', async () => {
    await app.ctx.database.execute(`
      create or replace function refuse_doomed_company() returns trigger language plpgsql as $$
      begin raise exception 'company refused for the test'; end $$;
      create trigger refuse_doomed_company before insert on companies
        for each row when (new.name = 'Doomed Lettings') execute function refuse_doomed_company();
    `);
    const body = signupBody({ companyName: 'Doomed Lettings' });
    try {
      const response = await postAnew('/api/auth/signup', body);
      expect(response.status).toBe(500);
      expect((await response.json()).message).not.toMatch(/refused|trigger|sql/i);
    } finally {
      await app.ctx.database.execute(
        'drop trigger refuse_doomed_company on companies; drop function refuse_doomed_company();',
      );
    }
    const left = await app.ctx.db.select().from(users).where(eq(users.email, body.email));
    expect(left).toEqual([]);
    expect(emailsTo(body.email)).toEqual([]);

    const retry = await postAnew('/api/auth/signup', body);
    expect(retry.status).toBe(201);
    await verificationEmailTo(body.email);
  });

  it('refuses a sign-up with every spec message for the fields that are wrong', async () => {
    const response = await postAnew('/api/auth/signup', {
      companyName: ' ',
      firstName: '',
      lastName: '',
      email: 'not-an-email',
      phone: '',
      password: 'short',
      accountType: 'huge',
    });
    expect(response.status).toBe(400);
    const { errors } = await response.json();
    expect(errors).toMatchObject({
      companyName: 'Company name is required',
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Valid email is required',
      phone: 'Phone number is required',
      password: 'Password must be at least 8 characters',
      accountType: 'Choose a plan',
    });

    const weak = await postAnew('/api/auth/signup', signupBody({ password: 'longenough' }));
    expect((await weak.json()).errors.password).toBe(
      'Password must contain uppercase, lowercase, number, and special character',
    );
  });

  it('accepts and ignores Stripe ids sent with a sign-up, and starts a paid pick on the free plan', async () => {
    const body = signupBody({
      accountType: 'medium',
      stripeCustomerId: 'cus_from_the_browser',
      stripeSubscriptionId: 'sub_from_the_browser',
    });
    const response = await postAnew('/api/auth/signup', body);
    expect(response.status).toBe(201);
    const [company] = await app.ctx.db
      .select()
      .from(companies)
      .innerJoin(users, eq(users.id, companies.ownerId))
      .where(eq(users.email, body.email));
    expect(company?.companies).toMatchObject({
      accountType: 'free',
      accountLimit: 30,
      currentCount: 30,
      stripeCustomerId: null,
      stripeSubscriptionId: null,
    });
    expect(company?.users.emailVerified).toBe(false);
  });

  it('refuses a state change carrying the session cookie from another origin', async () => {
    const body = await signUpAndVerify();
    const cookie = cookieFrom(await logIn(app, body.email, body.password));
    const response = await fetch(`${app.url}/api/auth/logout`, {
      method: 'POST',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(response.status).toBe(403);
    expect((await call(app, 'GET', '/api/auth/user', undefined, { cookie })).status).toBe(200);
  });

  it('has no development outbox page when SMTP is configured', async () => {
    expect((await fetch(`${app.url}/dev/mail`)).status).toBe(404);
    const [{ count }] = (await app.ctx.db.execute(sql`select count(*)::int as count from dev_emails`))
      .rows as [{ count: number }];
    expect(count).toBe(0);
  });

  function postForm(path: string, fields: Record<string, string>) {
    return fetch(`${app.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.ctx.env.appUrl },
      body: new URLSearchParams(fields).toString(),
    });
  }
});
