import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { throwIfNotOk } from './api.ts';
import { queryKeys } from './query-keys.ts';

// Apart from api.ts so that the public chat, which fetches with apiRequest alone, does not load
// TanStack Query.

type UnauthorizedBehavior = 'returnNull' | 'throw';

/** The default query: the first element of the query key is the URL. */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    const response = await fetch(queryKey[0] as string, { credentials: 'include' });
    if (on401 === 'returnNull' && response.status === 401) return null;
    await throwIfNotOk(response);
    return (await response.json()) as T;
  };
}

/** The signed-in app's cache: every query's URL is its key, fetched once and kept. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: 'throw' }),
      staleTime: Number.POSITIVE_INFINITY,
      refetchInterval: false,
      refetchOnWindowFocus: false,
      retry: false,
    },
    mutations: { retry: false },
  },
});

/**
 * Forgets everything fetched for the session, so that the next person at this browser never sees
 * it: on login, logout, the redirect after a 401 and account closure. With `isSignedOut` the user
 * query holds null at once (no fetch that would answer 401); otherwise it is left for a refetch.
 */
export function clearSessionCache({ isSignedOut }: { isSignedOut: boolean }): void {
  if (isSignedOut) queryClient.setQueryData(queryKeys.user, null);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.user[0] });
}
