import { z } from 'zod';
import {
  minutesOfDay,
  VIEWING_STATUS_LABELS,
  type ViewingStatus,
  viewingStatuses,
} from '#shared/viewing-statuses.ts';

export { minutesOfDay, VIEWING_STATUS_LABELS, type ViewingStatus, viewingStatuses };

/** Mon=1 … Sun=7, as the contract numbers them. */
export const WEEKDAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

const timeOfDay = z
  .string({ error: 'Times are written as HH:MM, e.g. 17:30' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Times are written as HH:MM, e.g. 17:30');

export const viewingWindowSchema = z.object({
  day: z.number({ error: 'Choose a day' }).int('Choose a day').min(1, 'Choose a day').max(7, 'Choose a day'),
  start: timeOfDay,
  end: timeOfDay,
});
export type ViewingWindow = z.infer<typeof viewingWindowSchema>;

/** A whole number in a range; `label` is the field's label in the schedule editor, so the message names what the agent sees. */
const wholeNumber = (label: string, min: number, max: number, unit: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be between ${min} and ${max} ${unit}`)
    .max(max, `${label} must be between ${min} and ${max} ${unit}`);

/**
 * Each window ends after it starts, and the windows of one day never overlap: the messages name
 * the day and times, as the negotiator typed them, on the field to fix.
 */
function checkWindows(windows: ViewingWindow[], context: z.RefinementCtx, path: (string | number)[]) {
  windows.forEach((window, index) => {
    if (minutesOfDay(window.end) <= minutesOfDay(window.start)) {
      context.addIssue({
        code: 'custom',
        message: `${WEEKDAYS[window.day - 1]}: the end time must be after the start time`,
        path: [...path, index, 'end'],
      });
    }
  });
  windows.forEach((window, index) => {
    const clash = windows.findIndex(
      (other, otherIndex) =>
        otherIndex < index &&
        other.day === window.day &&
        minutesOfDay(other.start) < minutesOfDay(window.end) &&
        minutesOfDay(window.start) < minutesOfDay(other.end),
    );
    if (clash !== -1) {
      const other = windows[clash];
      context.addIssue({
        code: 'custom',
        message: `${WEEKDAYS[window.day - 1]}: ${window.start}–${window.end} overlaps ${other.start}–${other.end}`,
        path: [...path, index, 'start'],
      });
    }
  });
}

const windowsSchema = z.array(viewingWindowSchema).max(50, 'At most 50 viewing windows');

/** GET|PUT /api/companies/{id}/viewing-schedule: the company's weekly viewing hours. */
export const viewingScheduleSchema = z
  .object({
    windows: windowsSchema,
    slotMinutes: wholeNumber('Viewing length', 5, 240, 'minutes'),
    bufferMinutes: wholeNumber('Gap between viewings', 0, 120, 'minutes'),
    minNoticeHours: wholeNumber('Minimum notice', 0, 168, 'hours'),
    horizonDays: wholeNumber('Book up to', 1, 90, 'days ahead'),
    partiesPerSlot: wholeNumber('Parties per viewing', 1, 50, 'parties'),
    /** England and Wales bank holidays (and 25-26 December) are closed unless this is true. */
    openOnBankHolidays: z.boolean().optional(),
  })
  .superRefine((schedule, context) => checkWindows(schedule.windows, context, ['windows']));
export type ViewingSchedule = z.infer<typeof viewingScheduleSchema>;

/** A company that never saved a schedule: no windows, so nothing is offered until it has some. */
export const DEFAULT_VIEWING_SCHEDULE: ViewingSchedule = {
  windows: [],
  slotMinutes: 20,
  bufferMinutes: 0,
  minNoticeHours: 12,
  horizonDays: 14,
  partiesPerSlot: 1,
};

/** The editor's "Use typical hours": weekday evenings and Saturday morning. */
export const SUGGESTED_WINDOWS: ViewingWindow[] = [
  ...[1, 2, 3, 4, 5].map((day) => ({ day, start: '17:00', end: '19:00' })),
  { day: 6, start: '10:00', end: '13:00' },
];

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Blocked dates are written as yyyy-mm-dd')
  .refine((text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)), 'Blocked dates must be real dates');

/**
 * A property's own viewing rules, in the property body as `viewingSettings`: its own windows and
 * parties per viewing (`partiesPerSlot`, null: the company's), dates with no viewings, or booking
 * off altogether.
 */
export const viewingSettingsSchema = z
  .object({
    bookingOff: z.boolean().default(false),
    windows: windowsSchema.nullable().default(null),
    partiesPerSlot: wholeNumber('Parties per viewing', 1, 50, 'parties').nullable().default(null),
    blockedDates: z.array(isoDate).max(366, 'At most 366 blocked dates').default([]),
  })
  .superRefine((settings, context) => {
    if (settings.windows) checkWindows(settings.windows, context, ['windows']);
  });
export type ViewingSettings = z.infer<typeof viewingSettingsSchema>;
export type ViewingSettingsInput = z.input<typeof viewingSettingsSchema>;

export const viewingTimeSchema = z.object({
  /** ISO 8601 with the London offset. */
  startsAt: z.string(),
  /** "Sat 7 Mar, 10:30" */
  label: z.string(),
});
export type ViewingTimeDto = z.infer<typeof viewingTimeSchema>;

/**
 * GET /api/chat/{companySlug}/slots?propertySlug=…: a listing's free viewing times (the path and
 * the `slots` field keep the names the clients know).
 */
export const viewingTimesQuerySchema = z.object({ propertySlug: z.string().min(1).max(255) });
export const viewingTimesResponseSchema = z.object({ slots: z.array(viewingTimeSchema) });
export type ViewingTimesResponse = z.infer<typeof viewingTimesResponseSchema>;

/** A viewing as the agent reads it at a glance: a live one is confirmed by the tenant, or awaiting it. */
export type ViewingState = 'confirmed' | 'awaiting' | Exclude<ViewingStatus, 'booked'>;
export function viewingState(viewing: { status: ViewingStatus; confirmedAt: string | null }): ViewingState {
  if (viewing.status !== 'booked') return viewing.status;
  return viewing.confirmedAt ? 'confirmed' : 'awaiting';
}
export const VIEWING_STATE_LABELS: Record<ViewingState, string> = {
  confirmed: 'Confirmed',
  awaiting: 'Awaiting',
  attended: 'Attended',
  no_show: 'No-show',
  cancelled: 'Cancelled',
  released: 'Released',
};

// ---- Confirm, remind, release (DESIGN section 15) ----

/** The scheduled messages of a viewing. */
export const viewingMessageKinds = ['request', 'see_you_soon', 'released'] as const;
export type ViewingMessageKind = (typeof viewingMessageKinds)[number];

/** London wall-clock times between which only replies go out to tenants. */
export const quietHoursSchema = z
  .object({ from: timeOfDay, to: timeOfDay })
  .refine((hours) => hours.from !== hours.to, {
    message: 'Quiet hours must start and end at different times',
    path: ['to'],
  });
export type QuietHours = z.infer<typeof quietHoursSchema>;
export const DEFAULT_QUIET_HOURS: QuietHours = { from: '20:00', to: '08:00' };

/** GET|PATCH /api/companies/{id}/viewing-settings */
export const viewingMessageSettingsSchema = z.object({
  quietHours: quietHoursSchema.nullable(),
  releaseUnconfirmedHours: z
    .number({ error: 'Release must be a number of hours' })
    .int('Release must be a whole number of hours')
    .min(1, 'Release must be between 1 and 23 hours before the viewing')
    .max(23, 'Release must be between 1 and 23 hours before the viewing')
    .nullable(),
});
export type ViewingMessageSettings = z.infer<typeof viewingMessageSettingsSchema>;
export const viewingMessageSettingsPatchSchema = viewingMessageSettingsSchema
  .partial()
  .refine((patch) => patch.quietHours !== undefined || patch.releaseUnconfirmedHours !== undefined, {
    message: 'Nothing to change: send quietHours or releaseUnconfirmedHours',
  });

/** The chat response's `viewing` once booked. */
export const bookedViewingSchema = z.object({
  id: z.string(),
  startsAt: z.string(),
  label: z.string(),
  manageUrl: z.string(),
});
export type BookedViewing = z.infer<typeof bookedViewingSchema>;

/** A manage link that leads to no viewing: unknown, mistyped or cut short by a mail app. */
export const INVALID_VIEWING_LINK = 'This viewing link is not valid. Please check the link in your email.';

/** GET /api/viewings/manage/{token}: what the tenant's manage page shows. */
export const manageTokenParamsSchema = z.object({
  token: z.string().min(20, INVALID_VIEWING_LINK).max(100, INVALID_VIEWING_LINK),
});
export const managedViewingSchema = z.object({
  status: z.enum(viewingStatuses),
  startsAt: z.string(),
  label: z.string(),
  /** "Saturday 7 March at 10:30" */
  longLabel: z.string(),
  isPast: z.boolean(),
  /** When it ends (ISO 8601 with the London offset) and how long it lasts. */
  endsAt: z.string(),
  minutes: z.number(),
  tenantName: z.string().nullable(),
  /** When the tenant confirmed they are coming (ISO 8601), or null. */
  confirmedAt: z.string().nullable(),
  property: z.object({ name: z.string(), address: z.string() }),
  /** The property's chat, to book again after a cancellation; null once the listing is gone. */
  rebookUrl: z.string().nullable(),
  company: z.object({ name: z.string(), email: z.string().nullable(), phone: z.string().nullable() }),
  /** Other free times to move to (empty when the viewing can no longer be moved). */
  slots: z.array(viewingTimeSchema),
});
export type ManagedViewing = z.infer<typeof managedViewingSchema>;

export const rescheduleRequestSchema = z.object({
  startsAt: z.string({ error: 'Choose a new time' }).min(1, 'Choose a new time').max(40),
});

/** GET /api/companies/{id}/viewings?from=&to= (yyyy-mm-dd, London days, inclusive). */
export const viewingsQuerySchema = z.object({
  from: isoDate.optional(),
  to: isoDate.optional(),
});

export const agentViewingSchema = z.object({
  id: z.string(),
  status: z.enum(viewingStatuses),
  startsAt: z.string(),
  label: z.string(),
  tenantName: z.string().nullable(),
  tenantEmail: z.string().nullable(),
  tenantPhone: z.string().nullable(),
  propertyId: z.string().nullable(),
  /** For the free times to move to (null once the property is deleted). */
  propertySlug: z.string().nullable(),
  propertyName: z.string(),
  leadId: z.string().nullable(),
  score: z.number().int().nullable(),
  /** When the tenant confirmed (ISO 8601), or null: awaiting confirmation. */
  confirmedAt: z.string().nullable(),
  /** The lead's source (rightmove, whatsapp, …), or null. */
  source: z.string().nullable(),
});
export type AgentViewing = z.infer<typeof agentViewingSchema>;
export const agentViewingListSchema = z.object({ viewings: z.array(agentViewingSchema) });
export type AgentViewingList = z.infer<typeof agentViewingListSchema>;

export const updateViewingSchema = z.object({
  status: z.enum(['booked', 'attended', 'no_show', 'cancelled'], {
    error: 'Status must be attended, no_show or cancelled',
  }),
  startsAt: z.string().max(40).optional(),
});
export type UpdateViewing = z.infer<typeof updateViewingSchema>;

/** POST /api/companies/{id}/calendar-feed: a new private feed address (the old one stops working). */
export const calendarFeedSchema = z.object({ url: z.string() });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;
export const calendarFeedParamsSchema = z.object({ feedToken: z.string().min(1).max(120) });
