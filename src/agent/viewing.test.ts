import { describe, expect, test } from 'vitest';
import type { OfferedTime } from './types.ts';
import { bookedClosing, describeTime, parseTimePick, timesForChat, timesToOffer } from './viewing.ts';

/** A free time at a London wall-clock time in March 2026 (GMT until the 29th). */
function freeAt(day: number, time: string): OfferedTime {
  const iso = `2026-03-${String(day).padStart(2, '0')}T${time}:00+00:00`;
  const label = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(new Date(iso))
    .replace(/^(\w+) (\d+ \w+),? /, '$1 $2, ');
  return { startsAt: iso, label };
}

// Thu 5, Sat 7 (twice), Tue 10 (afternoon and evening), Sun 8.
const thu5 = freeAt(5, '18:00');
const sat7a = freeAt(7, '10:30');
const sat7b = freeAt(7, '14:00');
const sun8 = freeAt(8, '11:00');
const tue10a = freeAt(10, '13:00');
const tue10b = freeAt(10, '18:30');
const free = [thu5, sat7a, sat7b, sun8, tue10a, tue10b];
const offered = timesToOffer(free);
const today = '2026-03-04';

describe('which times are offered', () => {
  test('up to four, one per day first, soonest first', () => {
    expect(offered).toEqual([thu5, sat7a, sun8, tue10a]);
  });

  test('fills from the same days when fewer days are free', () => {
    expect(timesToOffer([sat7a, sat7b, sun8])).toEqual([sat7a, sat7b, sun8]);
  });

  test('spread over four days even when the soonest days are full of free times', () => {
    // Every half hour 09:00–17:30 from Wed 4 to Tue 10: 18 a day, 126 in all.
    const times = Array.from(
      { length: 18 },
      (_, i) => `${String(9 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
    );
    const week = [4, 5, 6, 7, 8, 9, 10].flatMap((day) => times.map((time) => freeAt(day, time)));
    const forChat = timesForChat(week, 20);
    expect(forChat).toHaveLength(20);
    // The soonest, and the first of each of the next three days in place of Wednesday's last.
    expect(forChat.slice(0, 17)).toEqual(week.slice(0, 17));
    expect(forChat.slice(17)).toEqual([week[18], week[36], week[54]]);
    expect(timesToOffer(forChat).map((s) => s.label)).toEqual([
      'Wed 4 Mar, 09:00',
      'Thu 5 Mar, 09:00',
      'Fri 6 Mar, 09:00',
      'Sat 7 Mar, 09:00',
    ]);
    // Soonest first, and nothing dropped when there are fewer than the limit.
    expect(forChat.map((s) => Date.parse(s.startsAt))).toEqual(
      [...forChat].map((s) => Date.parse(s.startsAt)).sort((a, b) => a - b),
    );
    expect(timesForChat(free, 40)).toEqual(free);
  });

  test('a time is said with its weekday, date and 24-hour London time', () => {
    expect(sat7a.label).toBe('Sat 7 Mar, 10:30');
    expect(describeTime(sat7a)).toBe('Saturday 7 March at 10:30');
    // British Summer Time: 09:00 UTC is 10:00 in London.
    expect(describeTime({ startsAt: '2026-04-04T09:00:00Z', label: '' })).toBe('Saturday 4 April at 10:00');
    expect(bookedClosing(sat7a)).toBe(
      'Thank you for confirming the information. Your viewing is booked for Saturday 7 March at 10:30. Have a great day!',
    );
  });
});

describe('reading the tenant’s pick', () => {
  const cases: Array<[string, OfferedTime | OfferedTime[] | 'none' | 'other' | 'unclear']> = [
    ['Sat 7 Mar, 10:30', sat7a],
    ['Saturday at 10:30', sat7a],
    ['saturday 10.30 please', sat7a],
    ['the second one', sat7a],
    ['2nd one pls', sat7a],
    ['option 3', sun8],
    ['2', sat7a],
    ['the last one', tue10a],
    ['tues evening', tue10b],
    ['Tuesday afternoon works', tue10a],
    ['any time Saturday', sat7a],
    ['10:30 on the 7th', sat7a],
    ['the 8th', sun8],
    ['7th March at 2pm', sat7b],
    ['sat at 2', sat7b],
    ['half 10 on saturday', sat7a],
    ['Thursday 6pm', thu5],
    ['whichever is soonest', thu5],
    ['Saturday', [sat7a, sat7b]],
    ['the weekend', [sat7a, sat7b, sun8]],
    ['Monday', 'none'],
    ['Saturday at 9am', 'none'],
    ['Other times', 'other'],
    ['none of those work for me', 'other'],
    ["sorry can't do any of them", 'other'],
    ['is there parking?', 'unclear'],
    ['ok', 'unclear'],
  ];
  test.each(cases)('%s', (message, expected) => {
    const pick = parseTimePick(message, offered, free, today);
    if (expected === 'none' || expected === 'other' || expected === 'unclear') {
      expect(pick.kind).toBe(expected);
    } else if (Array.isArray(expected)) {
      expect(pick).toEqual({ kind: 'several', times: expected });
    } else {
      expect(pick).toEqual({ kind: 'one', time: expected });
    }
  });

  test('"tomorrow" is read against today', () => {
    expect(parseTimePick('tomorrow evening', offered, free, today)).toEqual({ kind: 'one', time: thu5 });
  });
});
