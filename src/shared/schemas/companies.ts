import { z } from 'zod';
import { companyEmailSchema, companyNameSchema, companySchema, phoneSchema, planTypeSchema } from './auth.ts';

/** The company form, as the registration dialog sends it. */
export const companyFormSchema = z.object({
  companyName: companyNameSchema,
  email: companyEmailSchema,
  phone: phoneSchema,
  accountType: planTypeSchema.default('free'),
});
export type CompanyForm = z.input<typeof companyFormSchema>;

/** POST /api/companies/register. A new company always starts on the free plan: paid plans come through billing. */
export const registerCompanyRequestSchema = companyFormSchema;
export type RegisterCompanyRequest = z.infer<typeof registerCompanyRequestSchema>;

/**
 * PUT /api/companies/{id}/profile. The account type may be sent back as it is; changing it is
 * billing's job, so a different value is refused.
 */
export const updateCompanyProfileRequestSchema = companyFormSchema.extend({
  accountType: planTypeSchema.optional(),
});
export type UpdateCompanyProfileRequest = z.infer<typeof updateCompanyProfileRequestSchema>;

/** The profile form on My Account (the account type is shown, not edited). */
export const companyProfileFormSchema = updateCompanyProfileRequestSchema.omit({ accountType: true });
export type CompanyProfileForm = z.infer<typeof companyProfileFormSchema>;

export const companyListSchema = z.array(companySchema);
