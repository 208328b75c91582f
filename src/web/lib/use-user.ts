import { useQuery } from '@tanstack/react-query';
import type { AuthUser } from '#shared/schemas/auth.ts';
import { getQueryFn } from './query-client.ts';
import { queryKeys } from './query-keys.ts';

/** The signed-in user with its company, or null when signed out. */
export function useUser() {
  const query = useQuery<AuthUser | null>({
    queryKey: queryKeys.user,
    queryFn: getQueryFn<AuthUser>({ on401: 'returnNull' }),
  });
  return {
    user: query.data ?? null,
    isLoading: query.isLoading,
    isAuthenticated: Boolean(query.data),
    error: query.error,
  };
}
