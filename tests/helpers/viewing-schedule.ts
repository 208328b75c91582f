/** Monday 2 March 2026, 09:00 London (GMT): the clock of the viewing tests. */
export const MONDAY = new Date('2026-03-02T09:00:00Z');

/**
 * A company's viewing schedule for tests: Monday 17:00–18:00 and Saturday 10:00–11:00, half-hour
 * slots, so that from MONDAY the nearest free slots are Mon 2 Mar 17:00 and Sat 7 Mar 10:00.
 */
export const testSchedule = {
  windows: [
    { day: 1, start: '17:00', end: '18:00' },
    { day: 6, start: '10:00', end: '11:00' },
  ],
  slotMinutes: 30,
  bufferMinutes: 0,
  minNoticeHours: 2,
  horizonDays: 14,
  partiesPerSlot: 1,
};

/** The slot buttons a tenant is first offered under `testSchedule` at MONDAY. */
export const firstOfferedTimes = [
  'Mon 2 Mar, 17:00',
  'Sat 7 Mar, 10:00',
  'Mon 9 Mar, 17:00',
  'Sat 14 Mar, 10:00',
  'Other times',
];
