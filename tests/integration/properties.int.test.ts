import { describe, expect, it } from 'vitest';
import { NO_LISTING_DETAILS } from '#shared/listing.ts';
import type { PropertyDto } from '#shared/schemas/properties.ts';
import { browserFetch } from '#tests/helpers/app.ts';
import {
  createCompanyUser,
  createSignedInUser,
  insertProperty,
  propertyFields,
  unique,
} from '#tests/helpers/factories.ts';
import { setUpCompanyUser, setUpTestApp } from '#tests/helpers/suite.ts';

const validProperty = propertyFields;

describe('properties API', () => {
  const app = setUpTestApp();
  const owner = setUpCompanyUser(app, { name: 'Elm Lettings', slug: unique('elm-lettings') });
  const other = setUpCompanyUser(app);

  const request = (method: string, path: string, cookie: string | undefined, body?: unknown) =>
    browserFetch(app, method, path, cookie, body);

  async function create(body: unknown = validProperty, as = owner) {
    const response = await request('POST', `/api/companies/${as.company.id}/properties`, as.cookie, body);
    expect(response.status).toBe(201);
    return (await response.json()) as PropertyDto;
  }

  /** Creating a listing with this change is refused with 400, naming the field and the message. */
  async function expectCreateRefused(change: object, field: string, message: string) {
    const response = await request('POST', `/api/companies/${owner.company.id}/properties`, owner.cookie, {
      ...validProperty,
      ...change,
    });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.errors).toEqual({ [field]: message });
    expect(body.message).toBe(message);
  }

  describe('POST /api/companies/{id}/properties', () => {
    it('creates a property with a slug from its name and its own agent link', async () => {
      const property = await create({ ...validProperty, propertyName: '  Garden Flat, Oak Street ' });
      expect(property).toMatchObject({
        companyId: owner.company.id,
        propertyName: 'Garden Flat, Oak Street',
        slug: 'garden-flat-oak-street',
        propertyAddress: validProperty.propertyAddress,
        propertyRentalPrice: '£1,200 pcm',
        numberOfBedrooms: 2,
        parkingSpace: 'One allocated space',
        vacancyDate: '01/03/2027',
        landlord: 'Mrs Patel 07700 900123',
        chatbotUrl: `http://localhost:3000/chatbot/${owner.company.slug}/garden-flat-oak-street`,
      });
      expect(Date.parse(property.createdAt)).not.toBeNaN();
    });

    it('gives a second property of the same name its own slug, also across companies', async () => {
      const name = `Studio ${unique('s')}`;
      const first = await create({ ...validProperty, propertyName: name });
      const second = await create({ ...validProperty, propertyName: name });
      const third = await create({ ...validProperty, propertyName: name }, other);
      expect(new Set([first.slug, second.slug, third.slug]).size).toBe(3);
      expect(second.slug).toBe(`${first.slug}-2`);
      expect(third.chatbotUrl).toBe(`http://localhost:3000/chatbot/${other.company.slug}/${third.slug}`);
    });

    it('makes distinct slugs for the same name added at the same moment', async () => {
      const name = `Race ${unique('r')}`;
      const results = await Promise.all(
        Array.from({ length: 4 }, () => create({ ...validProperty, propertyName: name })),
      );
      expect(new Set(results.map((p) => p.slug)).size).toBe(4);
    });

    it.each([
      ['1/3/27', '01/03/2027'],
      ['01/03/51', '01/03/1951'],
      [' 29/02/2028 ', '29/02/2028'],
    ])('stores the vacancy date %j as %j', async (typed, stored) => {
      const property = await create({ ...validProperty, vacancyDate: typed });
      expect(property.vacancyDate).toBe(stored);
    });

    it('accepts 0 bedrooms (a studio)', async () => {
      const property = await create({ ...validProperty, numberOfBedrooms: 0 });
      expect(property.numberOfBedrooms).toBe(0);
    });

    it('answers an empty body with every required field message', async () => {
      const response = await request(
        'POST',
        `/api/companies/${owner.company.id}/properties`,
        owner.cookie,
        {},
      );
      expect(response.status).toBe(400);
      const body = await response.json();
      expect(body.errors).toEqual({
        propertyName: 'Property name is required',
        propertyAddress: 'Property address is required',
        propertyRentalPrice: 'Rental price is required',
        numberOfBedrooms: 'Number of bedrooms must be 0 or greater',
        parkingSpace: 'Parking space is required',
        vacancyDate: 'Vacancy date is required',
        landlord: 'Landlord is required',
      });
    });

    it.each([
      [{ propertyName: '   ' }, 'propertyName', 'Property name is required'],
      [{ propertyAddress: '' }, 'propertyAddress', 'Property address is required'],
      [{ propertyRentalPrice: '' }, 'propertyRentalPrice', 'Rental price is required'],
      [{ numberOfBedrooms: -1 }, 'numberOfBedrooms', 'Number of bedrooms must be 0 or greater'],
      [{ numberOfBedrooms: '2' }, 'numberOfBedrooms', 'Number of bedrooms must be 0 or greater'],
      [{ numberOfBedrooms: 1.5 }, 'numberOfBedrooms', 'Number of bedrooms must be a whole number'],
      [{ parkingSpace: '' }, 'parkingSpace', 'Parking space is required'],
      [{ vacancyDate: '' }, 'vacancyDate', 'Vacancy date is required'],
      [{ vacancyDate: '31/04/2027' }, 'vacancyDate', 'Vacancy date must be a real date (dd/mm/yyyy)'],
      [{ vacancyDate: '29/02/2027' }, 'vacancyDate', 'Vacancy date must be a real date (dd/mm/yyyy)'],
      [{ vacancyDate: 'next week' }, 'vacancyDate', 'Vacancy date must be a real date (dd/mm/yyyy)'],
      [{ landlord: '' }, 'landlord', 'Landlord is required'],
      [{ propertyName: 'x'.repeat(256) }, 'propertyName', 'Property name must be at most 255 characters'],
      [
        { propertyAddress: 'x'.repeat(501) },
        'propertyAddress',
        'Property address must be at most 500 characters',
      ],
      [
        { propertyRentalPrice: 'x'.repeat(101) },
        'propertyRentalPrice',
        'Rental price must be at most 100 characters',
      ],
      [{ parkingSpace: 'x'.repeat(256) }, 'parkingSpace', 'Parking space must be at most 255 characters'],
      [{ landlord: 'x'.repeat(501) }, 'landlord', 'Landlord must be at most 500 characters'],
    ])('refuses %j with its message', async (change, field, message) => {
      await expectCreateRefused(change, field, message);
    });

    it("answers another company's id with 404 and creates nothing there", async () => {
      const countTheirs = async () =>
        (
          (await (
            await request('GET', `/api/companies/${other.company.id}/properties`, other.cookie)
          ).json()) as PropertyDto[]
        ).length;
      const before = await countTheirs();
      const response = await request(
        'POST',
        `/api/companies/${other.company.id}/properties`,
        owner.cookie,
        validProperty,
      );
      expect(response.status).toBe(404);
      expect(await countTheirs()).toBe(before);
    });

    it('answers 401 when signed out', async () => {
      const response = await request(
        'POST',
        `/api/companies/${owner.company.id}/properties`,
        undefined,
        validProperty,
      );
      expect(response.status).toBe(401);
    });

    it('refuses a cookie-bearing request from another origin', async () => {
      const response = await fetch(`${app.url}/api/companies/${owner.company.id}/properties`, {
        method: 'POST',
        headers: { cookie: owner.cookie, origin: 'https://evil.example', 'content-type': 'application/json' },
        body: JSON.stringify(validProperty),
      });
      expect(response.status).toBe(403);
    });
  });

  describe('listing details', () => {
    const details = {
      description: 'Bright first-floor flat with a south-facing garden. Two minutes from the station.',
      furnishing: 'part-furnished',
      petsPolicy: 'considered',
      billsIncluded: false,
      councilTaxBand: 'B',
      epcRating: 'C',
      deposit: 1384,
      minimumTermMonths: 12,
      features: ['Garden', 'dishwasher', ' garden ', 'Cellar storage'],
    };

    async function countOwn() {
      const response = await request('GET', `/api/companies/${owner.company.id}/properties`, owner.cookie);
      return ((await response.json()) as PropertyDto[]).length;
    }

    it('creates a listing with every detail and gives them back in the list', async () => {
      const property = await create({ ...validProperty, ...details });
      const expected = {
        ...details,
        features: ['garden', 'dishwasher', 'cellar storage'],
        photos: [],
      };
      expect(property).toMatchObject(expected);
      const list = (await (
        await request('GET', `/api/companies/${owner.company.id}/properties`, owner.cookie)
      ).json()) as PropertyDto[];
      expect(list.find((p) => p.id === property.id)).toMatchObject(expected);
    });

    it('stores a listing without details as "not stated", whether left out, null or empty', async () => {
      const notStated = NO_LISTING_DETAILS;
      expect(await create(validProperty)).toMatchObject(notStated);
      expect(await create({ ...validProperty, ...notStated })).toMatchObject(notStated);
      expect(
        await create({
          ...validProperty,
          description: '  ',
          furnishing: '',
          councilTaxBand: '',
          epcRating: '',
        }),
      ).toMatchObject(notStated);
    });

    it('updates the details, and clears those a full update leaves out', async () => {
      const property = await create({ ...validProperty, ...details });
      const response = await request('PUT', `/api/properties/${property.id}`, owner.cookie, {
        ...validProperty,
        furnishing: 'furnished',
        billsIncluded: true,
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({
        furnishing: 'furnished',
        billsIncluded: true,
        petsPolicy: null,
        deposit: null,
        features: [],
      });
    });

    it.each([
      // £1,200 pcm: a week is £276.92, 5 weeks £1,384.61.
      [
        { deposit: 1385 },
        'deposit',
        "Deposit can be at most 5 weeks' rent (£1,384) under the Tenant Fees Act 2019",
      ],
      [
        { propertyRentalPrice: '£300 pw', deposit: 1501 },
        'deposit',
        "Deposit can be at most 5 weeks' rent (£1,500) under the Tenant Fees Act 2019",
      ],
      [
        { propertyRentalPrice: '£5,000 pcm', deposit: 6924 },
        'deposit',
        "Deposit can be at most 6 weeks' rent (£6,923) under the Tenant Fees Act 2019",
      ],
      [{ deposit: -1 }, 'deposit', 'Deposit must be a whole number of pounds, 0 or more'],
      [{ deposit: 100.5 }, 'deposit', 'Deposit must be a whole number of pounds, 0 or more'],
      [{ councilTaxBand: 'I' }, 'councilTaxBand', 'Council tax band must be A to H'],
      [{ councilTaxBand: 'b' }, 'councilTaxBand', 'Council tax band must be A to H'],
      [{ epcRating: 'H' }, 'epcRating', 'EPC rating must be A to G'],
      [{ minimumTermMonths: 0 }, 'minimumTermMonths', 'Minimum term must be between 1 and 120 months'],
      [{ minimumTermMonths: 121 }, 'minimumTermMonths', 'Minimum term must be between 1 and 120 months'],
      [{ furnishing: 'semi' }, 'furnishing', 'Furnishing must be furnished, part-furnished or unfurnished'],
      [{ petsPolicy: 'cats only' }, 'petsPolicy', 'Pets must be allowed, considered or not allowed'],
      [{ billsIncluded: 'yes' }, 'billsIncluded', 'Bills included must be yes, no or not stated'],
      [{ description: 'x'.repeat(5001) }, 'description', 'Description must be at most 5,000 characters'],
      [{ features: ['x'.repeat(61)] }, 'features.0', 'Each feature must be at most 60 characters'],
    ])('refuses %j with its message and saves nothing', async (change, field, message) => {
      const before = await countOwn();
      await expectCreateRefused(change, field, message);
      expect(await countOwn()).toBe(before);
    });

    it('accepts a deposit of exactly 5 weeks, and 6 weeks at £50,000 a year', async () => {
      expect((await create({ ...validProperty, deposit: 1384 })).deposit).toBe(1384);
      expect(
        (await create({ ...validProperty, propertyRentalPrice: '£50,000 pa', deposit: 5769 })).deposit,
      ).toBe(5769);
    });

    it('refuses an unlawful deposit on update and leaves the listing as it was', async () => {
      const property = await create({ ...validProperty, deposit: 1000 });
      const response = await request('PUT', `/api/properties/${property.id}`, owner.cookie, {
        ...validProperty,
        propertyName: 'Renamed',
        deposit: 2000,
      });
      expect(response.status).toBe(400);
      expect((await response.json()).errors).toEqual({
        deposit: "Deposit can be at most 5 weeks' rent (£1,384) under the Tenant Fees Act 2019",
      });
      const list = (await (
        await request('GET', `/api/companies/${owner.company.id}/properties`, owner.cookie)
      ).json()) as PropertyDto[];
      expect(list.find((p) => p.id === property.id)).toMatchObject({
        propertyName: validProperty.propertyName,
        deposit: 1000,
      });
    });
  });

  describe('GET /api/companies/{id}/properties', () => {
    it("lists the company's own properties, newest first", async () => {
      const company = await createCompanyUser(app);
      const older = await insertProperty(app, company.company.id, company.company.slug, {
        propertyName: 'Older',
        createdAt: new Date('2025-01-01T10:00:00Z'),
      });
      const newer = await insertProperty(app, company.company.id, company.company.slug, {
        propertyName: 'Newer',
        createdAt: new Date('2025-02-01T10:00:00Z'),
      });
      await insertProperty(app, other.company.id, other.company.slug, { propertyName: 'Not mine' });
      const response = await request(
        'GET',
        `/api/companies/${company.company.id}/properties`,
        company.cookie,
      );
      expect(response.status).toBe(200);
      const list = (await response.json()) as PropertyDto[];
      expect(list.map((p) => p.id)).toEqual([newer.id, older.id]);
      expect(list[0]).toMatchObject({ propertyName: 'Newer', landlord: 'Mrs Patel 07700 900123' });
    });

    it("answers another company's id, a made-up id and a non-uuid with 404", async () => {
      for (const id of [other.company.id, '00000000-0000-4000-8000-000000000000', 'nope']) {
        const response = await request('GET', `/api/companies/${id}/properties`, owner.cookie);
        expect(response.status).toBe(404);
      }
    });

    it('answers 404 to a signed-in user with no company, and 401 when signed out', async () => {
      const loner = await createSignedInUser(app);
      expect(
        (await request('GET', `/api/companies/${owner.company.id}/properties`, loner.cookie)).status,
      ).toBe(404);
      expect((await request('GET', `/api/companies/${owner.company.id}/properties`, undefined)).status).toBe(
        401,
      );
    });
  });

  describe('PUT /api/properties/{id}', () => {
    it('updates every field and keeps the slug and link already shared', async () => {
      const property = await create({ ...validProperty, propertyName: `Before ${unique('p')}` });
      const response = await request('PUT', `/api/properties/${property.id}`, owner.cookie, {
        propertyName: 'After the rename',
        propertyAddress: '1 New Street, York YO1 1AA',
        propertyRentalPrice: '£300 pw',
        numberOfBedrooms: 3,
        parkingSpace: 'None',
        vacancyDate: '15/08/27',
        landlord: 'Mr Khan',
      });
      expect(response.status).toBe(200);
      const updated = (await response.json()) as PropertyDto;
      expect(updated).toMatchObject({
        id: property.id,
        propertyName: 'After the rename',
        propertyAddress: '1 New Street, York YO1 1AA',
        propertyRentalPrice: '£300 pw',
        numberOfBedrooms: 3,
        parkingSpace: 'None',
        vacancyDate: '15/08/2027',
        landlord: 'Mr Khan',
        slug: property.slug,
        chatbotUrl: property.chatbotUrl,
      });
    });

    it('answers a bad body with 400 and its field message', async () => {
      const property = await create();
      const response = await request('PUT', `/api/properties/${property.id}`, owner.cookie, {
        ...validProperty,
        vacancyDate: '30/02/2027',
        landlord: '',
      });
      expect(response.status).toBe(400);
      expect((await response.json()).errors).toEqual({
        vacancyDate: 'Vacancy date must be a real date (dd/mm/yyyy)',
        landlord: 'Landlord is required',
      });
    });

    it('puts several messages into one message, each one sentence', async () => {
      const property = await create();
      const response = await request('PATCH', `/api/properties/${property.id}`, owner.cookie, {
        assigneeId: '',
        archived: true,
      });
      expect(response.status).toBe(400);
      expect((await response.json()).message).toBe(
        'The assignee must be a member id or null. Unrecognized key: "archived"',
      );
    });

    it('keeps its own viewing rules through an update that leaves them out; null returns it to the agency’s', async () => {
      const viewingSettings = {
        bookingOff: false,
        windows: [{ day: 6, start: '10:00', end: '12:00' }],
        partiesPerSlot: 3,
        blockedDates: ['2027-12-25'],
      };
      const property = await create({ ...validProperty, viewingSettings });
      expect(property.viewingSettings).toEqual(viewingSettings);
      const put = (body: unknown) => request('PUT', `/api/properties/${property.id}`, owner.cookie, body);
      const read = async () =>
        (
          (await (
            await request('GET', `/api/companies/${owner.company.id}/properties`, owner.cookie)
          ).json()) as PropertyDto[]
        ).find((listed) => listed.id === property.id)?.viewingSettings;

      const renamed = await put({ ...validProperty, propertyName: 'Renamed flat' });
      expect(renamed.status).toBe(200);
      expect(await read()).toEqual(viewingSettings);

      const off = await put({ ...validProperty, viewingSettings: { ...viewingSettings, bookingOff: true } });
      expect(off.status).toBe(200);
      expect(await read()).toEqual({ ...viewingSettings, bookingOff: true });

      // Hours that end before they start, or clash: named on the field, and nothing saved.
      const bad = await put({
        ...validProperty,
        propertyName: 'Not saved',
        viewingSettings: {
          ...viewingSettings,
          windows: [
            { day: 2, start: '18:00', end: '17:00' },
            { day: 6, start: '10:00', end: '12:00' },
            { day: 6, start: '11:00', end: '13:00' },
          ],
        },
      });
      expect(bad.status).toBe(400);
      expect((await bad.json()).errors).toEqual({
        'viewingSettings.windows.0.end': 'Tuesday: the end time must be after the start time',
        'viewingSettings.windows.2.start': 'Saturday: 11:00–13:00 overlaps 10:00–12:00',
      });
      expect(await read()).toEqual({ ...viewingSettings, bookingOff: true });

      const cleared = await put({ ...validProperty, viewingSettings: null });
      expect(cleared.status).toBe(200);
      expect(await read()).toBeNull();
    });

    it("answers another company's property with 404 and leaves it unchanged", async () => {
      const theirs = await create(validProperty, other);
      const response = await request('PUT', `/api/properties/${theirs.id}`, owner.cookie, {
        ...validProperty,
        propertyName: 'Hijacked',
      });
      expect(response.status).toBe(404);
      const list = (await (
        await request('GET', `/api/companies/${other.company.id}/properties`, other.cookie)
      ).json()) as PropertyDto[];
      expect(list.find((p) => p.id === theirs.id)?.propertyName).toBe(validProperty.propertyName);
    });

    it('answers an unknown id with 404', async () => {
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
        const response = await request('PUT', `/api/properties/${id}`, owner.cookie, validProperty);
        expect(response.status).toBe(404);
      }
    });
  });

  describe('DELETE /api/properties/{id}', () => {
    it('deletes the property', async () => {
      const property = await create();
      const response = await request('DELETE', `/api/properties/${property.id}`, owner.cookie);
      expect(response.status).toBe(204);
      const list = (await (
        await request('GET', `/api/companies/${owner.company.id}/properties`, owner.cookie)
      ).json()) as PropertyDto[];
      expect(list.map((p) => p.id)).not.toContain(property.id);
      expect((await request('DELETE', `/api/properties/${property.id}`, owner.cookie)).status).toBe(404);
    });

    it("answers another company's property with 404 and keeps it", async () => {
      const theirs = await create(validProperty, other);
      expect((await request('DELETE', `/api/properties/${theirs.id}`, owner.cookie)).status).toBe(404);
      const list = (await (
        await request('GET', `/api/companies/${other.company.id}/properties`, other.cookie)
      ).json()) as PropertyDto[];
      expect(list.map((p) => p.id)).toContain(theirs.id);
    });

    it('answers 401 when signed out', async () => {
      const property = await create();
      expect((await request('DELETE', `/api/properties/${property.id}`, undefined)).status).toBe(401);
    });
  });

  describe('POST /api/companies/{id}/chatbot-url', () => {
    it('returns the agency-wide link', async () => {
      const response = await request('POST', `/api/companies/${owner.company.id}/chatbot-url`, owner.cookie);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ url: `http://localhost:3000/chatbot/${owner.company.slug}` });
    });

    it("answers another company's id with 404 and signed out with 401", async () => {
      expect(
        (await request('POST', `/api/companies/${other.company.id}/chatbot-url`, owner.cookie)).status,
      ).toBe(404);
      expect(
        (await request('POST', `/api/companies/${owner.company.id}/chatbot-url`, undefined)).status,
      ).toBe(401);
    });
  });
});
