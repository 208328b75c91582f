import { queryClient } from './query-client.ts';
import { queryKeys } from './query-keys.ts';

/**
 * Fetches the signed-in user again after a login, logout or password change, and waits until the
 * app has rendered the result. React Query tells its observers on the next tick, so navigating
 * straight after the fetch would still land in the old set of routes (the signed-in dashboard
 * after a logout, say, or the redirect away from /login after a password change).
 */
export async function refreshUser(): Promise<void> {
  await queryClient.refetchQueries({ queryKey: queryKeys.user });
  await new Promise((resolve) => setTimeout(resolve, 0));
}
