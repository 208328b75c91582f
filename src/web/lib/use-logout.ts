import { useMutation } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { apiRequest } from './api.ts';
import { queryClient } from './query-client.ts';
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
      await queryClient.invalidateQueries({ queryKey: ['/api/companies'], refetchType: 'none' });
      await queryClient.invalidateQueries({ queryKey: ['/api/auth/user'], refetchType: 'none' });
      await refreshUser();
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== '/api/auth/user' });
      // Only now, with the signed-out routes showing: going first would mount the dashboard again.
      navigate('/', { replace: true });
    },
    onError: () => {
      toast({ title: 'Failed to logout', variant: 'destructive' });
    },
  });
}
