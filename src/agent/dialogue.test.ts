import fc from 'fast-check';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { describe, expect, test } from 'vitest';
import { formatUkPhone } from '#shared/format/phone.ts';
import { agencyLink, lastReply, playChat, propertyLink } from '#tests/corpus/chat.ts';
import {
  allProperties,
  birch,
  companyName,
  elm,
  forge,
  maple,
  oak,
  victoria,
  willow as willowLike,
} from '#tests/corpus/fixtures.ts';
import { textbookAnswers } from '#tests/corpus/property-link.ts';
import { createGuidedEngine, lastQuestionOf } from './dialogue.ts';
import { toLeadFields } from './lead-fields.ts';
import { type AgentContext, CLOSING_SENTENCE, MAX_TURNS } from './types.ts';

const engine = createGuidedEngine();

describe('the opening', () => {
  test('greets by company name, says it is an automated AI assistant and a person reviews every enquiry, asks the move-in date', () => {
    const start = engine.start(propertyLink(elm));
    expect(start.reply).toContain(`welcome to ${companyName}`);
    expect(start.reply).toMatch(/AI assistant, an automated helper/);
    expect(start.reply).toContain(`a person at ${companyName} reviews every enquiry`);
    expect(start.reply).toContain('Elm Road Flat');
    expect(start.reply).toMatch(/move in\?$/);
    expect(start.quickReplies).toEqual(['ASAP', 'Within a month', 'Pick a date']);
    expect(start.state).toMatchObject({ asking: 'moveIn', stage: 'collecting', turns: 0 });
    expect(start.state.fields.propertyId).toBe(elm.id);
  });

  test('on the agency link, asks which property first, with the listings as buttons', () => {
    const start = engine.start(agencyLink());
    expect(start.reply).toMatch(/Which of our properties/);
    // Words that hold for web and WhatsApp buttons and for an SMS's numbered lines alike.
    expect(start.reply).toMatch(/Choose one below, or tell me the street or area\.$/);
    expect(start.reply).not.toMatch(/\btap\b/i);
    expect(start.quickReplies).toEqual([...allProperties.slice(0, 6).map((p) => p.name), 'Not sure yet']);
    expect(start.state.asking).toBe('propertyId');
  });

  test('before an answer to the tenant’s first text (a thread), introduces the assistant and asks nothing', () => {
    const start = engine.start(agencyLink(), {}, { isAnswerNext: true });
    expect(start.reply).toMatch(/AI assistant, an automated helper/);
    expect(start.reply).toContain(`a person at ${companyName} reviews every enquiry`);
    expect(start.reply).not.toMatch(/\?|which of our properties|below/i);
    expect(start.quickReplies).toEqual([]);
    expect(start.state.asking).toBeNull();
  });
});

describe('collecting', () => {
  test('asks in order, one or two things at a time, with buttons where answers are few', async () => {
    const replies = await playChat(propertyLink(elm), textbookAnswers);
    expect(replies.map((r) => r.state.asking)).toEqual([
      'moveIn',
      'numberOfPeople',
      'annualIncome',
      'profession',
      'name',
      'email',
      'availability',
      'confirm',
    ]);
    expect(replies[1].quickReplies).toEqual(['Just me', '2', '3', '4+']);
    expect(replies[5].reply).toMatch(/email address and phone number/);
    expect(replies[6].quickReplies).toEqual(['Weekday evenings', 'Weekends']);
  });

  test('acknowledges what it understood', async () => {
    const reply = await lastReply(propertyLink(elm), [
      '2 of us, both nurses, £58k together, could move 1 March',
    ]);
    expect(reply.reply).toContain('1 March 2026');
    expect(reply.reply).toContain('2 people');
    expect(reply.reply).toContain('£58,000 a year');
    expect(reply.reply).toContain('Nurse');
    expect(reply.state.asking).toBe('name');
  });

  test('asks only for what is still missing', async () => {
    const reply = await lastReply(propertyLink(elm), [
      "Hi, my name is Fatima Ali, I'm a dentist. There are 4 of us. We earn £90k combined and we'd like to move on 15 April. Email fatima.ali@gmail.com, phone 07700 900290.",
    ]);
    expect(reply.state.asking).toBe('availability');
  });

  test('a refusal is respected, stored as nothing and never asked again', async () => {
    const replies = await playChat(propertyLink(elm), ['1st March', '2', "I'd rather not say"]);
    const reply = replies[replies.length - 1];
    expect(reply.state.fields.annualIncome).toBeNull();
    expect(reply.state.refused).toEqual(['annualIncome']);
    expect(reply.state.asking).toBe('profession');
    expect(reply.reply).toMatch(/No problem|absolutely fine/);
  });

  test('a question it cannot follow is asked again, then let go after three tries', async () => {
    const replies = await playChat(propertyLink(elm), ['1st March', 'blah', 'banana', 'purple']);
    expect(replies[2].reply).toMatch(/Sorry/);
    expect(replies[2].state.asking).toBe('numberOfPeople');
    expect(replies[4].state.asking).toBe('annualIncome');
    expect(replies[4].reply).toMatch(/leave that one/);
  });

  test('"Pick a date" asks for the date without buttons', async () => {
    const reply = await lastReply(propertyLink(elm), ['Pick a date']);
    expect(reply.reply).toMatch(/What date/);
    expect(reply.quickReplies).toEqual([]);
    expect(reply.state.asking).toBe('moveIn');
  });

  test('a phone number that cannot be right is asked for again', async () => {
    const reply = await lastReply(propertyLink(elm), [
      ...textbookAnswers.slice(0, 5),
      'sarah@gmail.com 07700 90012',
    ]);
    expect(reply.reply).toMatch(/phone number doesn't look quite right/);
    expect(reply.state.asking).toBe('phone');
    expect(reply.state.fields.email).toBe('sarah@gmail.com');
  });
});

describe('questions about the property', () => {
  test.each([
    ['How much is the rent?', 'The rent is £1,250 pcm.'],
    ['How many bedrooms does it have?', 'It has 2 bedrooms.'],
    ['Is there parking?', "For parking, there's one permit space."],
    ['Is it still available?', "Yes, it's still listed with us and available from 1 March 2026."],
    ["What's the address?", 'The address is Flat 3, 27 Elm Road, Headingley, Leeds LS6 3BQ.'],
  ])('%s is answered from the listing', async (question, answer) => {
    const reply = await lastReply(propertyLink(elm), [question]);
    expect(reply.reply).toContain(answer);
    expect(reply.state.openQuestions).toEqual([]);
    expect(reply.state.asking).toBe('moveIn');
  });

  test('the rent is as listed, a weekly one with its monthly figure', async () => {
    const reply = await lastReply(propertyLink(forge), ['how much is it a month?']);
    expect(reply.reply).toContain('The rent is £225 pw (£975 a month).');
    expect(reply.reply).not.toMatch(/about £/);
    const monthly = await lastReply(propertyLink(elm), ['how much is it?']);
    expect(monthly.reply).toContain('The rent is £1,250 pcm.');
  });

  test('a bare listing: pet requests are considered and passed on', async () => {
    const reply = await lastReply(propertyLink(elm), ['Are pets allowed?']);
    expect(reply.reply).toContain("Pet requests are considered, so I'll pass yours on to the team.");
    expect(reply.state.openQuestions).toEqual(['Are pets allowed?']);
  });

  test.each([
    ['Are bills included?', 'bills'],
    ['Is there a garden?', 'the garden'],
    ['What council tax band is it?', 'council tax'],
  ])('%s is passed on, never guessed', async (question, topic) => {
    const reply = await lastReply(propertyLink(elm), [question]);
    expect(reply.reply).toContain(`about ${topic}`);
    expect(reply.reply).toMatch(/pass your question on to the team/);
    expect(reply.state.openQuestions).toEqual([question]);
  });

  test('a question beside a fact it has: the fact is given, the rest passed on', async () => {
    // Asking to negotiate the rent is declined, naming it (DESIGN 16), not passed on.
    const negotiable = await lastReply(propertyLink(elm), ['Is the rent negotiable?']);
    expect(negotiable.reply).toContain('advertised rent of £1,250 pcm');
    expect(negotiable.state.openQuestions).toEqual([]);
    const deposit = await lastReply(propertyLink(elm), ['How much is the deposit and is parking included?']);
    expect(deposit.reply).not.toContain('The rent is');
    expect(deposit.reply).toContain('one permit space');
    expect(deposit.reply).toContain('about the deposit');
  });

  test('a fact the listing leaves empty is passed on too', async () => {
    const noParking = await lastReply(propertyLink(forge), ['Is there parking?']);
    expect(noParking.state.openQuestions).toEqual(['Is there parking?']);
    const noDate = await lastReply(propertyLink(maple), ['When is it available?']);
    expect(noDate.state.openQuestions).toEqual(['When is it available?']);
    const noPrice = await lastReply(propertyLink(oak), ['How much is the rent?']);
    expect(noPrice.state.openQuestions).toEqual(['How much is the rent?']);
  });

  test('a street named in a question is passed on and never taken as the name', async () => {
    const replies = await playChat(propertyLink(elm), [
      'Hi, is Elm Road near the station?',
      'Elm Road, is it near the station? sam.cole@gmail.com',
    ]);
    for (const reply of replies.slice(1)) {
      expect(reply.state.fields.name).toBeNull();
      expect(reply.reply).not.toMatch(/nice to meet you|thanks, elm/i);
    }
    expect(replies[1].state.openQuestions).toEqual(['Hi, is Elm Road near the station?']);
  });

  test('answers the question, then keeps collecting what the message also said', async () => {
    const reply = await lastReply(propertyLink(elm), [
      "Is parking included? We'd be 2 people moving in April",
    ]);
    expect(reply.reply).toContain('one permit space');
    expect(reply.state.fields).toMatchObject({ numberOfPeople: 2, moveIn: { date: '2026-04-01' } });
    expect(reply.state.asking).toBe('annualIncome');
  });
});

describe('the agency-wide link', () => {
  test('the property is chosen by street name', async () => {
    const reply = await lastReply(agencyLink(), ["I'm interested in the one on Elm Road"]);
    expect(reply.state.fields.propertyId).toBe(elm.id);
    expect(reply.reply).toContain('Elm Road Flat');
    expect(reply.state.asking).toBe('moveIn');
  });

  test('"I\'m interested in the … house" picks the listing; "interested" is not a name', async () => {
    const reply = await lastReply(agencyLink(), ["Hi, I'm interested in the Birch Lane house"]);
    expect(reply.state.fields.propertyId).toBe(birch.id);
    expect(reply.state.fields.name).toBeNull();
    expect(reply.reply).toContain('Birch Lane Family Home');
    expect(reply.reply).not.toMatch(/nice to meet you|interested!/i);
  });

  test("a listing named in a question picks it, and its name is no tenant's name", async () => {
    const reply = await lastReply(agencyLink(), ['Is Maple Court near the station? 07700 900123']);
    expect(reply.state.fields.propertyId).toBe(maple.id);
    expect(reply.state.fields).toMatchObject({ name: null, phone: '+447700900123' });
  });

  test('a hello with the listing named is said back first, before the listing chosen', async () => {
    const reply = await lastReply(agencyLink(), ['Hi, is the flat on Elm Road still available?']);
    expect(reply.state.fields.propertyId).toBe(elm.id);
    expect(reply.reply).toMatch(/^(?:Hi!|Hello!|Hi there!) (?:Great choice|Lovely, that's) /);
    expect(reply.reply.match(/\b(?:hi|hello)\b/gi)).toHaveLength(1);
  });

  test('a first text written before the greeting (a thread) gets no second hello after it', async () => {
    const context = agencyLink();
    const start = engine.start(context, {}, { isAnswerNext: true });
    for (const text of ['Hi, is the flat on Elm Road still available?', 'Hello, 2 of us moving in March']) {
      const answer = await engine.reply(context, start.state, text, { isBeforeGreeting: true });
      expect(answer.reply).not.toMatch(/\b(?:hi|hello)\b/i);
    }
    const named = await engine.reply(context, start.state, 'Hi, is the flat on Elm Road still available?', {
      isBeforeGreeting: true,
    });
    expect(named.reply).toMatch(/^(?:Great choice|Lovely, that's) /);
    expect(named.state.fields.propertyId).toBe(elm.id);
  });

  test('when nothing matches, the listings are offered as buttons', async () => {
    const reply = await lastReply(agencyLink(), ['the one in Brighton']);
    expect(reply.state.fields.propertyId).toBeNull();
    expect(reply.reply).toMatch(/couldn't find a listing/);
    expect(reply.quickReplies).toContain('Maple Court');
    expect(reply.state.asking).toBe('propertyId');
  });

  test.each(['Hi', 'hello there!', 'Good morning.'])(
    'a greeting while choosing is greeted back and shown the listings, with no "couldn\'t find": %s',
    async (greeting) => {
      const reply = await lastReply(agencyLink(), [greeting]);
      expect(reply.reply).toMatch(/^(?:Hi!|Hello!|Hi there!) Here's what we have at the moment:/);
      expect(reply.reply).not.toMatch(/couldn't find/);
      expect(reply.quickReplies).toContain('Maple Court');
      expect(reply.state.asking).toBe('propertyId');
    },
  );

  test.each(['just me', 'asap realy, 2 of us me n my partner', 'thanks!'])(
    'an answer to another question while choosing is noted, with no "couldn\'t find": %s',
    async (text) => {
      const reply = await lastReply(agencyLink(), [text]);
      expect(reply.reply).not.toMatch(/couldn't find/);
      expect(reply.quickReplies).toContain('Maple Court');
      expect(reply.state.asking).toBe('propertyId');
    },
  );

  test('"not sure" leaves the property open and moves on', async () => {
    const replies = await playChat(agencyLink(), ['not sure yet', '1st March']);
    expect(replies[1].state.fields.propertyId).toBeNull();
    expect(replies[1].state.asking).toBe('moveIn');
    expect(replies[2].state.asking).toBe('numberOfPeople');
  });

  test('questions about a listing before one is chosen: one ask of which, answered once it is chosen', async () => {
    const asked = await lastReply(agencyLink(), ['hiya is the flat still avail? how much is deposit']);
    expect(asked.reply).not.toMatch(/don't have the details|couldn't find/);
    expect(asked.reply.match(/which (?:one|property)/gi)).toHaveLength(2);
    expect(asked.reply).toMatch(/Once I know which property you mean, I'll answer/);
    expect(asked.quickReplies).toContain('Elm Road Flat');
    expect(asked.state.openQuestions).toEqual([]);
    const chosen = await lastReply(agencyLink(), [
      'hiya is the flat still avail? how much is deposit',
      'Elm Road Flat',
    ]);
    expect(chosen.reply).toMatch(/^Great choice: Elm Road Flat.*available from 1 March 2026/);
    expect(chosen.state.openQuestions).toEqual(['how much is deposit']);
  });

  test('on a thread, a first text asking about an unnamed listing asks which once, with the listings', async () => {
    const context = agencyLink();
    const start = engine.start(context, {}, { isAnswerNext: true });
    const answer = await engine.reply(
      context,
      { ...start.state, asking: null },
      'hiya is the flat still avail? how much is deposit',
      { isBeforeGreeting: true },
    );
    expect(answer.reply).not.toMatch(/don't have the details|Let me know which property/);
    expect(answer.reply).toMatch(/Which property would you like to ask about\?/);
    expect(answer.quickReplies).toContain('Maple Court');
  });

  test('a number past the options offered asks again with them; one in range picks it', async () => {
    const offered = ['Elm Road Flat', 'Victoria Terrace'];
    const start = engine.start(agencyLink());
    const again = await engine.reply(agencyLink(), start.state, '3', { offered });
    expect(again.reply).toBe('Please choose 1 or 2, or tell me in your own words.');
    expect(again.quickReplies).toEqual(offered);
    expect(again.state.asking).toBe('propertyId');
    const picked = await engine.reply(agencyLink(), again.state, '2', { offered });
    expect(picked.state.fields.propertyId).toBe(victoria.id);
    // Where the options are numbers themselves (the people), a number is still the answer.
    const people = await lastReply(propertyLink(elm), ['1st March']);
    const five = await engine.reply(propertyLink(elm), people.state, '5', { offered: people.quickReplies });
    expect(five.state.fields.numberOfPeople).toBe(5);
  });

  test('a rent question before choosing asks which property is meant', async () => {
    const reply = await lastReply(agencyLink(), ['how much is the rent?']);
    expect(reply.reply).toMatch(/which property you mean/);
    expect(reply.state.openQuestions).toEqual([]);
  });
});

describe('confirming and closing', () => {
  test('sends a summary, then ends with exactly the closing sentence', async () => {
    const replies = await playChat(propertyLink(elm), [...textbookAnswers, "Yes, that's right"]);
    const summary = replies[replies.length - 2];
    expect(summary.reply).toContain("Here's a summary");
    expect(summary.reply).toContain('• Phone: 07700 900123');
    expect(summary.reply).toContain('• Income: £42,000 a year');
    expect(summary.quickReplies).toEqual(["Yes, that's right", 'I need to change something']);
    const closing = replies[replies.length - 1];
    expect(closing.reply.endsWith(CLOSING_SENTENCE)).toBe(true);
    expect(closing.isComplete).toBe(true);
    expect(closing.state.stage).toBe('closed');
  });

  test('a correction at the confirmation updates the field and confirms again', async () => {
    const replies = await playChat(propertyLink(elm), [...textbookAnswers, 'actually it’s 3 of us']);
    const reply = replies[replies.length - 1];
    expect(reply.state.fields.numberOfPeople).toBe(3);
    expect(reply.state.stage).toBe('confirming');
    expect(reply.reply).toContain('• People: 3');
    expect(reply.isComplete).toBe(false);
  });

  test('"I need to change something" asks what, then confirms again', async () => {
    const replies = await playChat(propertyLink(elm), [
      ...textbookAnswers,
      'I need to change something',
      'the email should be s.jones@gmail.com',
    ]);
    expect(replies[replies.length - 2].reply).toMatch(/What would you like to change/);
    expect(replies[replies.length - 1].state.fields.email).toBe('s.jones@gmail.com');
    expect(replies[replies.length - 1].reply).toContain("Here's a summary");
  });

  test('after closing, the chat stays closed', async () => {
    const reply = await lastReply(propertyLink(elm), [...textbookAnswers, 'yes', 'one more thing']);
    expect(reply.isComplete).toBe(true);
    expect(reply.state.stage).toBe('closed');
  });

  test(`closes politely after ${MAX_TURNS} turns`, async () => {
    const replies = await playChat(
      propertyLink(elm),
      Array.from({ length: MAX_TURNS }, () => 'hmm'),
    );
    const reply = replies[replies.length - 1];
    expect(reply.isComplete).toBe(true);
    expect(reply.reply).toMatch(/We will be in touch to book the viewing/);
    expect(reply.reply).toContain(`I'll pass everything you've told me to the ${companyName} team.`);
    expect(replies[replies.length - 2].isComplete).toBe(false);
  });
});

describe('robustness', () => {
  test('a 2,000-character message is answered quickly', async () => {
    const began = performance.now();
    const reply = await lastReply(propertyLink(elm), [`${'b'.repeat(1990)} 2 of us`]);
    expect(reply.reply.length).toBeGreaterThan(0);
    expect(performance.now() - began).toBeLessThan(1000);
  });

  test('a request to be called back is acknowledged, not passed on as a question', async () => {
    const reply = await lastReply(propertyLink(elm), ['Can someone call me on 07700 900607 please?']);
    expect(reply.reply).toMatch(/team has your number/);
    expect(reply.state.fields.phone).toBe('+447700900607');
    expect(reply.state.openQuestions).toEqual([]);
  });
});

describe('a conversation that listens', () => {
  test('greets back when greeted', async () => {
    const reply = await lastReply(propertyLink(elm), ['Hello! is parking included?']);
    expect(reply.reply).toMatch(/^(?:Hi!|Hello!|Hi there!) For parking, there's one permit space\./);
  });

  test('after a side question: the answer, then a shorter prompt, never the same question twice in a row', async () => {
    const replies = await playChat(propertyLink(willowLike), [
      'is there a garden?',
      'are bills included?',
      'what about the deposit?',
    ]);
    const asked = replies.map((r) => lastQuestionOf(r.reply));
    for (let i = 1; i < asked.length; i++) expect(asked[i]).not.toBe(asked[i - 1]);
    expect(replies[1].reply).toMatch(/^Yes, there's a garden\. (?:So|And),? when/);
    for (const r of replies.slice(1)) expect(r.state.asking).toBe('moveIn');
  });
});

describe('tone', () => {
  test('varies its wording across a conversation', async () => {
    const replies = await playChat(propertyLink(elm), textbookAnswers);
    const openings = new Set(replies.slice(1, -1).map((r) => r.reply.split(/[,!.]/)[0]));
    expect(openings.size).toBeGreaterThanOrEqual(3);
  });
});

describe('phone numbers in the summary', () => {
  test('the chat summary and the dashboard lay out the same phone the same way, as libphonenumber does', async () => {
    const national = fc.oneof(fc.stringMatching(/^7\d{9}$/), fc.stringMatching(/^[1-3]\d{8,9}$/));
    const confirming = (await lastReply(propertyLink(elm), textbookAnswers)).state;
    await fc.assert(
      fc.asyncProperty(national, async (digits) => {
        const e164 = `+44${digits}`;
        const state = { ...confirming, fields: { ...confirming.fields, phone: e164 } };
        const summary = await engine.reply(propertyLink(elm), state, 'my name is Sarah Smith');
        const shown = /• Phone: (.+)/.exec(summary.reply)?.[1];
        // The dashboard's table, lead sheet and search show the stored lead's number through formatUkPhone.
        const lead = toLeadFields(summary.state, propertyLink(elm));
        expect(shown).toBe(formatUkPhone(lead.contactNumber));
        const parsed = parsePhoneNumberFromString(e164);
        if (parsed) expect(shown).toBe(parsed.formatNational());
      }),
      { numRuns: 300 },
    );
  });
});

describe('booking a viewing from free slots', () => {
  const slots = [
    { startsAt: '2026-03-05T18:00:00+00:00', label: 'Thu 5 Mar, 18:00' },
    { startsAt: '2026-03-07T10:30:00+00:00', label: 'Sat 7 Mar, 10:30' },
    { startsAt: '2026-03-07T14:00:00+00:00', label: 'Sat 7 Mar, 14:00' },
    { startsAt: '2026-03-08T11:00:00+00:00', label: 'Sun 8 Mar, 11:00' },
    { startsAt: '2026-03-10T18:30:00+00:00', label: 'Tue 10 Mar, 18:30' },
  ];
  const booking: AgentContext = { ...propertyLink(elm), viewingTimes: slots };
  const details = textbookAnswers.slice(0, -1);

  test('asks no free-text availability; after the summary is confirmed offers four slots over different days', async () => {
    const replies = await playChat(booking, [...details, "Yes, that's right"]);
    const summary = replies[replies.length - 2];
    expect(summary.reply).not.toMatch(/Viewing availability/);
    expect(replies.some((r) => r.state.asking === 'availability')).toBe(false);
    const offer = replies[replies.length - 1];
    expect(offer.isComplete).toBe(false);
    expect(offer.state.asking).toBe('viewing');
    expect(offer.reply).toMatch(/Choose (?:a time|one) below, or Other times/);
    expect(offer.reply).not.toMatch(/\btap\b/i);
    expect(offer.quickReplies).toEqual([
      'Thu 5 Mar, 18:00',
      'Sat 7 Mar, 10:30',
      'Sun 8 Mar, 11:00',
      'Tue 10 Mar, 18:30',
      'Other times',
    ]);
  });

  test('a pick in words carries the slot; once booked the chat closes with the booked time', async () => {
    const offer = await lastReply(booking, [...details, 'yes']);
    const picked = await engine.reply(booking, offer.state, 'Saturday at 10:30');
    expect(picked.bookTime).toEqual(slots[1]);
    expect(picked.isComplete).toBe(false);
    const booked = engine.confirmViewing(booking, picked.state, slots[1]);
    expect(booked.reply).toBe(
      'Thank you for confirming the information. Your viewing is booked for Saturday 7 March at 10:30. Have a great day!',
    );
    expect(booked.isComplete).toBe(true);
    expect(booked.state.fields.availability).toBe('Saturday 7 March at 10:30');
  });

  test('an ambiguous day asks which time, offering only that day’s', async () => {
    const offer = await lastReply(booking, [...details, 'yes']);
    const which = await engine.reply(booking, offer.state, 'Saturday');
    expect(which.bookTime).toBeUndefined();
    expect(which.quickReplies).toEqual(['Sat 7 Mar, 10:30', 'Sat 7 Mar, 14:00', 'Other times']);
    const picked = await engine.reply(booking, which.state, 'the second one');
    expect(picked.bookTime).toEqual(slots[2]);
  });

  test('a slot taken meanwhile: an apology and the fresh slots', async () => {
    const offer = await lastReply(booking, [...details, 'yes']);
    const picked = await engine.reply(booking, offer.state, 'Thu 5 Mar, 18:00');
    const fresher = { ...booking, viewingTimes: slots.slice(1) };
    const again = engine.offerTimesAgain(fresher, picked.state);
    expect(again.reply).toMatch(/^Sorry, that time has just been taken\./);
    expect(again.quickReplies).toEqual([
      'Sat 7 Mar, 10:30',
      'Sat 7 Mar, 14:00',
      'Sun 8 Mar, 11:00',
      'Tue 10 Mar, 18:30',
      'Other times',
    ]);
    expect(again.state.asking).toBe('viewing');
  });

  test('Other times: free-text availability, then the usual closing sentence', async () => {
    const offer = await lastReply(booking, [...details, 'yes']);
    const other = await engine.reply(booking, offer.state, 'Other times');
    expect(other.state.asking).toBe('availability');
    const closed = await engine.reply(booking, other.state, 'weekday mornings');
    expect(closed.isComplete).toBe(true);
    expect(closed.reply).toMatch(new RegExp(`${CLOSING_SENTENCE.replace(/[.!?]/g, '\\$&')}$`));
    expect(closed.state.fields.availability).toMatch(/weekday mornings/i);
  });

  test('without slots, availability is asked in free text as before', async () => {
    const replies = await playChat(propertyLink(elm), details);
    expect(replies[replies.length - 1].state.asking).toBe('availability');
  });

  test('asking to view early offers the slots; a booking then carries on with the questions', async () => {
    const replies = await playChat(booking, ['1st March', 'can I come and view it?']);
    const offer = replies[2];
    expect(offer.state.asking).toBe('viewing');
    const picked = await engine.reply(booking, offer.state, 'sunday 11am');
    expect(picked.bookTime).toEqual(slots[3]);
    const booked = engine.confirmViewing(booking, picked.state, slots[3]);
    expect(booked.isComplete).toBe(false);
    expect(booked.reply).toMatch(/^Your viewing is booked for Sunday 8 March at 11:00\. How many people/);
    const rest = [booked];
    for (const message of details.slice(1))
      rest.push(await engine.reply(booking, rest[rest.length - 1].state, message));
    expect(rest[rest.length - 1].reply).toMatch(/• Viewing: Sunday 8 March at 11:00/);
    const closed = await engine.reply(booking, rest[rest.length - 1].state, 'yes');
    expect(closed.reply).toMatch(/Your viewing is booked for Sunday 8 March at 11:00\. Have a great day!$/);
  });
});

describe('a listing named by its price on the agency link', () => {
  test('"the £895 one" picks the listing advertised at £895', async () => {
    const reply = await lastReply(agencyLink(), ['the £895 one']);
    expect(reply.state.fields.propertyId).toBe('prop-quay');
  });
});

describe('pre-filled slots from a portal enquiry', () => {
  test('known facts are never asked for, only confirmed in the summary', async () => {
    const context = propertyLink(elm);
    const known = { name: 'sarah jones', email: 'Sarah.Jones@Gmail.com', phone: '07700 900123' };
    const replies = await playChat(context, ['1st March', '2', '£42,000', 'Nurse', 'weekday evenings'], {
      known,
    });
    const asked = replies.map((r) => r.state.asking);
    expect(asked).not.toContain('name');
    expect(asked).not.toContain('email');
    expect(asked).not.toContain('phone');
    const summary = replies[replies.length - 1].reply;
    expect(summary).toContain('• Name: Sarah Jones');
    expect(summary).toContain('• Email: sarah.jones@gmail.com');
    expect(summary).toContain('• Phone: 07700 900123');
    expect(replies[replies.length - 1].state.asking).toBe('confirm');
  });

  test('an unreadable pre-filled email is asked for as usual', () => {
    const start = engine.start(propertyLink(elm), { email: 'not an email' });
    expect(start.state.fields.email).toBeNull();
  });
});

describe('a reply that answers nothing', () => {
  const answers = ['1st March', '2', '40k'];

  test('"why?" is no try at the question: asked three times, it is still asked', async () => {
    const { reply, state } = await lastReply(propertyLink(elm), [...answers, 'why?', 'why?', 'why?']);
    expect(reply).toContain('Landlords ask about work or study');
    expect(reply).not.toMatch(/leave that one/);
    expect(state.asking).toBe('profession');
    expect(state.refused).not.toContain('profession');
  });

  test('"not sure" three times lets the question go, as any three tries do', async () => {
    const replies = await playChat(propertyLink(elm), [...answers, 'not sure', 'idk', 'no idea']);
    expect(replies[4].reply).toContain('You can also say "skip"');
    expect(replies[4].state.asking).toBe('profession');
    expect(replies[6].reply).toMatch(/leave that one/);
    expect(replies[6].state.refused).toContain('profession');
    expect(replies[6].state.fields.profession).toBeNull();
    expect(replies[6].state.asking).toBe('name');
  });

  test('asked what is meant at a question of the summary, the reason comes before the question', async () => {
    const { reply, state } = await lastReply(propertyLink(elm), [
      ...textbookAnswers,
      'the income is wrong',
      'what do you mean?',
    ]);
    expect(reply).toContain('Landlords check that the rent is affordable');
    expect(reply).not.toMatch(/catch that|pass your question on/);
    expect(state.asking).toBe('annualIncome');
  });
});
