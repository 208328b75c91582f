import * as chrono from 'chrono-node';
import fc from 'fast-check';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { describe, expect, test } from 'vitest';
import { corpus } from '#tests/corpus/run.ts';
import { testReturns, testReturnsNull } from '#tests/helpers/tables.ts';
import { emptyFields } from './dialogue.ts';
import {
  EXTRACTION_STAGES,
  extractAnswers,
  MAY_NAME_A_DATE,
  parseAvailability,
  parseConfirmation,
  parseEmail,
  parseIncome,
  parseMoveIn,
  parseName,
  parseOccupation,
  parsePeople,
  parsePhone,
  parseRefusals,
  type Reading,
  readMessage,
} from './extract.ts';
import type { SlotName } from './types.ts';

// Tuesday 10 February 2026
const today = '2026-02-10';

describe('move-in dates', () => {
  test.each([
    ['ASAP', '2026-02-10'],
    ['as soon as possible', '2026-02-10'],
    ['immediately', '2026-02-10'],
    ['now', '2026-02-10'],
    ['today', '2026-02-10'],
    ['tomorrow', '2026-02-11'],
    ['01/03', '2026-03-01'],
    ['1/3', '2026-03-01'],
    ['03/04', '2026-04-03'],
    ['15/04/2026', '2026-04-15'],
    ['1/3/26', '2026-03-01'],
    ['02.04.2026', '2026-04-02'],
    ['1st March', '2026-03-01'],
    ['the 1st of March', '2026-03-01'],
    ['March 1st', '2026-03-01'],
    ['1 March', '2026-03-01'],
    ['2nd of Mrach', '2026-03-02'],
    ['next month', '2026-03-01'],
    ['start of next month', '2026-03-01'],
    ['end of next month', '2026-03-31'],
    ['end of March', '2026-03-31'],
    ['mid-April', '2026-04-15'],
    ['mid April', '2026-04-15'],
    ['beginning of April', '2026-04-01'],
    ['early March', '2026-03-01'],
    ['in April', '2026-04-01'],
    ['from May', '2026-05-01'],
    ['May please', '2026-05-01'],
    ['from the 1st of next month', '2026-03-01'],
    ['in 2 weeks', '2026-02-24'],
    ['in a fortnight', '2026-02-24'],
    ['in 3 weeks', '2026-03-03'],
    ['the 20th', '2026-02-20'],
    ['the 5th', '2026-03-05'],
    ['next Monday', '2026-02-16'],
    ['Monday 23rd Feb', '2026-02-23'],
    ['this Saturday', '2026-02-14'],
    // Without a year: the next such date on or after today.
    ['10/02', '2026-02-10'],
    ['9th February', '2027-02-09'],
    ['February', '2026-02-10'],
  ])('%s → %s', (text, date) => {
    expect(parseMoveIn(text, today, { asked: true })).toEqual({ date });
  });

  test.each([
    ['within a month', 'within a month'],
    ['flexible', 'flexible'],
    ['no rush', 'no rush'],
    ['not sure yet', 'not sure'],
  ])('%s is kept as words', (text, words) => {
    expect(parseMoveIn(text, today, { asked: true })).toEqual({ text: words });
  });

  test('a lease that ends gives way to the date the tenant moves from', () => {
    expect(
      parseMoveIn('My lease ends on the 28th of Feb so ideally from 1st March', today, { asked: true }),
    ).toEqual({ date: '2026-03-01' });
  });

  test('a correction of the day keeps the month already given', () => {
    expect(
      parseMoveIn('sorry, I meant the 15th', today, {
        asked: false,
        previous: '2026-03-05',
        isCorrecting: true,
      }),
    ).toEqual({ date: '2026-03-15' });
  });

  test('in December, a January date is next year', () => {
    expect(parseMoveIn('5th January', '2025-12-20', { asked: true })).toEqual({ date: '2026-01-05' });
  });

  testReturnsNull('%s is not a move-in date', (text) => parseMoveIn(text, today, { asked: true }), [
    '5pm',
    'after 6',
    '£5,200 a month',
    '2 of us',
    'May I ask about parking',
    'we may need parking',
  ]);
});

describe('income', () => {
  testReturns('%s → £%i a year', (text) => parseIncome(text, { asked: true }), [
    ['£32k', 32000],
    ['32k', 32000],
    ['£42,000', 42000],
    ['75000', 75000],
    ['2,400 a month', 28800],
    ['£2.5k a month', 30000],
    ['£1,900 pcm', 22800],
    ['£550 pw', 28600],
    ['I take home £550 pw', 28600],
    ['£45,000 pa', 45000],
    ['£31,000 a year', 31000],
    ['about 30 grand between us', 30000],
    ['40 thousand', 40000],
    ['around 35-40k', 35000],
    ['I get paid £1,500 every 2 weeks', 39000],
    ['£12 an hour, 40 hours a week', 24960],
    ['we make around 3,800 a month after tax between us', 45600],
    ["I'm a project manager on £55k and my husband is a nurse on £32k", 87000],
    ['I earn 28k, my partner 25k, so 53k combined', 53000],
    ['£2,000 a month, so £24,000 a year', 24000],
    ['I have about £20,000 in savings', 20000],
    ['we get about six hundred a week between us', 31200],
    ['thirty five thousand a year', 35000],
    ["I'm a student but my dad will be my guarantor, he earns about £70k", 70000],
  ]);

  test('"each" counts every person', () => {
    expect(parseIncome('£26k each', { asked: true, people: 2 })).toBe(52000);
    expect(parseIncome('about 25k each', { asked: true, people: 3 })).toBe(75000);
  });

  test.each([
    ['Is it £1,250 a month? I earn 2,800 a month', 33600],
    ['2 of us, both nurses, £58k together, could move 1 March', 58000],
  ])('unasked, income is read from its own clause: %s', (text, annual) => {
    const extraction = extractAnswers(text, { asking: 'moveIn', today, fields: emptyFields() });
    expect(extraction.updates.annualIncome).toBe(annual);
  });

  test.each([
    'My number is 07700 900123',
    'There are 2 of us',
    '3 bed please',
    'from the 1st of March',
    'our budget is £1,200 a month',
    'after 6pm',
    "I'm 34",
  ])('%s holds no income', (text) => {
    expect(
      extractAnswers(text, { asking: 'moveIn', today, fields: emptyFields() }).updates.annualIncome,
    ).toBe(undefined);
  });
});

describe('number of people', () => {
  testReturns('%s → %i', (text) => parsePeople(text, { asked: false }), [
    ['2 of us', 2],
    ['two of us', 2],
    ['just me', 1],
    ['jus me', 1],
    ['Just myself', 1],
    ['It would just be me', 1],
    ['me and my partner', 2],
    ['my partner and I', 2],
    ['me n my wife', 2],
    ['Just me and my son', 2],
    ['a couple', 2],
    ["We're a couple", 2],
    ['family of four', 4],
    ['a family of 6', 6],
    ['3 adults', 3],
    ['2 adults, 2 children', 4],
    ['me, my partner and our baby', 3],
    ['me and 2 friends', 3],
    ['me, my husband and our 3 kids', 5],
    ["actually it's 3 of us", 3],
    ["There'd be three of us (me, my wife and my mother-in-law)", 3],
    ['we are 5', 5],
    ['2 ppl', 2],
    ['Move in: 20/04\nPeople: 3\nIncome: £61k', 3],
    ['me plus my partner', 2],
    ['just me, ASAP please', 1],
    ["it's just me, I'm a pharmacist", 1],
    ['just me, my son and my daughter', 3],
    ['moving with my partner in early March', 2],
    ['moving in with my boyfriend and his son', 3],
    ['me, my wife and our 2 kids', 4],
    ['3 sharers', 3],
    ["it's just me and my cat", 1],
    ['hubby and me', 2],
    ['me and the missus', 2],
    ['me and my fiancé, ASAP', 2],
    ['we are a couple with a baby', 3],
  ]);

  testReturns('asked, a bare %s → %i', (text) => parsePeople(text, { asked: true }), [
    ['2', 2],
    ['4+', 4],
    ['three', 3],
    ['me', 1],
  ]);

  testReturnsNull('%s is no count of people', (text) => parsePeople(text, { asked: false }), [
    '3 bed',
    '£1,200',
    'in 2 weeks',
    '1st March',
    'a couple of weeks',
    'me and my dog',
    'moving with my dog',
    "I'm moving with work",
    'I live with my parents at the moment',
    'coming with my partner to the viewing',
  ]);

  test('a bedroom count in a question is not people', () => {
    const extraction = extractAnswers('Does it really have 3 bedrooms? There are 2 of us', {
      asking: 'moveIn',
      today,
      fields: emptyFields(),
    });
    expect(extraction.updates.numberOfPeople).toBe(2);
  });
});

describe('phone numbers', () => {
  testReturns('%s → %s', (text) => parsePhone(text).phone, [
    ['07700 900123', '+447700900123'],
    ['07700900123', '+447700900123'],
    ['07700-900-123', '+447700900123'],
    ['+44 7700 900123', '+447700900123'],
    ['+44 (0)7700 900 123', '+447700900123'],
    ['0044 7700 900123', '+447700900123'],
    ['07 700 900 555', '+447700900555'],
    ['0118 496 0123', '+441184960123'],
    ['020 7946 0000', '+442079460000'],
    ['call me on 07911 123456 after 5', '+447911123456'],
  ]);

  test('a number too short is flagged, not stored', () => {
    expect(parsePhone('07700 90012')).toMatchObject({ phone: null, isInvalid: true });
  });

  test('money and dates are not phone numbers', () => {
    expect(parsePhone('£42,000 and 15/04/2026').phone).toBeNull();
  });

  test('reads any UK number, however it is typed, as libphonenumber reads it', () => {
    // The reference: libphonenumber's number when it calls it valid, else the UK drama-range rule.
    const reference = (typed: string) => {
      const phone = parsePhoneNumberFromString(typed.replace(/\(0\)/g, '').replace(/^00/, '+'), 'GB');
      if (!phone) return null;
      if (phone.isValid()) return phone.number;
      // libphonenumber keeps the trunk 0 of a too-short Isle of Man number ('01624 00000' reads as
      // 0162400000): the rule is about the digits after it.
      const national = phone.nationalNumber.replace(/^0/, '');
      return phone.countryCallingCode === '44' && /^(?:7\d{9}|[1-3]\d{8,9})$/.test(national)
        ? `+44${national}`
        : null;
    };
    const national = fc.oneof(
      fc.stringMatching(/^7\d{9}$/),
      fc.stringMatching(/^[1-3]\d{8,9}$/),
      fc.stringMatching(/^[4-9]\d{9}$/),
    );
    const typed = fc
      .tuple(national, fc.constantFrom('0', '+44 ', '+44 (0)', '0044 ', '+44'), fc.constantFrom(' ', '', '-'))
      .map(([digits, prefix, separator]) => `${prefix}${digits.slice(0, 4)}${separator}${digits.slice(4)}`);
    fc.assert(
      fc.property(typed, (text) => {
        expect(parsePhone(text).phone).toBe(reference(text));
      }),
      { numRuns: 500 },
    );
  });
});

describe('email', () => {
  test.each([
    ['sarah.jones@gmail.com', 'sarah.jones@gmail.com'],
    ['John.Smith@Gmail.COM', 'john.smith@gmail.com'],
    ['Email: KWAME.MENSAH@BT.COM, mobile 07700 900555', 'kwame.mensah@bt.com'],
    ['it is wei.chen@manchester.ac.uk thanks', 'wei.chen@manchester.ac.uk'],
  ])('%s → %s', (text, email) => {
    expect(parseEmail(text).email).toBe(email);
  });

  test('an address with no domain is flagged', () => {
    expect(parseEmail('sarah@gmail')).toEqual({ email: null, isInvalid: true });
  });
});

describe('names', () => {
  testReturns('%s → %s', (text) => parseName(text, { asked: false }), [
    ["I'm Sarah Jones", 'Sarah Jones'],
    ["name's Tom, looking to move 1st March", 'Tom'],
    ['my name is aisha khan', 'Aisha Khan'],
    ['Hi this is Mark Davies, is parking included?', 'Mark Davies'],
    ['Thanks, Jo', 'Jo'],
    ['Name: Kwame Mensah', 'Kwame Mensah'],
    ["Sorry, my name's spelt Kathryn Dunn", 'Kathryn Dunn'],
  ]);

  testReturns('asked, a bare %s → %s', (text) => parseName(text, { asked: true }), [
    ['Sarah Jones', 'Sarah Jones'],
    ['jess moore', 'Jess Moore'],
    ["Liam O'Brien", "Liam O'Brien"],
    ['its mohammed al-hassan', 'Mohammed Al-Hassan'],
    ['Holly White', 'Holly White'],
    ['Lily Baker', 'Lily Baker'],
  ]);

  testReturnsNull('%s is not a name', (text) => parseName(text, { asked: false }), [
    "I'm Polish",
    "I'm 34",
    "I'm a nurse",
    "I'm interested in the flat",
    "I'm flexible",
    'I am looking to move',
    "I'm White British",
  ]);

  testReturnsNull('asked, %s is not a name', (text) => parseName(text, { asked: true }), [
    'weekends',
    'yes',
    'Nurse',
    'not sure',
  ]);

  testReturns('unasked, beside contact details: %s → %s', (text) => parseName(text, { asked: false }), [
    ['Jamie Lee, jamie.lee@example.com', 'Jamie Lee'],
    ['Priya Shah priya.shah@example.com 07700 900777', 'Priya Shah'],
    ['Chloe Evans, 07700 900888, chloe@example.com', 'Chloe Evans'],
    ['olivia.king@gmail.com 07700 900713 Olivia King', 'Olivia King'],
    ["Daniel Okafor 07700 900721, we'd like to move at the start of March", 'Daniel Okafor'],
    ['Zara Ahmed. zara.ahmed@yahoo.co.uk. 07700 900715', 'Zara Ahmed'],
    ['Jamie Lee - 07700 900123 - jamie@example.com', 'Jamie Lee'],
    ['Gareth Evans-Price gareth.ep@btinternet.com', 'Gareth Evans-Price'],
    ['Hiya, Kerry-Ann Doyle here, 2 of us from next month', 'Kerry-Ann Doyle'],
    ['JAMIE LEE, jamie@example.com', 'Jamie Lee'],
    ['Mr Jamie Lee jamie@example.com', 'Jamie Lee'],
    ['Siân Evans, sian@example.com', 'Siân Evans'],
    ['Sarah Baker, sarah@example.com', 'Sarah Baker'],
    // Lower case beside an email that spells it.
    ['josh patel josh.patel@hotmail.co.uk 07700 900711', 'Josh Patel'],
    ["liam o'connor, liamoc@gmail.com, 07700 900703", "Liam O'Connor"],
  ]);

  testReturnsNull('unasked, %s holds no name', (text) => parseName(text, { asked: false }), [
    'Elm Road please, jo.smith@gmail.com',
    'Maple Court, 07700 900123',
    'Weekday Evenings, 07700 900123',
    'Next Week, jo@example.com',
    'Civil Servant, jo@example.com',
    'Software Developer jo@example.com',
    'Leeds Uni, jo@example.com',
    'Between Jobs, jo@example.com',
    'Kind Regards, jo@example.com',
    // Lower case with nothing to confirm it: could be anything.
    'send details 07700 900123',
    "Hi, I'm interested in the Cardigan Road house, jo@example.com",
  ]);

  test('words of the listings are never a name', () => {
    const places = ['Headingley Heights', '4 Headingley Heights, Leeds LS6 1AA'];
    expect(parseName('Headingley Heights, jo@example.com', { asked: false, places })).toBeNull();
    expect(parseName('Victoria Heights, jo@example.com', { asked: false, places })).toBe('Victoria Heights');
  });

  testReturns(
    'the name asked, a name opening a longer answer: %s → %s',
    (text) => parseName(text, { asked: false, nameAsked: true }),
    [
      ["Tom Wright, I'd rather not give my number, email is tom.wright@example.com", 'Tom Wright'],
      ['Sure, Tom Wright', 'Tom Wright'],
      ['tom wright, 2 of us', 'Tom Wright'],
    ],
  );
});

describe('occupations', () => {
  testReturns('%s → %s', (text) => parseOccupation(text, { asked: false }), [
    ['2 of us, both nurses', 'Nurse'],
    ["I'm a junior doctor at the LGI", 'Junior doctor'],
    ["I'm a teacher and he's an electrician", 'Teacher and electrician'],
    ["I'm a software engineer, my wife is a pharmacist", 'Software engineer and pharmacist'],
    ["I'm self employed", 'Self-employed'],
    ["I'm retired", 'Retired'],
    ["I'm a PhD student at the uni", 'PhD student'],
    ['I work in IT', 'Works in IT'],
    ['we both work for the council', 'Works for the council'],
    ["I'm between jobs at the moment", 'Between jobs'],
    ['We all work full time', 'Employed full-time'],
    ['I run my own cleaning business', 'Runs own cleaning business'],
    ["I'm a student so just my student loan", 'Student'],
    ['self-employed electrician, about £40k', 'Self-employed electrician'],
    ['freelance designer', 'Freelance designer'],
    ['retired, pension £19k', 'Retired'],
    ['PhD student with a stipend of £20,780', 'PhD student'],
    ["NHS nurse and he's a chef", 'NHS nurse and chef'],
    ['2 of us, nurse and teacher', 'Nurse and teacher'],
  ]);

  testReturns('asked, %s → %s', (text) => parseOccupation(text, { asked: true }), [
    ['Nurse', 'Nurse'],
    ['Both doctors', 'Doctor'],
    ['Sales', 'Sales'],
    ['GP', 'GP'],
    ['Teacher and quantity surveyor', 'Teacher and quantity surveyor'],
    ['hgv driver', 'HGV driver'],
  ]);

  testReturnsNull('%s states no occupation', (text) => parseOccupation(text, { asked: false }), [
    'we both work from home',
    'I need a plumber',
    "I'm a single mum",
    "I'm on maternity leave",
    'I have a small dog',
    'Coach station nearby is handy',
    'Carer comes in twice a week',
    'Sarah Baker, sarah@example.com',
  ]);
});

describe('viewing availability', () => {
  testReturns('asked, %s → %s', (text) => parseAvailability(text, { asked: true }), [
    ['weekday evenings', 'Weekday evenings'],
    ['Saturdays are best for us', 'Saturdays'],
    ['weekends please', 'Weekends'],
    ['This Saturday morning if possible', 'This Saturday morning'],
    ['tomorrow after 5', 'Tomorrow after 5'],
    ['wkends', 'Weekends'],
    ['any wkday eve', 'Any weekday evening'],
    ["I'm free any weekday after 6pm", 'Any weekday after 6pm'],
  ]);

  test('unasked, only a sentence about viewing counts', () => {
    expect(parseAvailability('We can view any weekend.', { asked: false })).toBe('Any weekend');
    expect(parseAvailability("I'm free on Saturday to move", { asked: false })).toBeNull();
  });

  test('asked, a bare yes is not availability', () => {
    expect(parseAvailability('yes', { asked: true })).toBeNull();
  });
});

describe('refusals', () => {
  test.each<[string, SlotName | 'confirm' | null, SlotName[]]>([
    ["I'd rather not say", 'annualIncome', ['annualIncome']],
    ['skip', 'annualIncome', ['annualIncome']],
    ['prefer not to say', 'profession', ['profession']],
    ["I'd rather not give my name", 'availability', ['name']],
    ["I don't use email I'm afraid. My landline is 0118 496 0123", 'email', ['email']],
    ["I'd rather not give my number, email is best", 'phone', ['phone']],
    ["I'd rather not share my email or phone number", 'email', ['phone', 'email']],
    ['none of your business', 'annualIncome', ['annualIncome']],
  ])('%s (asking %s) declines %j', (text, asking, slots) => {
    expect(parseRefusals(text, asking).sort()).toEqual([...slots].sort());
  });

  test('a refused answer is stored as nothing', () => {
    const extraction = extractAnswers("I'd rather not say", {
      asking: 'annualIncome',
      today,
      fields: emptyFields(),
    });
    expect(extraction.refused).toEqual(['annualIncome']);
    expect(extraction.updates).toEqual({});
  });
});

describe('confirmation', () => {
  test.each([
    "Yes, that's right",
    'yes',
    'yep all good',
    'Correct',
    "That's correct",
    'yes that is right',
    'perfect thanks',
  ])('%s is a yes', (text) => {
    expect(parseConfirmation(text)).toBe('yes');
  });

  test.each([
    'I need to change something',
    'no',
    "The email's wrong",
    'no wait, the number should be 07700 900411',
  ])('%s is a no', (text) => {
    expect(parseConfirmation(text)).toBe('no');
  });
});

describe('one message, several answers', () => {
  test('"2 of us, both nurses, £58k together, could move 1 March"', () => {
    const extraction = extractAnswers('2 of us, both nurses, £58k together, could move 1 March', {
      asking: 'moveIn',
      today,
      fields: emptyFields(),
    });
    expect(extraction.updates).toEqual({
      numberOfPeople: 2,
      profession: 'Nurse',
      annualIncome: 58000,
      moveIn: { date: '2026-03-01', text: null },
    });
    expect(extraction.questions).toEqual([]);
  });

  test('a question and answers together: the question is kept apart', () => {
    const extraction = extractAnswers("Is parking included? We'd be 2 people moving in April", {
      asking: 'moveIn',
      today,
      fields: emptyFields(),
    });
    expect(extraction.questions.map((q) => q.topics)).toEqual([['parking']]);
    expect(extraction.updates).toMatchObject({ numberOfPeople: 2, moveIn: { date: '2026-04-01' } });
  });

  test('volunteered protected characteristics leave nothing behind', () => {
    const extraction = extractAnswers(
      "Hi, I'm 34 and pregnant with our first, me and my husband are looking to move in March",
      { asking: 'moveIn', today, fields: emptyFields() },
    );
    expect(extraction.updates).toEqual({ numberOfPeople: 2, moveIn: { date: '2026-03-01', text: null } });
  });

  test('a phone number inside a question is still taken', () => {
    const extraction = extractAnswers('Can someone call me on 07700 900607 please?', {
      asking: 'moveIn',
      today,
      fields: emptyFields(),
    });
    expect(extraction.updates.phone).toBe('+447700900607');
  });

  test('a new job starting next month is not a move-in date', () => {
    const extraction = extractAnswers('between jobs atm but starting a new role next month on £30k', {
      asking: 'annualIncome',
      today,
      fields: emptyFields(),
    });
    expect(extraction.updates).toEqual({ annualIncome: 30000, profession: 'Between jobs' });
  });

  test('a name beside an email while another question is open', () => {
    const extraction = extractAnswers('Jamie Lee, jamie.lee@example.com', {
      asking: 'moveIn',
      today,
      fields: emptyFields(),
    });
    expect(extraction.updates).toEqual({ name: 'Jamie Lee', email: 'jamie.lee@example.com' });
  });

  test('a name beside an email does not replace the name already given', () => {
    const extraction = extractAnswers('Jo Lee, jo.lee@example.com', {
      asking: 'email',
      today,
      fields: { ...emptyFields(), name: 'Joanne Lee' },
    });
    expect(extraction.updates).toEqual({ email: 'jo.lee@example.com' });
  });

  test('a street named in a question is not a name', () => {
    const extraction = extractAnswers('Is Elm Road near the station? jo.smith@gmail.com', {
      asking: 'name',
      today,
      fields: emptyFields(),
    });
    expect(extraction.updates).toEqual({ email: 'jo.smith@gmail.com' });
  });

  test('a short answer to another open question is taken', () => {
    const extraction = extractAnswers('Dental nurse', {
      asking: 'numberOfPeople',
      today,
      fields: emptyFields(),
      missing: ['numberOfPeople', 'profession', 'name'],
    });
    expect(extraction.updates).toEqual({ profession: 'Dental nurse' });
  });
});

describe('the words that may name a date', () => {
  test('let through every message of the corpus in which chrono finds a date', () => {
    const texts = corpus.flatMap((c) => c.messages.flatMap((m) => [m, ...m.split(/[.!?,;]/)]));
    const withDates = texts.filter((text) =>
      chrono.en.GB.parse(text, new Date('2026-03-10T12:00:00Z'), { forwardDate: true }).some((r) => {
        const known = r.start;
        return (
          known.isCertain('day') ||
          known.isCertain('weekday') ||
          known.isCertain('month') ||
          /\b(?:weeks?|months?|days|tomorrow|weekend)\b/i.test(r.text)
        );
      }),
    );
    // Not vacuous: the corpus is full of dates, and of messages without one.
    expect(withDates.length).toBeGreaterThan(100);
    expect(texts.filter((text) => !MAY_NAME_A_DATE.test(text)).length).toBeGreaterThan(100);
    expect(withDates.filter((text) => !MAY_NAME_A_DATE.test(text))).toEqual([]);
  });
});

describe('harder tenants (the sixth corpus batch)', () => {
  const today = '2026-02-10';
  const read = (message: string, asking: Parameters<typeof extractAnswers>[1]['asking'], known = {}) =>
    extractAnswers(message, { asking, today, fields: { ...emptyFields(), ...known } }).updates;

  testReturns('income: %s → %d', (message) => read(message, 'annualIncome').annualIncome, [
    ['£11.50 per hour and I do 30 hrs a week', 17940],
    ['I earn 28.000 per year', 28000],
    ['I get £600 a month from work and £400 housing benefit', 12000],
    ['I get 38k and he gets 35k', 73000],
  ]);

  test('"I meant A not B" replaces the value B names, whatever was asked', () => {
    expect(read('sorry I meant 2 not 3', 'annualIncome', { numberOfPeople: 3 })).toEqual({
      numberOfPeople: 2,
    });
    expect(read('actually my income is 39k not 35k', 'confirm', { annualIncome: 35000 })).toMatchObject({
      annualIncome: 39000,
    });
  });

  test('"only I" is one person; "when my lease ends on the 28th" is a date', () => {
    expect(read('only I', 'numberOfPeople').numberOfPeople).toBe(1);
    expect(read('when my lease ends on the 28th', 'moveIn').moveIn?.date).toBe('2026-02-28');
  });

  test.each([
    ['my name is jan van der berg', 'Jan van der Berg'],
    ['Maria de la Cruz', 'Maria de la Cruz'],
    ['Luca Di Marco', 'Luca Di Marco'],
  ])('name: %s → %s', (message, name) => {
    expect(read(message, 'name').name).toBe(name);
  });
});

describe('extraction stages', () => {
  /** The reading after the stages up to and including `last`. */
  function readUpTo(message: string, last: string, asking: SlotName | null = null): Reading {
    const reading = readMessage(message, { asking, today, fields: emptyFields() });
    for (const stage of EXTRACTION_STAGES) {
      stage.run(reading);
      if (stage.name === last) return reading;
    }
    throw new Error(`no stage named ${last}`);
  }

  test('contacts leave the text before anything else reads it', () => {
    const reading = readUpTo('Sam, sam@example.com 07700 900123, 2 of us', 'contacts');
    expect(reading.result.updates).toEqual({ email: 'sam@example.com', phone: '+447700900123' });
    expect(reading.statements).toBe('Sam, , 2 of us');
  });

  test('dates are read, then taken out before people and money', () => {
    const reading = readUpTo('moving 3rd March, 4 of us', 'remove dates');
    expect(reading.result.updates).toEqual({ moveIn: { date: '2026-03-03', text: null } });
    expect(reading.numeric).not.toMatch(/3rd|March/);
    expect(readUpTo('moving 3rd March, 4 of us', 'people').result.updates.numberOfPeople).toBe(4);
  });

  test('a refusal settles its slot before the parsers run', () => {
    const reading = readUpTo("I'd rather not say my income, it's about 30k", 'income', 'annualIncome');
    expect(reading.result.refused).toEqual(['annualIncome']);
    expect(reading.result.updates.annualIncome).toBeUndefined();
  });

  test('every stage has its own name', () => {
    const names = EXTRACTION_STAGES.map((stage) => stage.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
