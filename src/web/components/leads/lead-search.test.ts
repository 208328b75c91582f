import { beforeAll, describe, expect, test } from 'vitest';
import type { LeadDto } from '#shared/schemas/leads.ts';
import { sampleLead } from '#tests/helpers/sample-lead.ts';
import { phoneLayoutLoaded } from '#web/lib/uk-phone.ts';
import { leadSearchText, matchesSearch, searchTerms } from './lead-search.ts';

function lead(overrides: Partial<LeadDto>): LeadDto {
  return {
    id: 'l1',
    createdAt: '2025-01-05T15:07:00.000Z',
    propertyId: null,
    ...sampleLead,
    email: 'sarah@example.test',
    availabilityDates: [],
    personRequested: false,
    passedOnQuestions: [],
    source: null,
    enquiryId: null,
    viewingAt: null,
    viewingStatus: null,
    ...overrides,
  };
}

const sarah = lead({});
const tom = lead({
  id: 'l2',
  name: 'Tom Brown',
  email: 'tom@example.test',
  profession: 'Software engineer',
  propertyName: '',
  propertyLocation: null,
  contactNumber: '+442079460000',
  availability: 'Saturday',
  rating: '10',
  createdAt: '2025-02-10T09:30:00.000Z',
});
const leads = [sarah, tom];
// As the leads tab does: the search text is made once the phone layout's parser has arrived.
let texts: string[] = [];
beforeAll(async () => {
  await phoneLayoutLoaded;
  texts = leads.map(leadSearchText);
});

describe('lead search', () => {
  test.each([
    ['', ['l1', 'l2']],
    ['   ', ['l1', 'l2']],
    ['sarah', ['l1']],
    ['SARAH', ['l1']],
    ['nurse', ['l1']],
    ['engineer', ['l2']],
    ['elm road', ['l1']],
    ['any', ['l2']],
    ['07700 900123', ['l1']],
    ['+447700900123', ['l1']],
    ['020 7946', ['l2']],
    ['£42,000', ['l1', 'l2']],
    ['01/03/2027', ['l1', 'l2']],
    ['saturday', ['l2']],
    ['10/10', ['l2']],
    ['5 jan', ['l1']],
    ['10 feb 2025', ['l2']],
    ['9:30 am', ['l2']],
    ['sarah nurse', ['l1']],
    ['sarah engineer', []],
    ['nobody', []],
  ])('%j finds %j', (query, ids) => {
    const terms = searchTerms(query);
    expect(leads.filter((_, i) => matchesSearch(texts[i]!, terms)).map((l) => l.id)).toEqual(ids);
  });
});
