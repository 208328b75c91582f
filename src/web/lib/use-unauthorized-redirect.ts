import { useCallback, useEffect } from 'react';
import { useLocation } from 'wouter';
import { isUnauthorizedError } from './api.ts';
import { clearSessionCache } from './query-client.ts';
import { toast } from './toast.ts';

/** The spec's delay between the "logged out" toast and the redirect. */
export const UNAUTHORIZED_REDIRECT_DELAY_MS = 500;

let isRedirecting = false;

/**
 * Handles an error from a call that needs a session: when it is a 401
 * "Unauthorized", shows 'Unauthorized: You are logged out. Logging in again...' and after 500 ms
 * goes to `/` as a signed-out visitor. Answers whether it handled the error, so callers show their
 * own message otherwise:
 *
 *   onError: (error) => { if (!redirectIfUnauthorized(error)) toast({ title: 'Failed to …' }) }
 */
export function useUnauthorizedRedirect(): (error: unknown) => boolean {
  const [, navigate] = useLocation();
  return useCallback(
    (error: unknown) => {
      if (!isUnauthorizedError(error)) return false;
      // Several queries of one screen can fail together: one toast, one redirect.
      if (isRedirecting) return true;
      isRedirecting = true;
      toast({
        title: 'Unauthorized',
        description: 'You are logged out. Logging in again...',
        variant: 'destructive',
      });
      setTimeout(() => {
        // Forget the signed-in user and everything fetched for them, so `/` shows the signed-out app.
        clearSessionCache({ isSignedOut: true });
        navigate('/', { replace: true });
        isRedirecting = false;
      }, UNAUTHORIZED_REDIRECT_DELAY_MS);
      return true;
    },
    [navigate],
  );
}

/** The same for a query's error: `useRedirectWhenUnauthorized(query.error)`. */
export function useRedirectWhenUnauthorized(error: unknown): void {
  const redirectIfUnauthorized = useUnauthorizedRedirect();
  useEffect(() => {
    if (error) redirectIfUnauthorized(error);
  }, [error, redirectIfUnauthorized]);
}
