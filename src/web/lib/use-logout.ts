import { useMutation } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { apiRequest } from './api.ts';
import { clearSessionCache, queryClient } from './query-client.ts';
import { queryKeys } from './query-keys.ts';
import { refreshUser } from './refresh-user.ts';
import { toast } from './toast.ts';

/**
 * Signs out (POST /api/auth/logout). Afterwards the user and companies caches are invalidated and
 * the user refetched, and what was fetched for the old session is dropped so the
 * next person at this browser never sees it.
 */
export function useLogout() {
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/auth/logout'),
    onSuccess: async () => {
      // Marked stale without fetching: a fetch now would answer 401 and show "logged out" as an error.
      await queryClient.invalidateQueries({ queryKey: queryKeys.companies, refetchType: 'none' });
      await queryClient.invalidateQueries({ queryKey: queryKeys.user, refetchType: 'none' });
      await refreshUser();
      clearSessionCache({ isSignedOut: true });
      // Only now, with the signed-out routes showing: going first would mount the dashboard again.
      navigate('/', { replace: true });
    },
    onError: () => {
      toast({ title: 'Failed to logout', variant: 'destructive' });
    },
  });
}
