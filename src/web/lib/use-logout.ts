import { useMutation } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { apiRequest, queryClient } from './api.ts';
import { toast } from './toast.ts';

/**
 * Signs out (POST /api/auth/logout). Afterwards the user and companies caches are invalidated and
 * the user refetched (spec section 4), and what was fetched for the old session is dropped so the
 * next person at this browser never sees it.
 */
export function useLogout() {
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/auth/logout'),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['/api/auth/user'] });
      await queryClient.invalidateQueries({ queryKey: ['/api/companies'] });
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== '/api/auth/user' });
      // Only now, with the user gone from the cache: going first would mount the dashboard again.
      navigate('/', { replace: true });
    },
    onError: () => {
      toast({ title: 'Failed to logout', variant: 'destructive' });
    },
  });
}
