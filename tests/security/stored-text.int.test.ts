import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '#server/db/schema.ts';
import { notifyNewLead } from '#server/features/leads/lead-email.ts';
import { browserFetch } from '#tests/helpers/app.ts';
import { createCompanyUser, insertLead, TEST_PASSWORD, unique } from '#tests/helpers/factories.ts';
import { emailsTo } from '#tests/helpers/outbox.ts';
import { setUpSmtpReceiver, setUpTestApp } from '#tests/helpers/suite.ts';

/**
 * What a tenant types is stored as text and shown as text everywhere it leaves the app: the CSV
 * (no spreadsheet formulas), emails (HTML escaped, no header injection) and the development
 * outbox page. The dashboard, side panel and chat page are checked in a browser
 * (tests/e2e/security.spec.ts).
 */

const XSS = '<img src=x onerror=window.__xss=1>';
const hostileLead = {
  name: `${XSS} Mallory`,
  email: 'mallory@example.test',
  profession: '=HYPERLINK("https://evil.example","Click for details")',
  availability: '+cmd|" /C calc"!A0',
  moveInDate: '@SUM(1+1)',
  income: '-2+3',
  propertyName: '<script>window.__xss=1</script>Flat',
  propertyLocation: '\tTab, "quoted", and\r\nline break',
};

/** RFC 4180, enough to read our own export back cell by cell. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const input = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < input.length; i += 1) {
    const char = input[i]!;
    if (quoted) {
      if (char === '"' && input[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && input[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += char;
  }
  return rows;
}

describe('stored text stays text: CSV and the outbox page', () => {
  const app = setUpTestApp();

  it('the CSV export neutralises every formula a tenant could type, and keeps the text', async () => {
    const agent = await createCompanyUser(app);
    await insertLead(app.ctx.db, agent.company.id, hostileLead);
    const response = await browserFetch(
      app,
      'GET',
      `/api/companies/${agent.company.id}/leads.csv`,
      agent.cookie,
    );
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const [header, row] = parseCsv(await response.text());
    const cell = (name: string) => row![header!.indexOf(name)]!;
    for (const value of row!) expect(value, value).not.toMatch(/^[=+\-@\t\r]/);
    expect(cell('Profession')).toBe(`'${hostileLead.profession}`);
    expect(cell('Availability')).toBe(`'${hostileLead.availability}`);
    expect(cell('Move In')).toBe(`'${hostileLead.moveInDate}`);
    expect(cell('Income')).toBe(`'${hostileLead.income}`);
    expect(cell('Location')).toBe(`'${hostileLead.propertyLocation}`);
    expect(cell('Name')).toBe(hostileLead.name);
  });

  it('the development outbox page shows an email with markup as text', async () => {
    const agent = await createCompanyUser(app);
    const lead = await insertLead(app.ctx.db, agent.company.id, hostileLead);
    await notifyNewLead(app.ctx, { companyId: agent.company.id, leadId: lead.id, email: { kind: 'now' } });
    const [stored] = await emailsTo(app, agent.company.email!);
    expect(stored!.html).not.toContain(XSS);
    const page = await (await fetch(`${app.url}/dev/mail`)).text();
    expect(page).not.toContain(XSS);
    expect(page).not.toContain('<script>window.__xss');
    expect(page).toContain('&lt;img src=x onerror=window.__xss=1&gt;');
  });
});

describe('stored text stays text: emails over SMTP', () => {
  const smtp = setUpSmtpReceiver();
  const app = setUpTestApp(() => ({ SMTP_URL: smtp.url, RATE_LIMIT_AUTH_PER_MINUTE: '100000' }));

  it('a new-lead email escapes the tenant’s answers and cannot be made to send anywhere else', async () => {
    const agent = await createCompanyUser(app, { email: `${unique('office')}@example.test` });
    const lead = await insertLead(app.ctx.db, agent.company.id, {
      ...hostileLead,
      name: `${XSS}\r\nBcc: victim@evil.example`,
    });
    await notifyNewLead(app.ctx, { companyId: agent.company.id, leadId: lead.id, email: { kind: 'now' } });
    const email = await smtp.waitForEmail((received) => received.to.includes(agent.company.email!));
    expect(email.to).toEqual([agent.company.email]);
    expect(email.subject).not.toMatch(/[\r\n]/);
    expect(email.html).not.toContain('<img src=x');
    expect(email.html).not.toContain('<script>window.__xss');
    expect(email.html).toContain('&lt;img src=x onerror=window.__xss=1&gt;');
    expect(email.html).toContain('&lt;script&gt;window.__xss=1&lt;/script&gt;Flat');
    // The plain-text part keeps the tenant's words as they were.
    expect(email.text).toContain(XSS);
  });

  it('account emails escape a name with markup', async () => {
    const email = `${unique('markup')}@example.test`;
    const response = await browserFetch(app, 'POST', '/api/auth/signup', undefined, {
      companyName: `${XSS} Lettings`,
      firstName: XSS,
      lastName: '<b>Bold</b>',
      email,
      phone: '0113 496 0000',
      password: TEST_PASSWORD,
      accountType: 'free',
    });
    expect(response.status).toBe(201);
    const received = await smtp.waitForEmail((message) => message.to.includes(email));
    expect(received.html).not.toContain('<img src=x');
    expect(received.html).toContain('&lt;img src=x onerror=window.__xss=1&gt;');
    // Stored exactly as typed: escaping happens where it is shown, not in the database.
    const [user] = await app.ctx.db.select().from(users).where(eq(users.email, email));
    expect(user!.firstName).toBe(XSS);
  });
});
