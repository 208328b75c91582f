import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { throwIfNotOk } from './api.ts';

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
