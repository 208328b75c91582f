import { z } from 'zod';
import { authUserSchema, companySchema } from '#shared/schemas/auth.ts';
import { propertyPhotoSchema } from '#shared/schemas/images.ts';
import { leadSchema } from '#shared/schemas/leads.ts';
import { propertySchema } from '#shared/schemas/properties.ts';
import { requiredText } from '#shared/schemas/text.ts';

export const privacyCompanyParamsSchema = z.object({ id: z.string().min(1).max(100) });

const jsonObject = z.record(z.string(), z.unknown());

/**
 * GET /api/companies/{id}/export: everything the company keeps in LetLead, as one JSON download.
 * Secrets (password hashes, session tokens, Stripe ids) are never part of it.
 */
export const companyExportSchema = z.object({
  exportedAt: z.string(),
  account: authUserSchema.pick({
    email: true,
    firstName: true,
    lastName: true,
    emailVerified: true,
    createdAt: true,
  }),
  company: companySchema
    .omit({ ownerId: true, stripeCustomerId: true, stripeSubscriptionId: true, pendingAccountType: true })
    .extend({ accountType: z.string() }),
  properties: z.array(
    propertySchema.omit({ companyId: true, chatbotUrl: true, viewingSettings: true }).extend({
      chatbotUrl: z.string().nullable(),
      /** Listed, not embedded: each photo downloads from its `url`. */
      photos: z.array(propertyPhotoSchema.extend({ byteSize: z.number().int(), createdAt: z.string() })),
    }),
  ),
  leads: z.array(
    leadSchema
      .omit({
        availabilityDates: true,
        passedOnQuestions: true,
        source: true,
        enquiryId: true,
        viewingAt: true,
        viewingStatus: true,
      })
      .extend({
        annualIncome: z.number().int().nullable(),
        score: z.number().int().nullable(),
        scoreBreakdown: jsonObject.nullable(),
        chatTranscriptId: z.string().nullable(),
        conversationId: z.string().nullable(),
        status: z.string(),
        lostReason: z.string().nullable(),
        updatedAt: z.string(),
      }),
  ),
  /** What happened to each lead: status changes, notes (with their author), viewings, emails. */
  leadActivity: z.array(
    z.object({
      leadId: z.string(),
      at: z.string(),
      actorUserId: z.string().nullable(),
      kind: z.string(),
      detail: jsonObject,
    }),
  ),
  transcripts: z.array(
    z.object({
      id: z.string(),
      conversationId: z.string().nullable(),
      fileName: z.string(),
      content: z.string(),
      extractedData: jsonObject.nullable(),
      processed: z.boolean(),
      /** For a repeat enquiry: the lead it joined. */
      leadId: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  conversations: z.array(
    z.object({
      id: z.string(),
      propertyId: z.string().nullable(),
      status: z.string(),
      messages: z.array(
        z.object({ sender: z.string(), content: z.string(), timestamp: z.string().nullable() }),
      ),
      createdAt: z.string(),
      lastActivityAt: z.string(),
      endedAt: z.string().nullable(),
    }),
  ),
  /** Page views of the company's chat links (first-party, cookieless: no visitor is identified). */
  analytics: z.array(
    z.object({
      kind: z.string(),
      path: z.string(),
      referrerHost: z.string().nullable(),
      metric: z.string().nullable(),
      value: z.number().nullable(),
      createdAt: z.string(),
    }),
  ),
});
export type CompanyExport = z.infer<typeof companyExportSchema>;

/**
 * DELETE /api/companies/{id}: closing the account erases it. The company name typed again and
 * the password re-entered make sure it is meant, and meant by the owner.
 */
export const closeAccountRequestSchema = z.object({
  confirm: requiredText('Type your company name to confirm', 255),
  password: z.string({ error: 'Enter your password' }).min(1, 'Enter your password').max(128),
});
export type CloseAccountRequest = z.infer<typeof closeAccountRequestSchema>;

/** The dialog's form: the same fields, checked against the name shown on screen. */
export function closeAccountFormSchema(companyName: string) {
  return closeAccountRequestSchema.refine((value) => value.confirm === companyName.trim(), {
    path: ['confirm'],
    message: 'The name does not match your company name',
  });
}

export const closeAccountResponseSchema = z.object({ message: z.string() });
