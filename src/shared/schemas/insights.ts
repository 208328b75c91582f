import { z } from 'zod';

/** The longest period the Insights tab reads at once: a year and a day (a leap year's). */
export const MAX_INSIGHTS_DAYS = 366;

export const insightsGroupings = ['property', 'source'] as const;
export type InsightsGrouping = (typeof insightsGroupings)[number];

const DAY_MS = 86_400_000;

const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are written as yyyy-mm-dd')
  .refine((text) => {
    const date = new Date(`${text}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
  }, 'That is not a real date');

/** Days between two yyyy-mm-dd dates, counting both (1 for the same day). */
export function daysInPeriod(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** GET /api/companies/{id}/insights?from=&to=&groupBy=: London days, both included. */
export const insightsQuerySchema = z
  .object({
    from: calendarDate.optional(),
    to: calendarDate.optional(),
    groupBy: z.enum(insightsGroupings, { message: 'groupBy must be property or source' }).default('property'),
  })
  .superRefine((query, issue) => {
    if (!query.from || !query.to) return;
    const days = daysInPeriod(query.from, query.to);
    if (days < 1)
      issue.addIssue({
        code: 'custom',
        path: ['to'],
        message: 'The end date must not be before the start date',
      });
    else if (days > MAX_INSIGHTS_DAYS) {
      issue.addIssue({
        code: 'custom',
        path: ['to'],
        message: `A period can be at most ${MAX_INSIGHTS_DAYS} days`,
      });
    }
  });
export type InsightsQuery = z.infer<typeof insightsQuerySchema>;

/**
 * One row of the funnel (docs/insights.md defines each stage): chats started in the period, and
 * how far each of those chats went since.
 */
export const funnelSchema = z.object({
  /** Chat links opened: a web chat the page started for a new visitor. */
  linkOpens: z.number().int(),
  /** WhatsApp and SMS threads started: the tenant wrote first, no link was opened. */
  messageThreads: z.number().int(),
  /** Of the link opens and threads, the chats where the tenant wrote at least once. */
  chats: z.number().int(),
  leads: z.number().int(),
  viewingsBooked: z.number().int(),
  viewingsAttended: z.number().int(),
  /** Of the chats with a viewing, those whose tenant confirmed it (or booked within a day). */
  viewingsConfirmed: z.number().int(),
  /** Of the chats with a viewing, those marked no-show. */
  viewingsNoShow: z.number().int(),
  let: z.number().int(),
  /** Portal and email enquiries received in the period. */
  enquiries: z.number().int(),
  /** Median seconds from an enquiry's arrival to the reply with the chat link; null with none. */
  medianFirstReplySeconds: z.number().nullable(),
});
export type Funnel = z.infer<typeof funnelSchema>;

export const insightsGroupSchema = z.object({
  /** The property's id or the source (`rightmove`, …); null: no property chosen, or no source. */
  key: z.string().nullable(),
  label: z.string(),
  funnel: funnelSchema,
});
export type InsightsGroup = z.infer<typeof insightsGroupSchema>;

export const insightsResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  groupBy: z.enum(insightsGroupings),
  totals: funnelSchema,
  /** Most leads first, then most link opens and threads. */
  groups: z.array(insightsGroupSchema),
});
export type InsightsResponse = z.infer<typeof insightsResponseSchema>;

/** Conversations started: the links opened and the threads begun by a tenant's message. */
export function conversationsStarted(funnel: Pick<Funnel, 'linkOpens' | 'messageThreads'>): number {
  return funnel.linkOpens + funnel.messageThreads;
}

/** The funnel's stages in order, with the words the tab and the email use. */
export const FUNNEL_STAGES = [
  { key: 'linkOpens', label: 'Link opens' },
  { key: 'chats', label: 'Chats' },
  { key: 'leads', label: 'Leads' },
  { key: 'viewingsBooked', label: 'Viewings booked' },
  { key: 'viewingsAttended', label: 'Attended' },
  { key: 'let', label: 'Let' },
] as const satisfies readonly { key: keyof Funnel; label: string }[];

/** "4 min", "1 h 5 min", "45 s": a first-reply time for people. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '–';
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
