import { useMutation } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import type { AuthUser, LoginRequest } from '#shared/schemas/auth.ts';
import { apiRequest } from './api.ts';
import { clearSessionCache } from './query-client.ts';
import { refreshUser } from './refresh-user.ts';

/** Signs in (POST /api/auth/login), refetches the user and opens the dashboard. */
export function useLogin() {
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: (input: LoginRequest) => apiRequest<AuthUser>('POST', '/api/auth/login', input),
    onSuccess: async () => {
      // Nothing cached for a previous session may show through.
      clearSessionCache({ isSignedOut: false });
      await refreshUser();
      navigate('/', { replace: true });
    },
  });
}
