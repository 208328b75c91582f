import { z } from 'zod';
import { leadListItemSchema, leadStatusSchema, updateLeadSchema } from '#shared/schemas/leads.ts';
import { propertySchema } from '#shared/schemas/properties.ts';
import { agentViewingSchema } from '#shared/schemas/viewings.ts';

/**
 * The public API's answers (/api/v1) and the `data` of lead webhook events. A lead here is the
 * dashboard's lead (its status, source and latest viewing too) plus when it last changed and its
 * numeric score: no more personal data than
 * the lead itself, and never its transcript.
 */
export const apiLeadSchema = leadListItemSchema
  .omit({ availabilityDates: true, passedOnQuestions: true, assigneeId: true })
  .extend({
    updatedAt: z.string().describe('When the lead last changed (ISO 8601)'),
    score: z.number().int().nullable().describe('The score out of 10'),
    viewingAt: leadListItemSchema.shape.viewingAt.describe(
      'When the latest viewing booked in the lead’s chat starts (ISO 8601), whatever became of it',
    ),
    viewingStatus: leadListItemSchema.shape.viewingStatus.describe(
      'That viewing’s status: booked, attended, no_show or cancelled; null when none was booked',
    ),
  })
  .meta({ id: 'Lead' });
export type ApiLeadDto = z.infer<typeof apiLeadSchema>;

const LIMIT_MESSAGE = 'limit must be a number from 1 to 100';

/** A list's query asks for a page: after the `cursor` the previous page ended on, `limit` items. */
const pageQueryFields = {
  cursor: z.string().max(200).optional().describe('The `nextCursor` of the previous page'),
  limit: z.coerce
    .number({ error: LIMIT_MESSAGE })
    .int(LIMIT_MESSAGE)
    .min(1, LIMIT_MESSAGE)
    .max(100, LIMIT_MESSAGE)
    .default(50),
};

/** A list's answer ends with where the next page starts. */
const nextCursorField = z
  .string()
  .nullable()
  .describe('Pass as `cursor` for the next page; null on the last');

export const apiLeadListQuerySchema = z.object({
  ...pageQueryFields,
  updatedSince: z.iso
    .datetime({ offset: true, error: 'updatedSince must be an ISO 8601 date and time' })
    .optional()
    .describe('Only leads changed at or after this moment'),
  propertyId: z.uuid({ error: 'propertyId must be a property id' }).optional(),
  status: leadStatusSchema.optional().describe('Only leads at this pipeline status'),
});
export type ApiLeadListQuery = z.infer<typeof apiLeadListQuerySchema>;

/** Oldest change first, so that a sync can page through and keep the last `updatedAt` it saw. */
export const apiLeadListSchema = z.object({
  data: z.array(apiLeadSchema),
  nextCursor: nextCursorField,
});
export type ApiLeadListDto = z.infer<typeof apiLeadListSchema>;

/**
 * PATCH /api/v1/leads/{id}: the dashboard's own change, with its rules and messages (a lost
 * reason only with `lost`).
 */
export const apiLeadUpdateSchema = updateLeadSchema;

const isoMoment = (name: string) =>
  z.iso.datetime({ offset: true, error: `${name} must be an ISO 8601 date and time` });

/** GET /api/v1/viewings: by start, soonest first, a page at a time. */
export const apiViewingListQuerySchema = z.object({
  from: isoMoment('from').optional().describe('Viewings starting at or after this moment (default: now)'),
  to: isoMoment('to').optional().describe('Viewings starting before this moment'),
  ...pageQueryFields,
});
export type ApiViewingListQuery = z.infer<typeof apiViewingListQuerySchema>;

/** A viewing as the Viewings tab lists it, less the app's own link to the property's page. */
export const apiViewingSchema = agentViewingSchema
  .omit({ propertySlug: true })
  .extend({
    startsAt: z.string().describe('When the viewing starts (ISO 8601, with the UK offset)'),
    label: z.string().describe('The start as people read it, in UK time'),
    leadId: z.string().nullable().describe('The lead from the same chat, once there is one'),
    score: z.number().int().nullable().describe('That lead’s score out of 10'),
  })
  .meta({ id: 'Viewing' });
export type ApiViewingDto = z.infer<typeof apiViewingSchema>;
export const apiViewingListSchema = z.object({
  data: z.array(apiViewingSchema),
  nextCursor: nextCursorField,
});
export type ApiViewingListDto = z.infer<typeof apiViewingListSchema>;

export const apiPropertySchema = propertySchema.omit({ assigneeId: true }).meta({ id: 'Property' });
export const apiPropertyListSchema = z.object({ data: z.array(apiPropertySchema) });

export const apiErrorSchema = z
  .object({ message: z.string(), errors: z.record(z.string(), z.string()).optional() })
  .meta({ id: 'Error' });

export const apiIdParamsSchema = z.object({ id: z.string() });
