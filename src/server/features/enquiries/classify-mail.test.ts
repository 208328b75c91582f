import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { classifyMail, type EnquiryListing, type InboundMail, type ParsedEnquiry } from './classify-mail.ts';
import { readMail } from './read-mail.ts';

const fixture = (name: string) => readFileSync(path.join('tests/fixtures/inbound', name));

const listing = (address: string, postcode: string, price: string, reference: string): EnquiryListing => ({
  address,
  postcode,
  price,
  reference,
});

/** Who an enquiry is from, as the portal's email names them. */
const enquirer = (
  source: ParsedEnquiry['source'],
  name: string,
  email: string,
  phone: string,
  about: EnquiryListing,
) => ({ source, name, email, phone, listing: about });

const hydePark = listing('Flat 2, 14 Hyde Park Road, Leeds, LS6 1AB', 'LS6 1AB', '£1,150 pcm', '158842211');
const ecclesall = listing('27 Ecclesall Road, Sheffield S11 8HW', 'S11 8HW', '£1,400 pcm', '67319045');
const canal = listing('8 Canal Street, Manchester, M1 3HE', 'M1 3HE', '£950 pcm', '14820377');

const priya = enquirer('rightmove', 'Priya Shah', 'priya.shah@example.com', '+447700900123', hydePark);
const daniel = enquirer('rightmove', 'Daniel Okoro', 'dan.okoro@example.net', '+447700900456', hydePark);
const hannah = enquirer('zoopla', 'Hannah Clarke', 'hannah.clarke@example.org', '+447700900789', ecclesall);
const marek = enquirer('zoopla', 'Marek Nowak', 'marek.nowak@example.com', '+447700900321', ecclesall);
const sofia = enquirer('onthemarket', 'Sofia Rossi', 'sofia.rossi@example.com', '+447700900555', canal);
const oliver = enquirer(
  'onthemarket',
  'Oliver Bennett',
  'oliver.bennett@example.co.uk',
  '+441614960123',
  canal,
);

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
