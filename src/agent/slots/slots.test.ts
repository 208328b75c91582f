import { describe, expect, test } from 'vitest';
import { agencyLink } from '#tests/corpus/chat.ts';
import { allProperties } from '#tests/corpus/fixtures.ts';
import { FIELD_NAMES } from '#tests/corpus/run.ts';
import { testReturns, testReturnsNull } from '#tests/helpers/tables.ts';
import { emptyFields, missingSlots, startConversation } from '../dialogue.ts';
import { EXTRACTION_STAGES, parseMentionedSlots, parseRefusals } from '../extract.ts';
import { inferAsking, toLeadFields } from '../lead-fields.ts';
import type { AgentState, MoveIn, SlotName } from '../types.ts';
import { likelyMeantEmail } from './email.ts';
import {
  everySlot,
  isFilled,
  LEAD_ORDER,
  LIVE_ORDER,
  leadAnswers,
  leadColumns,
  llmFieldShape,
  pickLeadAnswers,
  SLOT_ORDER,
  SLOTS,
  type SlotEnv,
  type SlotSpec,
  slotDisplay,
  slotSpec,
  validValue,
} from './index.ts';

const today = '2026-02-10';
const context = agencyLink(today);
const state: AgentState = {
  fields: emptyFields(),
  refused: [],
  asking: null,
  stage: 'collecting',
  openQuestions: [],
  turns: 0,
  link: 'agency',
};

function env(isMissing: (slot: SlotName) => boolean): SlotEnv {
  return { context, state, property: null, isAgencyLink: true, booksViewing: false, isMissing };
}

/** Every wording a slot's question can take. */
function wordingsOf(slot: SlotName): string[] {
  const spec = slotSpec(slot);
  const asked = (missing: boolean) =>
    typeof spec.questions === 'function' ? spec.questions(env(() => missing)) : spec.questions;
  return [...asked(true), ...asked(false), ...(spec.shortQuestions ?? [])];
}

describe('the slot registry', () => {
  test('asks in the order an agent would: the listing first, contact details, the viewing last', () => {
    expect(SLOT_ORDER[0]).toBe('propertyId');
    expect(SLOT_ORDER.indexOf('moveIn')).toBeLessThan(SLOT_ORDER.indexOf('name'));
    expect(SLOT_ORDER.slice(-3)).toEqual(['email', 'phone', 'availability']);
    // Agency link, no viewing slots to book: every slot is to be asked, in that order.
    expect(missingSlots(context, state)).toEqual(SLOT_ORDER);
  });

  test.each(SLOT_ORDER)(
    'the %s question, as first asked, is recognised when a transcript is replayed',
    (slot) => {
      expect(inferAsking(wordingsOf(slot)[0])).toBe(slot);
    },
  );

  test.each(SLOT_ORDER)('a refusal naming the %s declines it, a correction names it', (slot) => {
    const spec = slotSpec(slot);
    const named = `the ${spec.label}`;
    expect(parseMentionedSlots(`no, ${named} is wrong`)).toContain(slot);
    if (slot !== 'propertyId') expect(parseRefusals(`I'd rather not give ${named}`, null)).toContain(slot);
  });

  test('a filled slot goes into the lead', () => {
    const fields = {
      ...emptyFields(),
      propertyId: allProperties[0].id,
      moveIn: { date: null, text: 'flexible' },
      numberOfPeople: 2,
      annualIncome: 42000,
      profession: 'Nurse',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '+447700900123',
      availability: 'Weekends',
    };
    for (const slot of SLOT_ORDER) expect(isFilled(slot, fields), slot).toBe(true);
    const lead = toLeadFields({ ...state, fields }, context);
    expect(lead).toMatchObject({
      propertyName: allProperties[0].name,
      moveInDate: 'flexible',
      numberOfPeople: 2,
      income: '£42,000 per year',
      annualIncome: 42000,
      profession: 'Nurse',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      contactNumber: '+447700900123',
      availability: 'Weekends',
      hasAnyAnswer: true,
    });
  });

  test('a slot is a field: the fields are the slots, in their order', () => {
    expect(Object.keys(emptyFields())).toEqual(SLOT_ORDER);
  });

  test("the model's field schema has every slot's fields, the move-in as a date or words", () => {
    // The fields a corpus case states: the slots, the move-in written out as `moveInDate` / `moveInText`.
    expect(Object.keys(llmFieldShape())).toEqual(FIELD_NAMES);
  });

  test('labels are distinct, so a prompt or message never names two slots alike', () => {
    const labels = Object.values(SLOTS).map((spec) => spec.label);
    expect(new Set(labels).size).toBe(labels.length);
  });

  test('known facts are checked by their slots before the chat starts with them', () => {
    const { fields } = startConversation(context, {
      name: '  jo ann smith-jones ',
      email: 'not an email',
      phone: '07700 900123',
      moveIn: { date: null, text: ' when my lease ends ' },
      numberOfPeople: 0,
      annualIncome: 41999.6,
      profession: 'x'.repeat(201),
      availability: 'Weekends',
    }).state;
    expect(fields).toEqual({
      ...emptyFields(),
      name: 'Jo Ann Smith-Jones',
      phone: '+447700900123',
      moveIn: { date: null, text: 'when my lease ends' },
      annualIncome: 42000,
      availability: 'Weekends',
    });
  });

  test.each<[MoveIn, MoveIn | null]>([
    [
      { date: '2026-03-01', text: null },
      { date: '2026-03-01', text: null },
    ],
    [{ date: '2026-02-31', text: null }, null],
    [{ date: null, text: 'x'.repeat(201) }, null],
  ])('a known move-in %j starts as %j', (moveIn, expected) => {
    expect(startConversation(context, { moveIn }).state.fields.moveIn).toEqual(expected);
  });
});

describe('each slot owns one validity check', () => {
  test('a registry entry without its check does not type-check', () => {
    const { valid: _valid, ...withoutCheck } = SLOTS.numberOfPeople;
    // @ts-expect-error: every slot must have its `valid` check.
    const spec: SlotSpec<'numberOfPeople'> = withoutCheck;
    expect('valid' in spec).toBe(false);
    for (const slot of SLOT_ORDER) expect(typeof slotSpec(slot).valid).toBe('function');
  });

  const check = { today, context };
  test.each<[SlotName, unknown, unknown]>([
    ['numberOfPeople', 20, 20],
    ['numberOfPeople', 21, null],
    ['numberOfPeople', 0, null],
    ['numberOfPeople', 2.5, null],
    ['annualIncome', 32_000.4, 32_000],
    ['annualIncome', -1, null],
    ['annualIncome', 10_000_000, null],
    ['moveIn', { date: '2026-03-01', text: null }, { date: '2026-03-01', text: null }],
    ['moveIn', { date: '2024-01-01', text: null }, null],
    ['moveIn', { date: '2026-02-30', text: null }, null],
    ['moveIn', { date: null, text: '  flexible ' }, { date: null, text: 'flexible' }],
    ['name', "Sarah O'Brien-Smith", "Sarah O'Brien-Smith"],
    ['name', 'Sam 2', null],
    ['email', 'SAM@Example.com', 'sam@example.com'],
    ['email', 'sam@', null],
    ['phone', '+44 7700 900123', '+447700900123'],
    ['phone', '12345', null],
    ['profession', 'Nurse', 'Nurse'],
    // The model's answer too: a hesitation or a question back is no occupation, name or time.
    ['profession', 'Not sure', null],
    ['profession', 'Hmm', null],
    ['name', 'Why', null],
    ['availability', 'idk', null],
    ['availability', 'y'.repeat(201), null],
    ['propertyId', allProperties[0].id, allProperties[0].id],
    ['propertyId', 'gone', null],
  ])('%s %j → %j', (slot, value, stored) => {
    expect(validValue(slot, value as never, check)).toEqual(stored);
  });
});

describe('a question is one file: its parser, its check and its display', () => {
  test('a registry entry without its parser, its check or its display does not type-check', () => {
    const { parse: _parse, ...withoutParser } = SLOTS.profession;
    const { valid: _valid, ...withoutCheck } = SLOTS.profession;
    const { display: _display, ...withoutDisplay } = SLOTS.profession;
    const registry = {
      ...SLOTS,
      // @ts-expect-error: every slot must have its parser (`parse`).
      profession: withoutParser,
    } satisfies { [K in SlotName]: SlotSpec<K> };
    const checked = {
      ...SLOTS,
      // @ts-expect-error: every slot must have its `valid` check.
      profession: withoutCheck,
    } satisfies { [K in SlotName]: SlotSpec<K> };
    const displayed = {
      ...SLOTS,
      // @ts-expect-error: every slot must have its `display`.
      profession: withoutDisplay,
    } satisfies { [K in SlotName]: SlotSpec<K> };
    expect('parse' in registry.profession).toBe(false);
    expect('valid' in checked.profession).toBe(false);
    expect('display' in displayed.profession).toBe(false);
  });

  test('a list of every slot that leaves one out does not type-check', () => {
    const withoutAvailability = [
      'propertyId',
      'moveIn',
      'numberOfPeople',
      'annualIncome',
      'profession',
      'name',
      'email',
      'phone',
    ] as const;
    // @ts-expect-error: `availability` is missing.
    const listed = everySlot(withoutAvailability);
    expect(listed).not.toContain('availability');
    expect([...LEAD_ORDER].sort()).toEqual([...SLOT_ORDER].sort());
  });

  test('the message is read for every slot once, by its own parser, in the extraction order', () => {
    const reads = EXTRACTION_STAGES.map((stage) =>
      SLOT_ORDER.find((slot) => slotSpec(slot).parse.read === stage.run),
    );
    expect(reads.filter((slot) => slot !== undefined).sort()).toEqual([...SLOT_ORDER].sort());
    // Email and phone first, so the numbers in them are never read as people, money or dates.
    expect(reads.filter((slot) => slot !== undefined).slice(0, 3)).toEqual(['propertyId', 'email', 'phone']);
  });

  test.each(SLOT_ORDER)('the %s answer shows with a label wherever the agency reads a lead', (slot) => {
    const { display } = slotSpec(slot);
    expect(display.label).toMatch(/^[A-Z]/);
    expect(display.longLabel).toMatch(/^[A-Z]/);
    expect(display.csv.length).toBeGreaterThan(0);
    expect(leadColumns(slot).length).toBeGreaterThan(0);
  });

  test("a lead's answers show as the dashboard words them", () => {
    const fields = {
      ...emptyFields(),
      moveIn: { date: '2026-03-01', text: null },
      numberOfPeople: 2,
      annualIncome: 30_000,
      phone: '+447700900123',
    };
    const lead = leadAnswers(fields, allProperties[0]);
    const shown = Object.fromEntries(LEAD_ORDER.map((slot) => [slot, slotDisplay(slot).text(lead)]));
    expect(shown).toMatchObject({
      propertyId: allProperties[0].name,
      moveIn: '01/03/2026',
      numberOfPeople: '2',
      annualIncome: '£30,000 per year',
      phone: '07700 900123',
      name: null,
    });
    expect(slotDisplay('propertyId').text(leadAnswers(emptyFields(), null))).toBe(
      'any property (agency link)',
    );
  });

  test('the Live tab lists who the tenant is, then their answers in the order asked', () => {
    expect(LIVE_ORDER).toEqual([
      'name',
      'email',
      'phone',
      'moveIn',
      'numberOfPeople',
      'annualIncome',
      'profession',
      'availability',
    ]);
  });

  test('the export lists the columns each slot stores, in the leads table order', () => {
    const lead = { ...leadAnswers(emptyFields(), null), extra: 'not an answer' };
    expect(Object.keys(pickLeadAnswers(lead))).toEqual(LEAD_ORDER.flatMap((slot) => leadColumns(slot)));
    expect(Object.keys(pickLeadAnswers(lead))).not.toContain('extra');
  });
});

describe('an email address at a likely misspelt provider', () => {
  testReturns('%s → %s', likelyMeantEmail, [
    ['sarah@gmial.com', 'sarah@gmail.com'],
    ['sarah@gmai.com', 'sarah@gmail.com'],
    ['sarah@gnail.com', 'sarah@gmail.com'],
    ['sarah@gmail.con', 'sarah@gmail.com'],
    ['sarah@gmail.co', 'sarah@gmail.com'],
    ['sarah@hotmail.co', 'sarah@hotmail.co.uk'],
    ['sarah@yahoo.co', 'sarah@yahoo.co.uk'],
    ['sarah@live.co', 'sarah@live.co.uk'],
    ['sarah@gmx.co', 'sarah@gmx.co.uk'],
    ['sarah@outlook.co', 'sarah@outlook.com'],
    ['sarah@btinternet.co', 'sarah@btinternet.com'],
    ['sarah@icloud.co', 'sarah@icloud.com'],
    ['sarah@gmail.co.uk', 'sarah@gmail.com'],
    ['sarah@hotmial.co.uk', 'sarah@hotmail.co.uk'],
    ['sarah@hotmail.co.ku', 'sarah@hotmail.co.uk'],
    ['sarah@hotmail.cm', 'sarah@hotmail.com'],
    ['sarah@outlok.com', 'sarah@outlook.com'],
    ['sarah@yaho.co.uk', 'sarah@yahoo.co.uk'],
    ['sarah@yahooo.com', 'sarah@yahoo.com'],
    ['sarah@iclould.com', 'sarah@icloud.com'],
    ['sarah@icloud.co.uk', 'sarah@icloud.com'],
    ['sarah@liv.co.uk', 'sarah@live.co.uk'],
    ['sarah@btinternt.com', 'sarah@btinternet.com'],
    ['sarah@btinternet.co.uk', 'sarah@btinternet.com'],
    ['sarah@sky.con', 'sarah@sky.com'],
    ['sarah@aol.co', 'sarah@aol.co.uk'],
  ]);

  testReturnsNull('%s is taken as typed', likelyMeantEmail, [
    'sarah@gmail.com',
    'sarah@hotmail.co.uk',
    'sarah@live.com',
    'sarah@mail.com',
    'sarah@email.com',
    'sarah@me.com',
    'sarah@hotmail.fr',
    'sarah@yahoo.fr',
    'sarah@gmx.de',
    'sarah@protonmail.ch',
    'sarah@nhs.net',
    'sarah@leeds.ac.uk',
    'sarah@oakfield-lettings.co.uk',
    'sarah@example.com',
  ]);
});
