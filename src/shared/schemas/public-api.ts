import { z } from 'zod';
import { leadListItemSchema } from '#shared/schemas/leads.ts';
import { propertySchema } from '#shared/schemas/properties.ts';

/**
 * The public API's answers (/api/v1) and the `data` of lead webhook events. A lead here is the
 * dashboard's lead plus when it last changed and its numeric score: no more personal data than
 * the lead itself, and never its transcript.
 */
export const apiLeadSchema = leadListItemSchema
  // The viewing is not in the public API's lead yet (nor in its webhooks' data).
  .omit({ availabilityDates: true, passedOnQuestions: true, viewingAt: true, viewingStatus: true })
  .extend({
    updatedAt: z.string().describe('When the lead last changed (ISO 8601)'),
    score: z.number().int().nullable().describe('The score out of 10'),
  })
  .meta({ id: 'Lead' });
export type ApiLeadDto = z.infer<typeof apiLeadSchema>;

export const apiLeadListQuerySchema = z.object({
  cursor: z.string().max(200).optional().describe('The `nextCursor` of the previous page'),
  limit: z.coerce
    .number({ error: 'limit must be a number from 1 to 100' })
    .int('limit must be a number from 1 to 100')
    .min(1, 'limit must be a number from 1 to 100')
    .max(100, 'limit must be a number from 1 to 100')
    .default(50),
  updatedSince: z.iso
    .datetime({ offset: true, error: 'updatedSince must be an ISO 8601 date and time' })
    .optional()
    .describe('Only leads changed at or after this moment'),
  propertyId: z.uuid({ error: 'propertyId must be a property id' }).optional(),
});
export type ApiLeadListQuery = z.infer<typeof apiLeadListQuerySchema>;

/** Oldest change first, so that a sync can page through and keep the last `updatedAt` it saw. */
export const apiLeadListSchema = z.object({
  data: z.array(apiLeadSchema),
  nextCursor: z.string().nullable().describe('Pass as `cursor` for the next page; null on the last'),
});
export type ApiLeadListDto = z.infer<typeof apiLeadListSchema>;

export const apiPropertySchema = propertySchema.meta({ id: 'Property' });
export const apiPropertyListSchema = z.object({ data: z.array(apiPropertySchema) });

export const apiErrorSchema = z
  .object({ message: z.string(), errors: z.record(z.string(), z.string()).optional() })
  .meta({ id: 'Error' });

export const apiIdParamsSchema = z.object({ id: z.string() });
