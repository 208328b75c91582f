import { useMutation } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { apiRequest } from './api.ts';
import { clearSessionCache } from './query-client.ts';
import { toast } from './toast.ts';

/**
 * Signs out (POST /api/auth/logout). Afterwards the user is null and what was fetched for the
 * old session is dropped, so the next person at this browser never sees it.
 */
export function useLogout() {
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/auth/logout'),
    onSuccess: () => {
      // Signed out for certain: the user is set to null without asking the server (which would
      // answer 401, an error in the console), and nothing else is fetched again.
      clearSessionCache({ isSignedOut: true });
      // Only now, with the signed-out routes showing: going first would mount the dashboard again.
      navigate('/', { replace: true });
    },
    onError: () => {
      toast({ title: 'Failed to logout', variant: 'destructive' });
    },
  });
}
