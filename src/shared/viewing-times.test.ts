import { describe, expect, it } from 'vitest';
import { testReturns } from '#tests/helpers/tables.ts';
import type { ViewingSchedule, ViewingSettings } from './schemas/viewings.ts';
import type { ViewingStatus } from './viewing-statuses.ts';
import {
  type FreeTimesInput,
  freeTimes,
  longTimeLabel,
  spreadOverDays,
  viewingSummary,
} from './viewing-times.ts';

const base: ViewingSchedule = {
  windows: [],
  slotMinutes: 30,
  bufferMinutes: 0,
  minNoticeHours: 0,
  horizonDays: 14,
  partiesPerSlot: 1,
};

const settings = (overrides: Partial<ViewingSettings>): ViewingSettings => ({
  bookingOff: false,
  windows: null,
  partiesPerSlot: null,
  blockedDates: [],
  ...overrides,
});

type Case = Omit<Partial<FreeTimesInput>, 'schedule' | 'now'> & {
  schedule: Partial<ViewingSchedule>;
  now: string;
};

function freeTimesFor(input: Case) {
  return freeTimes({
    bookings: [],
    ...input,
    schedule: { ...base, ...input.schedule },
    now: new Date(input.now),
  });
}

const starts = (list: { startsAt: string }[]) => list.map((time) => time.startsAt);

describe('freeTimes across the clock changes (wall-clock London)', () => {
  // 2026: clocks go forward on Sunday 29 March, back on Sunday 25 October.
  const sundayMorning = { windows: [{ day: 7, start: '10:00', end: '11:00' }], horizonDays: 10 };
  it.each([
    {
      name: 'spring forward: 22 March is GMT, 29 March is BST, both at 10:00',
      now: '2026-03-21T12:00:00Z',
      expected: [
        '2026-03-22T10:00:00+00:00',
        '2026-03-22T10:30:00+00:00',
        '2026-03-29T10:00:00+01:00',
        '2026-03-29T10:30:00+01:00',
      ],
      utc: [
        '2026-03-22T10:00:00.000Z',
        '2026-03-22T10:30:00.000Z',
        '2026-03-29T09:00:00.000Z',
        '2026-03-29T09:30:00.000Z',
      ],
    },
    {
      name: 'fall back: 18 October is BST, 25 October is GMT, both at 10:00',
      now: '2026-10-17T12:00:00Z',
      expected: [
        '2026-10-18T10:00:00+01:00',
        '2026-10-18T10:30:00+01:00',
        '2026-10-25T10:00:00+00:00',
        '2026-10-25T10:30:00+00:00',
      ],
      utc: [
        '2026-10-18T09:00:00.000Z',
        '2026-10-18T09:30:00.000Z',
        '2026-10-25T10:00:00.000Z',
        '2026-10-25T10:30:00.000Z',
      ],
    },
  ])('$name', ({ now, expected, utc }) => {
    const result = freeTimesFor({ schedule: sundayMorning, now });
    expect(starts(result)).toEqual(expected);
    expect(result.map((time) => new Date(time.startsAt).toISOString())).toEqual(utc);
  });

  it('skips the hour the clocks jump over and keeps the times either side of it', () => {
    const result = freeTimesFor({
      schedule: { windows: [{ day: 7, start: '00:30', end: '02:30' }], horizonDays: 2 },
      now: '2026-03-28T12:00:00Z',
    });
    expect(starts(result)).toEqual(['2026-03-29T00:30:00+00:00', '2026-03-29T02:00:00+01:00']);
  });

  it('labels times in London time on both sides of the change', () => {
    const result = freeTimesFor({ schedule: sundayMorning, now: '2026-10-17T12:00:00Z' });
    expect(result.map((time) => time.label)).toEqual([
      'Sun 18 Oct, 10:00',
      'Sun 18 Oct, 10:30',
      'Sun 25 Oct, 10:00',
      'Sun 25 Oct, 10:30',
    ]);
    expect(longTimeLabel(new Date('2026-03-07T10:30:00Z'))).toBe('Saturday 7 March at 10:30');
  });
});

describe('freeTimes rules', () => {
  // Monday 2 March 2026; weekday windows 17:00–18:00, Saturday 10:00–11:00.
  const week = {
    windows: [
      { day: 1, start: '17:00', end: '18:00' },
      { day: 2, start: '17:00', end: '18:00' },
      { day: 6, start: '10:00', end: '11:00' },
    ],
    horizonDays: 7,
  };
  const monday = '2026-03-02T09:00:00Z';

  it.each([
    {
      name: 'everything in the windows within the horizon (7 days from Monday 09:00)',
      input: {},
      expected: [
        '2026-03-02T17:00:00+00:00',
        '2026-03-02T17:30:00+00:00',
        '2026-03-03T17:00:00+00:00',
        '2026-03-03T17:30:00+00:00',
        '2026-03-07T10:00:00+00:00',
        '2026-03-07T10:30:00+00:00',
      ],
    },
    {
      name: 'minimum notice: exactly 8 hours from 09:00 is enough for 17:00',
      input: { schedule: { ...week, minNoticeHours: 8, horizonDays: 1 } },
      expected: ['2026-03-02T17:00:00+00:00', '2026-03-02T17:30:00+00:00'],
    },
    {
      name: 'minimum notice: 9 hours from Monday 09:00 leaves nothing on Monday',
      input: { schedule: { ...week, minNoticeHours: 9, horizonDays: 2 } },
      expected: ['2026-03-03T17:00:00+00:00', '2026-03-03T17:30:00+00:00'],
    },
    {
      name: 'horizon of 1 day: nothing after Tuesday 09:00',
      input: { schedule: { ...week, horizonDays: 1 } },
      expected: ['2026-03-02T17:00:00+00:00', '2026-03-02T17:30:00+00:00'],
    },
    {
      name: 'vacancy on 4 April: nothing before 7 March (28 days earlier)',
      input: { vacancyDate: '04/04/2026', schedule: { ...week, horizonDays: 2 } },
      expected: ['2026-03-07T10:00:00+00:00', '2026-03-07T10:30:00+00:00'],
    },
    {
      name: 'vacancy three months ahead: the horizon counts from the day viewings open (4 May is a bank holiday)',
      input: { vacancyDate: '01/06/2026' },
      expected: [
        '2026-05-05T17:00:00+01:00',
        '2026-05-05T17:30:00+01:00',
        '2026-05-09T10:00:00+01:00',
        '2026-05-09T10:30:00+01:00',
      ],
    },
    {
      name: 'bank holidays and 25-26 December are closed by default',
      input: {
        schedule: {
          ...week,
          windows: [
            { day: 5, start: '10:00', end: '10:30' },
            { day: 6, start: '10:00', end: '10:30' },
          ],
          horizonDays: 30,
        },
      },
      now: '2026-12-01T09:00:00Z',
      expected: [
        '2026-12-04T10:00:00+00:00',
        '2026-12-05T10:00:00+00:00',
        '2026-12-11T10:00:00+00:00',
        '2026-12-12T10:00:00+00:00',
        '2026-12-18T10:00:00+00:00',
        '2026-12-19T10:00:00+00:00',
      ],
    },
    {
      name: 'a company open on bank holidays offers them',
      input: {
        schedule: {
          ...week,
          windows: [{ day: 5, start: '10:00', end: '10:30' }],
          horizonDays: 30,
          openOnBankHolidays: true,
        },
      },
      now: '2026-12-01T09:00:00Z',
      expected: [
        '2026-12-04T10:00:00+00:00',
        '2026-12-11T10:00:00+00:00',
        '2026-12-18T10:00:00+00:00',
        '2026-12-25T10:00:00+00:00',
      ],
    },
    {
      name: 'a vacancy date in the past does not hold anything back',
      input: { vacancyDate: '01/01/2026', schedule: { ...week, horizonDays: 1 } },
      expected: ['2026-03-02T17:00:00+00:00', '2026-03-02T17:30:00+00:00'],
    },
    {
      name: 'blocked dates offer nothing that day',
      input: { overrides: settings({ blockedDates: ['2026-03-02', '2026-03-07'] }) },
      expected: ['2026-03-03T17:00:00+00:00', '2026-03-03T17:30:00+00:00'],
    },
    {
      name: 'a full time is not offered (one party per viewing)',
      input: {
        schedule: { ...week, horizonDays: 1 },
        bookings: [{ startsAt: '2026-03-02T17:00:00Z' }],
      },
      expected: ['2026-03-02T17:30:00+00:00'],
    },
    {
      name: 'a group viewing stays open until it holds its parties',
      input: {
        schedule: { ...week, horizonDays: 1, partiesPerSlot: 2 },
        bookings: [
          { startsAt: '2026-03-02T17:00:00Z' },
          { startsAt: '2026-03-02T17:30:00Z' },
          { startsAt: '2026-03-02T17:30:00Z' },
        ],
      },
      expected: ['2026-03-02T17:00:00+00:00'],
    },
    {
      name: 'the property override of parties per viewing wins',
      input: {
        schedule: { ...week, horizonDays: 1, partiesPerSlot: 3 },
        overrides: settings({ partiesPerSlot: 1 }),
        bookings: [{ startsAt: '2026-03-02T17:00:00Z' }],
      },
      expected: ['2026-03-02T17:30:00+00:00'],
    },
    {
      name: 'a buffer spaces the times: 20 minutes plus 10',
      input: { schedule: { ...week, horizonDays: 1, slotMinutes: 20, bufferMinutes: 10 } },
      expected: ['2026-03-02T17:00:00+00:00', '2026-03-02T17:30:00+00:00'],
    },
    {
      name: 'a viewing must end by the window end: 25 minutes fits twice in an hour',
      input: { schedule: { ...week, horizonDays: 1, slotMinutes: 25 } },
      expected: ['2026-03-02T17:00:00+00:00', '2026-03-02T17:25:00+00:00'],
    },
    {
      name: 'the property windows replace the company ones',
      input: {
        schedule: { ...week, horizonDays: 1 },
        overrides: settings({ windows: [{ day: 1, start: '12:00', end: '12:30' }] }),
      },
      expected: ['2026-03-02T12:00:00+00:00'],
    },
    {
      name: 'booking off offers nothing',
      input: { overrides: settings({ bookingOff: true }) },
      expected: [],
    },
  ])('$name', (testCase) => {
    const { input, expected } = testCase;
    const { schedule, ...rest } = input as Partial<Case>;
    const now = 'now' in testCase ? (testCase.now as string) : monday;
    expect(starts(freeTimesFor({ ...rest, schedule: schedule ?? week, now }))).toEqual(expected);
  });

  it('no windows at all offers nothing', () => {
    expect(freeTimesFor({ schedule: { windows: [] }, now: monday })).toEqual([]);
  });
});

describe('spreadOverDays', () => {
  const time = (startsAt: string) => ({ startsAt, label: startsAt });
  it('takes the first time of each day before a second time of any day', () => {
    const list = [
      time('2026-03-02T17:00:00+00:00'),
      time('2026-03-02T17:30:00+00:00'),
      time('2026-03-03T17:00:00+00:00'),
      time('2026-03-07T10:00:00+00:00'),
      time('2026-03-09T17:00:00+00:00'),
      time('2026-03-10T17:00:00+00:00'),
    ];
    expect(starts(spreadOverDays(list, 4))).toEqual([
      '2026-03-02T17:00:00+00:00',
      '2026-03-03T17:00:00+00:00',
      '2026-03-07T10:00:00+00:00',
      '2026-03-09T17:00:00+00:00',
    ]);
  });
  it('fills from the soonest days when there are fewer days than times wanted', () => {
    const list = [
      time('2026-03-02T17:00:00+00:00'),
      time('2026-03-02T17:30:00+00:00'),
      time('2026-03-03T17:00:00+00:00'),
    ];
    expect(starts(spreadOverDays(list, 4))).toEqual(starts(list));
  });
});

describe('viewingSummary', () => {
  testReturns('%s %s → %s', (startsAt: string, status: ViewingStatus) => viewingSummary(startsAt, status), [
    ['2026-03-07T10:30:00.000Z', 'booked', 'Sat 7 Mar, 10:30 · booked'],
    // British Summer Time: 09:00 UTC is 10:00 in London.
    ['2026-07-04T09:00:00.000Z', 'no_show', 'Sat 4 Jul, 10:00 · no-show'],
    ['2026-03-29T00:30:00.000Z', 'attended', 'Sun 29 Mar, 00:30 · attended'],
    ['2026-03-29T01:30:00.000Z', 'cancelled', 'Sun 29 Mar, 02:30 · cancelled'],
  ] as const);

  it('says whether the tenant confirmed, where that is known', () => {
    expect(viewingSummary('2026-03-07T10:30:00.000Z', 'booked', '2026-03-06T10:05:00.000Z')).toBe(
      'Sat 7 Mar, 10:30 · confirmed',
    );
    expect(viewingSummary('2026-03-07T10:30:00.000Z', 'booked', null)).toBe(
      'Sat 7 Mar, 10:30 · awaiting confirmation',
    );
    expect(viewingSummary('2026-03-07T10:30:00.000Z', 'released', null)).toBe('Sat 7 Mar, 10:30 · released');
  });
});
