import type { AppContext } from '#server/lib/context.ts';
import { AppError } from '#server/lib/errors.ts';
import { type AuthUser, EMAIL_NOT_VERIFIED_CODE, type LoginRequest } from '#shared/schemas/auth.ts';
import { loadAuthUser } from './auth-user.ts';
import { betterAuthErrorCode } from './better-auth-errors.ts';

export const INVALID_LOGIN = 'Invalid email or password';
export const EMAIL_NOT_VERIFIED =
  'Please verify your email address before signing in. Use the link we emailed you, or send a new one.';

/**
 * Signs in and answers the user with the session cookies to set. A wrong password and an unknown
 * email get the same answer; only the right password on an unverified account learns more.
 */
export async function logIn(
  ctx: AppContext,
  { input, headers }: { input: LoginRequest; headers: Headers },
): Promise<{ user: AuthUser; cookies: string[] }> {
  let result: Awaited<ReturnType<typeof signIn>>;
  try {
    result = await signIn(ctx, input, headers);
  } catch (error) {
    const code = betterAuthErrorCode(error);
    if (code === 'EMAIL_NOT_VERIFIED') {
      throw new AppError('FORBIDDEN', EMAIL_NOT_VERIFIED, { code: EMAIL_NOT_VERIFIED_CODE });
    }
    if (code !== undefined) throw new AppError('UNAUTHORIZED', INVALID_LOGIN);
    throw error;
  }
  const user = await loadAuthUser(ctx, result.response.user.id);
  if (!user) throw new AppError('UNAUTHORIZED', INVALID_LOGIN);
  return { user, cookies: result.headers.getSetCookie() };
}

function signIn(ctx: AppContext, input: LoginRequest, headers: Headers) {
  return ctx.auth.api.signInEmail({
    body: { email: input.email.toLowerCase(), password: input.password },
    headers,
    returnHeaders: true,
  });
}

/** Ends this session (others stay) and answers the cookies that clear it in the browser. */
export async function logOut(
  ctx: AppContext,
  { headers }: { headers: Headers },
): Promise<{ cookies: string[] }> {
  const result = await ctx.auth.api.signOut({ headers, returnHeaders: true });
  return { cookies: result.headers.getSetCookie() };
}
