import { sendJson, type TestApp } from './app.ts';

/** Monday 2 March 2026, 09:00 London (GMT): the clock of the viewing tests. */
export const MONDAY = new Date('2026-03-02T09:00:00Z');

type ViewingWindow = { day: number; start: string; end: string };

/** The same hours on every day of the week (1 = Monday … 7 = Sunday). */
export function everyDay(start: string, end: string): ViewingWindow[] {
  return [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start, end }));
}

/**
 * A company's viewing schedule in these weekly windows: half-hour slots, no buffer, two hours'
 * notice, two weeks ahead, one party a slot, unless `overrides` say otherwise.
 */
export function viewingSchedule<Overrides extends object = object>(
  windows: ViewingWindow[],
  overrides?: Overrides,
) {
  return {
    windows,
    slotMinutes: 30,
    bufferMinutes: 0,
    minNoticeHours: 2,
    horizonDays: 14,
    partiesPerSlot: 1,
    ...overrides,
  };
}

/**
 * A company's viewing schedule for tests: Monday 17:00–18:00 and Saturday 10:00–11:00, half-hour
 * slots, so that from MONDAY the nearest free slots are Mon 2 Mar 17:00 and Sat 7 Mar 10:00.
 */
export const testSchedule = viewingSchedule([
  { day: 1, start: '17:00', end: '18:00' },
  { day: 6, start: '10:00', end: '11:00' },
]);

/** The slot buttons a tenant is first offered under `testSchedule` at MONDAY. */
export const firstOfferedTimes = [
  'Mon 2 Mar, 17:00',
  'Sat 7 Mar, 10:00',
  'Mon 9 Mar, 17:00',
  'Sat 14 Mar, 10:00',
  'Other times',
];

/** Saves the company's viewing schedule (`testSchedule` unless another is given) as its owner does. */
export async function saveViewingSchedule(
  app: TestApp,
  owner: { company: { id: string }; cookie: string },
  schedule: object = testSchedule,
) {
  const path = `/api/companies/${owner.company.id}/viewing-schedule`;
  const saved = await sendJson(app, 'PUT', path, owner.cookie, schedule);
  if (saved.status !== 200)
    throw new Error(`PUT ${path} answered ${saved.status}: ${JSON.stringify(saved.json)}`);
}
