import { eq } from 'drizzle-orm';
import { users } from '#server/db/schema.ts';
import { insertCompany } from '#server/features/companies/index.ts';
import type { AppContext } from '#server/lib/context.ts';
import { trackDelivery } from '#server/lib/delivery-status.ts';
import { emailTemplates } from '#server/lib/email-templates.ts';
import { AppError } from '#server/lib/errors.ts';
import type { SignupRequest, SignupResponse } from '#shared/schemas/auth.ts';

const UNABLE_TO_SEND =
  'We could not send the verification email just now. Please try again in a few minutes.';

/**
 * Creates the user and the company (free plan, whatever plan was picked: a paid plan is applied
 * by billing once paid) and sends the verification email. It is all or nothing: when the company
 * cannot be created, or the email can be neither sent nor queued for a retry, the user is deleted
 * again, so that signing up again simply works.
 *
 * The answer is the same for an address that already has an account (so the form never tells
 * who has one): the owner gets an email instead, a new verification link if not yet verified.
 */
export async function signUp(
  ctx: AppContext,
  { input, headers }: { input: SignupRequest; headers: Headers },
): Promise<SignupResponse> {
  const email = input.email.toLowerCase();
  const answer: SignupResponse = {
    email,
    message: `We've sent a verification link to ${email}. Click it to verify your email, then sign in.`,
  };

  const existing = await findUserByEmail(ctx, email);
  if (existing) {
    await notifyExistingAccount(ctx, existing);
    return answer;
  }

  const user = await createPasswordUser(ctx, { ...input, email }, headers);
  // better-auth answers a sign-up that lost a race for the same address with a made-up user.
  const created = await findUserByEmail(ctx, email);
  if (!created || created.id !== user.id) return answer;

  try {
    await insertCompany(ctx.db, { ownerId: created.id, name: input.companyName, email, phone: input.phone });
  } catch (error) {
    await deleteUser(ctx, created.id);
    throw error;
  }
  try {
    const { wasQueued } = await trackDelivery(() => ctx.auth.api.sendVerificationEmail({ body: { email } }));
    if (wasQueued) {
      return {
        ...answer,
        message: `${answer.message} Our email service is slow right now, so the email may take a few minutes to arrive.`,
      };
    }
  } catch (error) {
    ctx.log.error({ err: error }, 'Sign-up verification email failed; the account was rolled back');
    await deleteUser(ctx, created.id);
    throw new AppError('UNAVAILABLE', UNABLE_TO_SEND);
  }
  return answer;
}

/** A better-auth user with an email and password (unverified until someone says otherwise). */
export async function createPasswordUser(
  ctx: AppContext,
  input: { email: string; password: string; firstName: string; lastName: string },
  headers: Headers,
) {
  const { user } = await ctx.auth.api.signUpEmail({
    body: {
      email: input.email,
      password: input.password,
      name: `${input.firstName} ${input.lastName}`,
      firstName: input.firstName,
      lastName: input.lastName,
    },
    headers,
  });
  return user;
}

async function findUserByEmail(ctx: AppContext, email: string) {
  const [user] = await ctx.db
    .select({
      id: users.id,
      email: users.email,
      emailVerified: users.emailVerified,
      firstName: users.firstName,
    })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return user;
}

/** The company, sessions and credentials go with the user (foreign keys cascade). */
async function deleteUser(ctx: AppContext, userId: string): Promise<void> {
  await ctx.db.delete(users).where(eq(users.id, userId));
}

async function notifyExistingAccount(
  ctx: AppContext,
  user: { email: string; emailVerified: boolean; firstName: string | null },
): Promise<void> {
  try {
    if (user.emailVerified) {
      await ctx.sendEmail(
        emailTemplates(ctx.env).accountExists({ to: user.email, firstName: user.firstName }),
      );
    } else {
      await ctx.auth.api.sendVerificationEmail({ body: { email: user.email } });
    }
  } catch (error) {
    ctx.log.error({ err: error }, 'Email to an existing account on sign-up failed');
    throw new AppError('UNAVAILABLE', UNABLE_TO_SEND);
  }
}
