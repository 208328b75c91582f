import type { AppContext } from '#server/lib/context.ts';
import { AppError } from '#server/lib/errors.ts';
import type { UpdatePasswordRequest } from '#shared/schemas/auth.ts';
import { betterAuthErrorCode, withMinimumDuration } from './better-auth-errors.ts';

export const RESET_ANSWER =
  "If an account exists for that address, we've sent it a link to choose a new password. The link works for one hour.";
export const INVALID_RESET_LINK =
  'This password reset link is invalid, has expired or has already been used. Please request a new one.';

/**
 * Emails a reset link (APP_URL/update-password#token=…). Same answer, and no quicker, whether
 * or not the address has an account.
 */
export async function requestPasswordReset(ctx: AppContext, { email }: { email: string }): Promise<string> {
  return withMinimumDuration(500, async () => {
    try {
      await ctx.auth.api.requestPasswordReset({ body: { email: email.toLowerCase() } });
    } catch (error) {
      ctx.log.error({ err: error }, 'Sending the password reset email failed');
      throw new AppError('UNAVAILABLE', 'Unable to send reset email. Please try again in a few minutes.');
    }
    return RESET_ANSWER;
  });
}

/** Sets the new password; every session of the user ends (better-auth's revokeSessionsOnPasswordReset). */
export async function updatePassword(
  ctx: AppContext,
  { input }: { input: UpdatePasswordRequest },
): Promise<string> {
  try {
    await ctx.auth.api.resetPassword({ body: { newPassword: input.newPassword, token: input.token } });
  } catch (error) {
    const code = betterAuthErrorCode(error);
    if (code === 'INVALID_TOKEN' || code === 'USER_NOT_FOUND')
      throw new AppError('BAD_REQUEST', INVALID_RESET_LINK);
    if (code !== undefined) throw new AppError('BAD_REQUEST', 'Failed to update password');
    throw error;
  }
  return 'Your password has been updated. Please sign in with your new password.';
}
