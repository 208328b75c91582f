import type { TestApp } from '#tests/helpers/app.ts';
import { unique } from '#tests/helpers/factories.ts';
import type { ReceivedEmail } from '#tests/helpers/smtp.ts';

export const STRONG_PASSWORD = 'Harbour-View-2025!';

type RequestOptions = { cookie?: string; ip?: string };

/** A request as our own pages send it: JSON, our Origin, and (optionally) a client address. */
export async function call(
  app: TestApp,
  method: string,
  path: string,
  body?: unknown,
  { cookie, ip }: RequestOptions = {},
): Promise<Response> {
  const headers: Record<string, string> = { origin: app.ctx.env.appUrl };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (cookie) headers.cookie = cookie;
  // The test app trusts the proxy header (TRUST_PROXY), so this is the client address the limits see.
  if (ip) headers['x-forwarded-for'] = ip;
  return fetch(`${app.url}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: 'manual',
  });
}

/** A login from the login page, from a client address of its own unless one is given. */
export function logIn(app: TestApp, email: string, password: string, ip = freshIp()): Promise<Response> {
  return call(app, 'POST', '/api/auth/login', { email, password }, { ip });
}

/** The cookie header a browser would send back after this response. */
export function cookieFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

export function signupBody(overrides: Record<string, unknown> = {}) {
  return {
    companyName: 'Acme Lettings',
    firstName: 'Priya',
    lastName: 'Shah',
    email: `${unique('priya')}@example.test`,
    phone: '020 7946 0018',
    password: STRONG_PASSWORD,
    accountType: 'free',
    ...overrides,
  };
}

/** An emailed link (built from APP_URL) turned into the same path on the test server. */
export function onTestServer(app: TestApp, link: string): string {
  const url = new URL(link);
  return `${app.url}${url.pathname}${url.search}`;
}

export function linkTo(email: ReceivedEmail, path: string): string {
  const link = email.links.find((candidate) => new URL(candidate).pathname === path);
  if (!link) throw new Error(`No link to ${path} in "${email.subject}": ${email.links.join(', ')}`);
  return link;
}

let ipCounter = Math.floor(Math.random() * 60_000);
/** A client address of its own, so one test's requests do not count towards another's limits. */
export function freshIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}
