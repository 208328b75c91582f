import { describe, expect, it } from 'vitest';
import { testReturns, testReturnsEqual } from '#tests/helpers/tables.ts';
import { type AvailabilityDate, availabilityDates, formatAvailabilityDate } from './availability-dates.ts';

// Wednesday 4 March 2026, a Saturday (7 March) and a Sunday (8 March).
const WEDNESDAY = '2026-03-04';
const SATURDAY = '2026-03-07';
const SUNDAY = '2026-03-08';

const d = (date: string, part: AvailabilityDate['part'] = null): AvailabilityDate => ({ date, part });

describe('availabilityDates', () => {
  testReturnsEqual('%s, said on %s', availabilityDates, [
    ['This Saturday', WEDNESDAY, [d('2026-03-07')]],
    ['Saturday', WEDNESDAY, [d('2026-03-07')]],
    ['sat', WEDNESDAY, [d('2026-03-07')]],
    ['Next Saturday', WEDNESDAY, [d('2026-03-14')]],
    ['next Monday', WEDNESDAY, [d('2026-03-09')]],
    ['Monday', WEDNESDAY, [d('2026-03-09')]],
    ['Wednesday', WEDNESDAY, [d('2026-03-11')]],
    ['this Wednesday', WEDNESDAY, [d('2026-03-04')]],
    ['Tomorrow after 5', WEDNESDAY, [d('2026-03-05', 'evening')]],
    ['tomorrow morning', WEDNESDAY, [d('2026-03-05', 'morning')]],
    ['Today', WEDNESDAY, [d('2026-03-04')]],
    ['Tonight', WEDNESDAY, [d('2026-03-04', 'evening')]],
    ['today after 2pm', WEDNESDAY, [d('2026-03-04', 'afternoon')]],
    [
      'Saturday morning or Sunday afternoon',
      WEDNESDAY,
      [d('2026-03-07', 'morning'), d('2026-03-08', 'afternoon')],
    ],
    ['Saturday and Sunday evening', WEDNESDAY, [d('2026-03-07', 'evening'), d('2026-03-08', 'evening')]],
    ['Friday at 6pm', WEDNESDAY, [d('2026-03-06', 'evening')]],
    ['Thursday 10am', WEDNESDAY, [d('2026-03-05', 'morning')]],
    ['This weekend', WEDNESDAY, [d('2026-03-07'), d('2026-03-08')]],
    ['at the weekend', WEDNESDAY, [d('2026-03-07'), d('2026-03-08')]],
    ['next weekend', WEDNESDAY, [d('2026-03-14'), d('2026-03-15')]],
    ['this weekend', SATURDAY, [d('2026-03-07'), d('2026-03-08')]],
    ['this weekend', SUNDAY, [d('2026-03-08')]],
    ['next weekend', SUNDAY, [d('2026-03-14'), d('2026-03-15')]],
    ['Saturday', SATURDAY, [d('2026-03-14')]],
    ['this Saturday', SATURDAY, [d('2026-03-07')]],
    ['Sunday', SATURDAY, [d('2026-03-08')]],
    ['7th March', WEDNESDAY, [d('2026-03-07')]],
    ['the 10th of March in the evening', WEDNESDAY, [d('2026-03-10', 'evening')]],
    ['March 12', WEDNESDAY, [d('2026-03-12')]],
    ['12/03', WEDNESDAY, [d('2026-03-12')]],
    ['1 March', WEDNESDAY, [d('2027-03-01')]],
    ['2/1', WEDNESDAY, [d('2027-01-02')]],
    ['14/03/2026 afternoon', WEDNESDAY, [d('2026-03-14', 'afternoon')]],
    ['New Year: 31 Dec', '2026-12-30', [d('2026-12-31')]],
    ['tomorrow', '2026-12-31', [d('2027-01-01')]],
    // A day and its date name one day, however it is written (the chat stores a booked time so).
    ['Monday 14 December at 17:00', '2026-11-28', [d('2026-12-14', 'evening')]],
    ['Mon, 14/12 morning', '2026-11-28', [d('2026-12-14', 'morning')]],
    ['Saturday the 7th of March', WEDNESDAY, [d('2026-03-07')]],
    ['Friday March 13 at 10:30', WEDNESDAY, [d('2026-03-13', 'morning')]],
    ['Monday or 14 December', '2026-11-28', [d('2026-11-30'), d('2026-12-14')]],
    // The clocks change on 29 March 2026: days are still whole days.
    ['tomorrow', '2026-03-28', [d('2026-03-29')]],
  ]);

  it.each([
    'Weekends',
    'weekday evenings',
    'Evenings',
    'Saturdays',
    'any Saturday',
    'every Sunday',
    'Monday to Friday after 6',
    'mon-fri',
    'Any time',
    'Flexible',
    '24/7',
    "we'd prefer mornings",
    '31/02',
    '',
  ])('%s names no day', (words) => {
    expect(availabilityDates(words, WEDNESDAY)).toEqual([]);
  });

  it('names no day for no words or a bad conversation day', () => {
    expect(availabilityDates(null, WEDNESDAY)).toEqual([]);
    expect(availabilityDates('tomorrow', 'yesterday')).toEqual([]);
  });
});

describe('formatAvailabilityDate', () => {
  testReturns('%o reads %s', formatAvailabilityDate, [
    [d('2026-03-07', 'evening'), 'Sat 7 Mar (evening)'],
    [d('2026-03-09'), 'Mon 9 Mar'],
    [d('2026-12-31', 'morning'), 'Thu 31 Dec (morning)'],
  ]);
});
