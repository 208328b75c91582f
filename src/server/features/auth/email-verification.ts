import type { AppContext } from '#server/lib/context.ts';
import { AppError } from '#server/lib/errors.ts';
import { betterAuthErrorCode } from './better-auth-errors.ts';

export type VerifyEmailOutcome = 'verified' | 'expired' | 'invalid';

/** Verifies the address in the emailed link; an already verified address counts as verified. */
export async function verifyEmail(
  ctx: AppContext,
  { token }: { token: string | undefined },
): Promise<VerifyEmailOutcome> {
  if (!token) return 'invalid';
  try {
    await ctx.auth.api.verifyEmail({ query: { token } });
    return 'verified';
  } catch (error) {
    const code = betterAuthErrorCode(error);
    if (code === 'TOKEN_EXPIRED') return 'expired';
    if (code !== undefined) return 'invalid';
    throw error;
  }
}

export const RESEND_ANSWER =
  "If that address has an account waiting for verification, we've sent it a new link. It works for 24 hours.";

/**
 * Sends a new verification link. The answer is the same whether or not the address has an
 * account (better-auth also answers no sooner than 500 ms either way).
 */
export async function resendVerification(ctx: AppContext, { email }: { email: string }): Promise<string> {
  try {
    await ctx.auth.api.sendVerificationEmail({ body: { email: email.toLowerCase() } });
  } catch (error) {
    ctx.log.error({ err: error }, 'Resending the verification email failed');
    throw new AppError(
      'UNAVAILABLE',
      'We could not send the email just now. Please try again in a few minutes.',
    );
  }
  return RESEND_ANSWER;
}
