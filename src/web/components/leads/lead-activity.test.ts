import { describe, expect, test } from 'vitest';
import type { LeadActivityDto } from '#shared/schemas/leads.ts';
import { activityText } from './lead-activity.ts';

type Entry = Pick<LeadActivityDto, 'kind' | 'detail'>;

describe('activityText', () => {
  test.each([
    ['web', 'Enquired through the chat'],
    ['whatsapp', 'Enquired on WhatsApp'],
    ['sms', 'Enquired by text message (SMS)'],
  ] as const)('a lead whose chat was on %s: "%s"', (channel, title) => {
    expect(activityText({ kind: 'created', detail: {} }, channel)).toEqual({ title });
  });

  test.each<[Entry, { title: string; body?: string }]>([
    [{ kind: 'created', detail: {} }, { title: 'Enquired through the chat' }],
    [
      { kind: 'enquired_again', detail: { transcriptId: 't1' } },
      { title: 'Enquired again about this property' },
    ],
    [
      { kind: 'status_changed', detail: { from: 'new', to: 'viewing_booked' } },
      { title: 'Moved from New to Viewing booked' },
    ],
    [
      {
        kind: 'status_changed',
        detail: { from: 'viewed', to: 'lost', lostReason: 'Went with another agent' },
      },
      { title: 'Moved from Viewed to Lost', body: 'Reason: Went with another agent' },
    ],
    // A status the client does not know (a newer server) still reads as a sentence.
    [
      { kind: 'status_changed', detail: { from: 'new', to: 'archived' } },
      { title: 'Moved from New to another status' },
    ],
    [
      { kind: 'note', detail: { body: 'Called, no answer' } },
      { title: 'Note', body: 'Called, no answer' },
    ],
    // London time: 09:30 UTC in summer is 10:30 in London.
    [
      { kind: 'viewing_booked', detail: { viewingId: 'v1', startsAt: '2026-06-06T09:30:00.000Z' } },
      { title: 'Viewing booked for Sat 6 Jun, 10:30' },
    ],
    [{ kind: 'viewing_booked', detail: { startsAt: 'not a date' } }, { title: 'Viewing booked' }],
    [
      { kind: 'viewing_moved', detail: { startsAt: '2026-01-10T14:00:00.000Z' } },
      { title: 'Viewing moved to Sat 10 Jan, 14:00' },
    ],
    [
      {
        kind: 'viewing_moved',
        detail: { from: '2026-01-10T14:00:00.000Z', startsAt: '2026-01-12T17:00:00.000Z', by: 'tenant' },
      },
      { title: 'Viewing moved by tenant to Mon 12 Jan, 17:00', body: 'Was Sat 10 Jan, 14:00' },
    ],
    [{ kind: 'viewing_cancelled', detail: {} }, { title: 'Viewing cancelled' }],
    [
      { kind: 'viewing_cancelled', detail: { startsAt: '2026-01-12T17:00:00.000Z', by: 'tenant' } },
      { title: 'Viewing cancelled by tenant', body: 'Was Mon 12 Jan, 17:00' },
    ],
    [
      { kind: 'viewing_cancelled', detail: { startsAt: '2026-01-12T17:00:00.000Z', by: 'agent' } },
      { title: 'Viewing cancelled', body: 'Was Mon 12 Jan, 17:00' },
    ],
    [
      { kind: 'viewing_cancelled', detail: { by: 'property' } },
      { title: 'Viewing cancelled: the listing was removed' },
    ],
    [
      { kind: 'email_sent', detail: { subject: 'Your viewing on Saturday' } },
      { title: 'Email sent to the tenant', body: 'Your viewing on Saturday' },
    ],
    [
      { kind: 'assigned', detail: { from: null, to: 'u1', toName: 'Sam Hale' } },
      { title: 'Assigned to Sam Hale' },
    ],
    [{ kind: 'assigned', detail: { from: 'u1', to: null } }, { title: 'Unassigned' }],
    [{ kind: 'assigned', detail: { from: null, to: 'u2' } }, { title: 'Assignment changed' }],
  ])('%j reads %j', (entry, expected) => {
    expect(activityText(entry)).toEqual(expected);
  });
});
