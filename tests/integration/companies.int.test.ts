import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companies } from '#server/db/schema.ts';
import { companySchema } from '#shared/schemas/auth.ts';
import { companyListSchema } from '#shared/schemas/companies.ts';
import { createCompanyUser, createSignedInUser } from '#tests/helpers/factories.ts';
import { companyById } from '#tests/helpers/reads.ts';
import { setUpTestApp } from '#tests/helpers/suite.ts';
import { call, freshIp, signupBody } from './auth-helpers.ts';

describe('companies', () => {
  const app = setUpTestApp({ RATE_LIMIT_AUTH_PER_MINUTE: '1000' });

  const companyForm = {
    companyName: 'Northgate Property Management',
    email: 'lettings@northgate.example',
    phone: '0113 496 0000',
  };

  it('gives two companies named "Acme Lettings" different slugs, each on the free plan with 30 of 30 credits', async () => {
    const first = signupBody({ companyName: 'Acme Lettings' });
    const second = signupBody({ companyName: 'Acme Lettings' });
    for (const body of [first, second]) {
      expect((await call(app, 'POST', '/api/auth/signup', body, { ip: freshIp() })).status).toBe(201);
    }
    const rows = await app.ctx.db.select().from(companies).where(eq(companies.name, 'Acme Lettings'));
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((row) => row.slug)).size).toBe(2);
    expect(rows.map((row) => row.slug).sort()).toEqual(['acme-lettings', 'acme-lettings-2']);
    for (const row of rows) {
      expect(row).toMatchObject({ accountType: 'free', accountLimit: 30, currentCount: 30 });
      expect(row.countResetDate).toBeInstanceOf(Date);
    }
  });

  it('registers a company for a signed-in user who has none, once', async () => {
    const { cookie } = await createSignedInUser(app);
    const before = await call(app, 'GET', '/api/companies', undefined, { cookie });
    expect(await before.json()).toEqual([]);
    expect(
      (await (await call(app, 'GET', '/api/auth/user', undefined, { cookie })).json()).company,
    ).toBeNull();

    const register = await call(
      app,
      'POST',
      '/api/companies/register',
      { ...companyForm, accountType: 'large' },
      { cookie },
    );
    expect(register.status).toBe(201);
    const company = companySchema.parse(await register.json());
    expect(company).toMatchObject({
      name: 'Northgate Property Management',
      slug: 'northgate-property-management',
      email: 'lettings@northgate.example',
      accountType: 'free',
      accountLimit: 30,
      currentCount: 30,
    });

    const list = companyListSchema.parse(
      await (await call(app, 'GET', '/api/companies', undefined, { cookie })).json(),
    );
    expect(list.map((c) => c.id)).toEqual([company.id]);
    const me = await (await call(app, 'GET', '/api/auth/user', undefined, { cookie })).json();
    expect(me.company.id).toBe(company.id);

    const again = await call(app, 'POST', '/api/companies/register', companyForm, { cookie });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe('A company is already registered for this account');
  });

  it('refuses an incomplete company form with the spec messages', async () => {
    const { cookie } = await createSignedInUser(app);
    const response = await call(
      app,
      'POST',
      '/api/companies/register',
      { companyName: '', email: 'nope', phone: '' },
      { cookie },
    );
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toEqual({
      companyName: 'Company name is required',
      email: 'Valid email is required',
      phone: 'Phone number is required',
    });
  });

  it('updates the profile but keeps the slug, and leaves the plan to billing', async () => {
    const { cookie, company } = await createCompanyUser(app, {
      name: 'Old Name Lettings',
      slug: 'old-name-lettings',
    });
    const putProfile = (body: unknown) =>
      call(app, 'PUT', `/api/companies/${company.id}/profile`, body, { cookie });
    const update = await putProfile({
      companyName: 'New Name Lettings',
      email: 'hello@newname.example',
      phone: '020 7946 0999',
      accountType: 'free',
    });
    expect(update.status).toBe(200);
    expect(await update.json()).toMatchObject({
      name: 'New Name Lettings',
      slug: 'old-name-lettings',
      email: 'hello@newname.example',
      phone: '020 7946 0999',
    });

    const upgrade = await putProfile({ ...companyForm, accountType: 'large' });
    expect(upgrade.status).toBe(400);
    const row = await companyById(app.ctx.db, company.id);
    expect(row).toMatchObject({ accountType: 'free', name: 'New Name Lettings' });
  });

  it("never shows or changes another user's company (404, as if it did not exist)", async () => {
    const userA = await createCompanyUser(app, { name: 'Agency A' });
    const userB = await createCompanyUser(app, { name: 'Agency B', email: 'b@agency-b.example' });

    const listA = companyListSchema.parse(
      await (await call(app, 'GET', '/api/companies', undefined, { cookie: userA.cookie })).json(),
    );
    expect(listA.map((c) => c.name)).toEqual(['Agency A']);

    const change = await call(app, 'PUT', `/api/companies/${userB.company.id}/profile`, companyForm, {
      cookie: userA.cookie,
    });
    expect(change.status).toBe(404);
    expect(await change.json()).toEqual({ message: 'Company not found' });
    const missing = await call(
      app,
      'PUT',
      '/api/companies/00000000-0000-4000-8000-000000000000/profile',
      companyForm,
      {
        cookie: userA.cookie,
      },
    );
    expect(missing.status).toBe(404);
    expect(
      (await call(app, 'PUT', '/api/companies/not-a-uuid/profile', companyForm, { cookie: userA.cookie }))
        .status,
    ).toBe(404);

    const rowB = await companyById(app.ctx.db, userB.company.id);
    expect(rowB).toMatchObject({ name: 'Agency B', email: 'b@agency-b.example' });
  });

  it('answers 401 to every company route when signed out', async () => {
    const { company } = await createCompanyUser(app);
    expect((await call(app, 'GET', '/api/companies')).status).toBe(401);
    expect((await call(app, 'POST', '/api/companies/register', companyForm)).status).toBe(401);
    expect((await call(app, 'PUT', `/api/companies/${company.id}/profile`, companyForm)).status).toBe(401);
  });
});
