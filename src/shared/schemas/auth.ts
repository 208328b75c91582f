import { z } from 'zod';
import { planTypes } from '#shared/plans.ts';

/** The company as its owner sees it (GET /api/auth/user, /api/companies, dashboard). */
export const companySchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  ownerId: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  accountType: z.enum(planTypes),
  accountLimit: z.number().int(),
  currentCount: z.number().int(),
  countResetDate: z.string().nullable(),
  stripeCustomerId: z.string().nullable(),
  stripeSubscriptionId: z.string().nullable(),
  subscriptionStatus: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  currentPeriodEnd: z.string().nullable(),
  pendingAccountType: z.enum(planTypes).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CompanyDto = z.infer<typeof companySchema>;

export const authUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  company: companySchema.nullable(),
});
export type AuthUser = z.infer<typeof authUserSchema>;
