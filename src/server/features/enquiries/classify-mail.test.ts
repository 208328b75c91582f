import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { classifyMail, type InboundMail, type ParsedEnquiry } from './classify-mail.ts';
import { readMail } from './read-mail.ts';

const fixture = (name: string) => readFileSync(path.join('tests/fixtures/inbound', name));

const priya = {
  source: 'rightmove' as const,
  name: 'Priya Shah',
  email: 'priya.shah@example.com',
  phone: '+447700900123',
  listing: {
    address: 'Flat 2, 14 Hyde Park Road, Leeds, LS6 1AB',
    postcode: 'LS6 1AB',
    price: '£1,150 pcm',
    reference: '158842211',
  },
};
const daniel = { ...priya, name: 'Daniel Okoro', email: 'dan.okoro@example.net', phone: '+447700900456' };
const ecclesall = {
  address: '27 Ecclesall Road, Sheffield S11 8HW',
  postcode: 'S11 8HW',
  price: '£1,400 pcm',
  reference: '67319045',
};
const hannah = {
  source: 'zoopla' as const,
  name: 'Hannah Clarke',
  email: 'hannah.clarke@example.org',
  phone: '+447700900789',
  listing: ecclesall,
};
const marek = { ...hannah, name: 'Marek Nowak', email: 'marek.nowak@example.com', phone: '+447700900321' };
const canal = {
  address: '8 Canal Street, Manchester, M1 3HE',
  postcode: 'M1 3HE',
  price: '£950 pcm',
  reference: '14820377',
};
const sofia = {
  source: 'onthemarket' as const,
  name: 'Sofia Rossi',
  email: 'sofia.rossi@example.com',
  phone: '+447700900555',
  listing: canal,
};
const oliver = {
  ...sofia,
  name: 'Oliver Bennett',
  email: 'oliver.bennett@example.co.uk',
  phone: '+441614960123',
};

const enquiries: Array<[string, Partial<ParsedEnquiry>, string]> = [
  ['rightmove-plain.eml', priya, 'arrange a viewing one evening next week'],
  ['rightmove-html.eml', daniel, 'Could we view it on Saturday?'],
  ['rightmove-forwarded-plain.eml', priya, 'Is it still available'],
  ['rightmove-forwarded-html.eml', daniel, 'We both work full time at the hospital'],
  ['zoopla-plain.eml', hannah, 'are pets considered?'],
  ['zoopla-html.eml', marek, 'I can move in from mid December.'],
  ['zoopla-forwarded-plain.eml', hannah, 'family of four'],
  ['zoopla-forwarded-html.eml', marek, 'software engineer'],
  ['onthemarket-plain.eml', sofia, 'still available from February'],
  ['onthemarket-html.eml', oliver, 'is parking available with the studio?'],
  ['onthemarket-forwarded-plain.eml', sofia, 'PhD student'],
  ['onthemarket-forwarded-html.eml', oliver, 'I work in the city centre'],
  [
    'generic-forwarded.eml',
    {
      source: 'email',
      name: 'Tom Baker',
      email: 'tom.baker@example.com',
      phone: '+447700900987',
      listing: {
        address: '27 Ecclesall Road, Sheffield S11 8HW',
        postcode: 'S11 8HW',
        price: null,
        reference: null,
      },
    },
    'view it this weekend',
  ],
];

describe('portal and forwarded enquiry emails', () => {
  for (const [file, expected, inMessage] of enquiries) {
    it(`${file}: ${expected.source} enquiry from ${expected.name}`, async () => {
      const result = classifyMail(await readMail(fixture(file)));
      expect(result.kind).toBe('enquiry');
      if (result.kind !== 'enquiry') return;
      expect(result.enquiry).toMatchObject(expected);
      expect(result.enquiry.message).toContain(inMessage);
      // Never the portal's boilerplate as the tenant's message.
      expect(result.enquiry.message).not.toMatch(/Soho Square|Cardinal Place|Aldershot/);
    });
  }
});

describe('mail that is not an enquiry', () => {
  const cases: Array<[string, string]> = [
    ['auto-reply.eml', 'auto_reply'],
    ['bounce.eml', 'bounce'],
    ['unrecognised.eml', 'unrecognised'],
  ];
  for (const [file, kind] of cases) {
    it(`${file} → ${kind}`, async () => {
      expect(classifyMail(await readMail(fixture(file))).kind).toBe(kind);
    });
  }

  const base: InboundMail = {
    from: { address: 'tenant@example.com', name: 'Tenant' },
    replyTo: null,
    subject: 'Question',
    text: 'Name: A Tenant\nEmail: tenant@example.com',
    headers: { autoSubmitted: null, precedence: null, contentType: 'text/plain', hasAutoReplyHeader: false },
  };
  const headerCases: Array<[string, Partial<InboundMail['headers']>, string, string]> = [
    ['Auto-Submitted: auto-generated', { autoSubmitted: 'auto-generated' }, 'Question', 'auto_reply'],
    ['Auto-Submitted: no is a person', { autoSubmitted: 'no' }, 'Question', 'unrecognised'],
    ['Precedence: bulk', { precedence: 'bulk' }, 'Question', 'auto_reply'],
    ['Precedence: junk', { precedence: 'junk' }, 'Question', 'auto_reply'],
    ['Precedence: list', { precedence: 'List' }, 'Question', 'auto_reply'],
    ['X-Autoreply', { hasAutoReplyHeader: true }, 'Question', 'auto_reply'],
    ['an "Out of Office" subject', {}, 'Out of Office: back Monday', 'auto_reply'],
    ['multipart/report', { contentType: 'multipart/report' }, 'Question', 'bounce'],
  ];
  for (const [label, headers, subject, kind] of headerCases) {
    it(`${label} → ${kind}`, () => {
      expect(classifyMail({ ...base, subject, headers: { ...base.headers, ...headers } }).kind).toBe(kind);
    });
  }

  it('a portal email without any way to reach the enquirer is kept, not an enquiry', () => {
    const mail = {
      ...base,
      from: { address: 'enquiries@rightmove.co.uk', name: 'Rightmove' },
      text: 'Name: Jo',
    };
    expect(classifyMail(mail).kind).toBe('unrecognised');
  });

  it('postmaster is a bounce whatever the subject', () => {
    const mail = { ...base, from: { address: 'postmaster@example.net', name: '' } };
    expect(classifyMail(mail).kind).toBe('bounce');
  });
});
