import { describe, expect, it } from 'vitest';
import { testReturns } from '#tests/helpers/tables.ts';
import { DEFAULT_VIEWING_SCHEDULE, viewingScheduleSchema } from './viewings.ts';

/** The first message for a schedule with one number out of range, as the schedule editor shows it. */
function messageFor(change: Partial<typeof DEFAULT_VIEWING_SCHEDULE>): string | undefined {
  const result = viewingScheduleSchema.safeParse({ ...DEFAULT_VIEWING_SCHEDULE, ...change });
  return result.error?.issues[0]?.message;
}

describe('viewing schedule messages name the field as the editor labels it', () => {
  testReturns('%o → %s', messageFor, [
    [{ slotMinutes: 0 }, 'Viewing length must be between 5 and 240 minutes'],
    [{ bufferMinutes: 121 }, 'Gap between viewings must be between 0 and 120 minutes'],
    [{ minNoticeHours: -5 }, 'Minimum notice must be between 0 and 168 hours'],
    [{ horizonDays: 99999 }, 'Book up to must be between 1 and 90 days ahead'],
    [{ horizonDays: 0 }, 'Book up to must be between 1 and 90 days ahead'],
    [{ partiesPerSlot: 51 }, 'Parties per viewing must be between 1 and 50 parties'],
  ]);

  it('accepts the default schedule', () => {
    expect(messageFor({})).toBeUndefined();
  });
});
