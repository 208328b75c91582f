import { z } from 'zod';
import {
  failingPasswordRules,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  PASSWORD_RULES_MESSAGE,
} from '#shared/password.ts';
import { planTypes } from '#shared/plans.ts';
import { requiredText } from '#shared/schemas/text.ts';
import { teamRoleSchema } from '#shared/team-roles.ts';

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
  /** The user's role in `company` (docs/team.md); null without a company. */
  role: teamRoleSchema.nullable(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

// ---- Forms and requests ----

/** An email that must be given (login, reset): an empty field says so. */
export const emailSchema = requiredText(
  'Email is required',
  255,
  'Email must be at most 255 characters',
).pipe(z.email('Valid email is required'));

/** The company form's email: one message, empty or malformed. */
export const companyEmailSchema = z
  .string({ error: 'Valid email is required' })
  .trim()
  .max(255, 'Email must be at most 255 characters')
  .pipe(z.email('Valid email is required'));

/** Sign-up's password: the minimum length, then one message for all the strength rules. */
export const signupPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters`)
  .refine(
    (password) => failingPasswordRules(password).every((rule) => rule.id === 'length'),
    PASSWORD_RULES_MESSAGE,
  );

/**
 * Update-password's password: one message per failing rule, joined into the field's one issue
 * (the API answers one message per field; the page lists the rules one per line).
 */
export const newPasswordSchema = z
  .string({ error: 'Password is required' })
  .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters`)
  .superRefine((password, ctx) => {
    const failing = failingPasswordRules(password);
    if (failing.length > 0)
      ctx.addIssue({ code: 'custom', message: failing.map((rule) => rule.message).join('. ') });
  });

export const nameSchema = (label: string) =>
  requiredText(`${label} is required`, 255, `${label} must be at most 255 characters`);

export const companyNameSchema = nameSchema('Company name');

export const phoneSchema = requiredText(
  'Phone number is required',
  50,
  'Phone number must be at most 50 characters',
)
  .regex(/^\+?[\d\s().-]*$/, 'Enter a valid phone number')
  .refine((phone) => phone.replace(/\D/g, '').length >= 7, 'Enter a valid phone number');

/** The plan picked on the sign-up and company forms. */
export const planTypeSchema = z.enum(planTypes, 'Choose a plan');

/** POST /api/auth/signup. The Stripe ids are accepted for compatibility and ignored (the webhook links them). */
export const signupRequestSchema = z.object({
  companyName: companyNameSchema,
  firstName: nameSchema('First name'),
  lastName: nameSchema('Last name'),
  email: companyEmailSchema,
  phone: phoneSchema,
  password: signupPasswordSchema,
  accountType: planTypeSchema.default('free'),
  stripeCustomerId: z.string().nullish(),
  stripeSubscriptionId: z.string().nullish(),
});
export type SignupRequest = z.infer<typeof signupRequestSchema>;

/** A sign-up form's second password field. */
export const confirmPasswordSchema = z
  .string({ error: 'Please confirm your password' })
  .min(1, 'Please confirm your password');

/** The refinement a sign-up form adds: the confirmation matches the password. */
export const passwordsMatch: [
  (form: { password: string; confirmPassword: string }) => boolean,
  { message: string; path: string[] },
] = [
  (form) => form.password === form.confirmPassword,
  { message: "Passwords don't match", path: ['confirmPassword'] },
];

/** The sign-up page's form: the request plus the password confirmation. */
export const signupFormSchema = signupRequestSchema
  .omit({ stripeCustomerId: true, stripeSubscriptionId: true, accountType: true })
  .extend({ accountType: planTypeSchema, confirmPassword: confirmPasswordSchema })
  .refine(...passwordsMatch);
export type SignupForm = z.infer<typeof signupFormSchema>;

export const signupResponseSchema = z.object({ message: z.string(), email: z.string() });
export type SignupResponse = z.infer<typeof signupResponseSchema>;

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(MAX_PASSWORD_LENGTH),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** POST /api/auth/resend-verification and POST /api/auth/reset-password. */
export const emailRequestSchema = z.object({ email: emailSchema });
export type EmailRequest = z.infer<typeof emailRequestSchema>;

/** POST /api/auth/update-password (form-encoded). */
export const updatePasswordRequestSchema = z.object({
  newPassword: newPasswordSchema,
  token: z
    .string({ error: 'The reset link is missing its token' })
    .min(1, 'The reset link is missing its token'),
});
export type UpdatePasswordRequest = z.infer<typeof updatePasswordRequestSchema>;

export const updatePasswordFormSchema = z
  .object({
    newPassword: newPasswordSchema,
    confirmPassword: confirmPasswordSchema,
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type UpdatePasswordForm = z.infer<typeof updatePasswordFormSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** The `code` a refused login carries when the password was right but the email is not verified yet. */
export const EMAIL_NOT_VERIFIED_CODE = 'EMAIL_NOT_VERIFIED';
