import { PENDING_SIGNUP_KEY, type PendingSignup, pendingSignupSchema } from '#shared/schemas/billing.ts';

export type PendingSignupState =
  | { status: 'none' }
  | { status: 'invalid' }
  | { status: 'valid'; data: PendingSignup };

/**
 * The details the signup page kept while the browser was at checkout, checked again with the
 * shared schema: storage can hold anything by the time the user comes back.
 */
export function readPendingSignup(): PendingSignupState {
  let text: string | null = null;
  try {
    text = window.localStorage.getItem(PENDING_SIGNUP_KEY);
  } catch {
    return { status: 'none' };
  }
  if (text === null) return { status: 'none' };
  try {
    const parsed = pendingSignupSchema.safeParse(JSON.parse(text));
    return parsed.success ? { status: 'valid', data: parsed.data } : { status: 'invalid' };
  } catch {
    return { status: 'invalid' };
  }
}

export function clearPendingSignup(): void {
  try {
    window.localStorage.removeItem(PENDING_SIGNUP_KEY);
  } catch {
    // Storage may be blocked (private mode); there is then nothing to clear.
  }
}
