import { z } from 'zod';
import { companySchema } from '#shared/schemas/auth.ts';

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
  passedOnQuestions: z.array(passedOnQuestionSchema),
});
export type LeadDto = z.infer<typeof leadSchema>;

/** GET /api/companies/{id}/dashboard */
export const dashboardSchema = z.object({
  company: companySchema,
  stats: z.object({ totalLeads: z.number().int(), totalProperties: z.number().int() }),
  leads: z.array(leadSchema),
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

export const transcriptMessageSchema = z.object({
  id: z.string(),
  sender: z.enum(['user', 'ai']),
  content: z.string(),
  timestamp: z.string().nullable(),
});
export type TranscriptMessage = z.infer<typeof transcriptMessageSchema>;

/** GET /api/leads/{id}: the lead, how its score was made, and the whole conversation. */
export const leadDetailSchema = leadSchema.extend({
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
});
export type LeadDetailDto = z.infer<typeof leadDetailSchema>;

export const leadIdParamsSchema = z.object({ id: z.string() });

/** PATCH /api/leads/{id}/questions/{index}: tick a passed-on question answered, or not. */
export const leadQuestionParamsSchema = z.object({
  id: z.string(),
  index: z.coerce.number().int().min(0).max(999),
});
export const leadQuestionBodySchema = z.object({ answered: z.boolean() });
export const leadQuestionsResponseSchema = z.object({ passedOnQuestions: z.array(passedOnQuestionSchema) });
export type LeadQuestionsResponse = z.infer<typeof leadQuestionsResponseSchema>;
