import { z } from 'zod';
import { LEAD_STATUS_LABELS, LEAD_STATUSES, type LeadStatus } from '#shared/lead-statuses.ts';
import { companySchema } from '#shared/schemas/auth.ts';
import { chatSourceSchema } from '#shared/schemas/enquiries.ts';
import { requiredText } from '#shared/schemas/text.ts';
import { viewingStatuses } from '#shared/schemas/viewings.ts';
import { assigneeIdSchema } from '#shared/team-roles.ts';

export { LEAD_STATUS_LABELS, LEAD_STATUSES, type LeadStatus };

export const leadStatusSchema = z.enum(LEAD_STATUSES, {
  error: () => `Status must be one of: ${LEAD_STATUSES.join(', ')}.`,
});

/**
 * What a lead's activity records. `viewing_*`, `email_sent` and `assigned` are written by the
 * features that do those things; `enquired_again` is a repeat enquiry joined to this lead.
 */
export const LEAD_ACTIVITY_KINDS = [
  'created',
  'status_changed',
  'note',
  'enquired_again',
  'viewing_booked',
  'viewing_moved',
  'viewing_cancelled',
  'viewing_confirmed',
  'email_sent',
  'assigned',
] as const;
export type LeadActivityKind = (typeof LEAD_ACTIVITY_KINDS)[number];
/** A question the assistant could not answer and passed on to the agent, and whether it is answered. */
export const passedOnQuestionSchema = z.object({ text: z.string(), answered: z.boolean() });
export type PassedOnQuestion = z.infer<typeof passedOnQuestionSchema>;

/** A day the tenant's viewing availability named (see shared/availability-dates.ts). */
export const availabilityDateSchema = z.object({
  date: z.string(),
  part: z.enum(['morning', 'afternoon', 'evening']).nullable(),
});
export type AvailabilityDate = z.infer<typeof availabilityDateSchema>;

/** One row of the leads table: the lead's answers, without its transcript or score detail. */
export const leadSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  propertyId: z.string().nullable(),
  propertyName: z.string(),
  propertyLocation: z.string().nullable(),
  rentalPrice: z.string().nullable(),
  numberOfBeds: z.number().int().nullable(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  /** E.164 as stored; shown in UK national form. */
  contactNumber: z.string().nullable(),
  income: z.string().nullable(),
  profession: z.string().nullable(),
  numberOfPeople: z.number().int().nullable(),
  moveInDate: z.string().nullable(),
  availability: z.string().nullable(),
  /** The days `availability` named, as meant on the day of the conversation. */
  availabilityDates: z.array(availabilityDateSchema),
  /** The score out of 10 as text, "0"-"10". */
  rating: z.string().nullable(),
  /** The tenant asked to speak to a person of the agency: someone should get in touch. */
  personRequested: z
    .boolean()
    .describe(
      'The tenant asked, in the chat, to speak to a person of the agency: someone should get in touch',
    ),
  passedOnQuestions: z.array(passedOnQuestionSchema),
  /** Where the chat's link was posted (`?src=`: rightmove, website, …); null when unknown. */
  source: z.string().nullable(),
  /** The portal enquiry whose reply link led to this lead. */
  enquiryId: z.string().nullable(),
  /** The latest viewing booked in the lead's conversation (ISO 8601), whatever became of it. */
  viewingAt: z.string().nullable(),
  viewingStatus: z.enum(viewingStatuses).nullable(),
});
export type LeadDto = z.infer<typeof leadSchema>;

/** A row of the dashboard's leads: the answers and where the lead is in the pipeline. */
export const leadListItemSchema = leadSchema.extend({
  /** Where the tenant talked: the web chat, WhatsApp or SMS (docs/messaging.md). */
  channel: z.enum(['web', 'whatsapp', 'sms']).optional(),
  /** A message to the tenant on their channel finally failed (after its one retry). */
  deliveryFailed: z.boolean().optional(),
  /** The lead's detail: when the tenant confirmed the latest viewing (ISO 8601), or null. */
  viewingConfirmedAt: z.string().nullable().optional(),
  status: leadStatusSchema,
  /** Set exactly when the status is `lost`. */
  lostReason: z.string().nullable(),
  /** The member working the lead (their user id), or null. */
  assigneeId: z.string().nullable(),
});
export type LeadListItemDto = z.infer<typeof leadListItemSchema>;
/** GET /api/companies/{id}/dashboard?source=…: only the leads from that source (the counts too). */
export const dashboardQuerySchema = z.object({
  source: chatSourceSchema.optional(),
  /** `me`: only the leads assigned to the signed-in member ("My leads"). */
  assignee: z.enum(['me'], { error: () => 'Assignee must be "me".' }).optional(),
});

/** GET /api/companies/{id}/dashboard */
export const dashboardSchema = z.object({
  company: companySchema,
  stats: z.object({ totalLeads: z.number().int(), totalProperties: z.number().int() }),
  leads: z.array(leadListItemSchema),
});
export type DashboardDto = z.infer<typeof dashboardSchema>;

/** One part of the score: what it measures, the points won and why. */
export const scorePartSchema = z.object({
  label: z.string(),
  points: z.number(),
  max: z.number(),
  reason: z.string(),
});
export type ScorePart = z.infer<typeof scorePartSchema>;

export const scoreBreakdownSchema = z.object({
  total: z.number(),
  max: z.number(),
  parts: z.array(scorePartSchema),
});
export type ScoreBreakdown = z.infer<typeof scoreBreakdownSchema>;

/** `agent` is a person of the agency who took the chat over (`name`), `system` a notice. */
export const transcriptMessageSchema = z.object({
  id: z.string(),
  sender: z.enum(['user', 'ai', 'agent', 'system']),
  content: z.string(),
  timestamp: z.string().nullable(),
  name: z.string().optional(),
});
export type TranscriptMessage = z.infer<typeof transcriptMessageSchema>;

export const leadActivitySchema = z.object({
  at: z.string(),
  /** Who did it; null for what the system did (the chat, a booking). */
  actor: z.object({ id: z.string(), name: z.string() }).nullable(),
  kind: z.enum(LEAD_ACTIVITY_KINDS),
  detail: z.record(z.string(), z.unknown()),
});
export type LeadActivityDto = z.infer<typeof leadActivitySchema>;

/** Another of the company's leads from the same tenant (same email or phone) within 30 days. */
export const relatedLeadSchema = z.object({
  id: z.string(),
  propertyName: z.string(),
  createdAt: z.string(),
});
export type RelatedLeadDto = z.infer<typeof relatedLeadSchema>;

/** GET /api/leads/{id}: the lead, how its score was made, and the whole conversation. */
export const leadDetailSchema = leadListItemSchema.extend({
  updatedAt: z.string(),
  annualIncome: z.number().int().nullable(),
  score: z.number().int().nullable(),
  scoreBreakdown: scoreBreakdownSchema.nullable(),
  transcript: z
    .object({
      id: z.string().nullable(),
      createdAt: z.string().nullable(),
      /** The stored transcript text, for chats whose messages are no longer kept. */
      content: z.string().nullable(),
      messages: z.array(transcriptMessageSchema),
    })
    .nullable(),
  /** Newest first. */
  activity: z.array(leadActivitySchema),
  /** "Also enquired about …", newest first. */
  relatedLeads: z.array(relatedLeadSchema),
});
export type LeadDetailDto = z.infer<typeof leadDetailSchema>;

const lostReasonSchema = z
  .string()
  .trim()
  .min(1, 'Say why the lead was lost.')
  .max(500, 'The reason must be 500 characters or fewer.');

/** The dashboard's "why was it lost?" form, before a move to `lost`. */
export const lostReasonFormSchema = z.object({ lostReason: lostReasonSchema });
export type LostReasonForm = z.infer<typeof lostReasonFormSchema>;

/**
 * The part of the lost-reason rule a request shows by itself: a move to `lost` brings its reason,
 * a move anywhere else brings none. (A reason alone is checked against the lead's status.)
 */
function checkLostReason(body: { status?: LeadStatus; lostReason?: string }, ctx: z.RefinementCtx) {
  if (body.status === 'lost' && body.lostReason === undefined) {
    ctx.addIssue({ code: 'custom', message: 'A lost lead needs a reason.', path: ['lostReason'] });
  }
  if (body.status !== undefined && body.status !== 'lost' && body.lostReason !== undefined) {
    ctx.addIssue({ code: 'custom', message: 'Only a lost lead has a lost reason.', path: ['lostReason'] });
  }
}

/**
 * PATCH /api/leads/{id}: the pipeline (a lost lead needs its reason; any other status clears it)
 * and the assignee.
 */
export const patchLeadSchema = z
  .object({
    status: leadStatusSchema.optional(),
    lostReason: lostReasonSchema.optional(),
    assigneeId: assigneeIdSchema.optional(),
  })
  .refine(
    (body) => body.status !== undefined || body.lostReason !== undefined || body.assigneeId !== undefined,
    { message: 'Nothing to change: send a status, a lost reason or an assignee.' },
  )
  .superRefine(checkLostReason);
export type PatchLeadRequest = z.infer<typeof patchLeadSchema>;

/** The pipeline part of a lead's change (also the public API's PATCH body). */
export const updateLeadSchema = z
  .object({ status: leadStatusSchema.optional(), lostReason: lostReasonSchema.optional() })
  .refine((body) => body.status !== undefined || body.lostReason !== undefined, {
    message: 'Nothing to change: send a status or a lost reason.',
  })
  .superRefine(checkLostReason);
export type UpdateLeadRequest = z.infer<typeof updateLeadSchema>;

/** POST /api/leads/bulk-status: every lead changes, or none does. */
export const bulkLeadStatusSchema = z
  .object({
    ids: z
      .array(z.string())
      .min(1, 'Choose at least one lead.')
      .max(1000, 'Change at most 1,000 leads at once.'),
    status: leadStatusSchema,
    lostReason: lostReasonSchema.optional(),
  })
  .superRefine(checkLostReason);
export type BulkLeadStatusRequest = z.infer<typeof bulkLeadStatusSchema>;
export const bulkLeadStatusResponseSchema = z.object({ updated: z.number().int() });

/** POST /api/leads/{id}/notes */
export const createLeadNoteSchema = z.object({
  body: requiredText('Write a note.', 2000, 'A note must be 2,000 characters or fewer.'),
});
export type CreateLeadNoteRequest = z.infer<typeof createLeadNoteSchema>;
/** PATCH /api/leads/{id}/questions/{index}: tick a passed-on question answered, or not. */
export const leadQuestionParamsSchema = z.object({
  id: z.string(),
  index: z.coerce.number().int().min(0).max(999),
});
export const leadQuestionBodySchema = z.object({ answered: z.boolean() });
export const leadQuestionsResponseSchema = z.object({ passedOnQuestions: z.array(passedOnQuestionSchema) });
export type LeadQuestionsResponse = z.infer<typeof leadQuestionsResponseSchema>;
