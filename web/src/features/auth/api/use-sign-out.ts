import { useMutation } from '@tanstack/react-query';
import { authClient, unwrapAuthResult } from '#web/lib/auth-client.ts';

/**
 * Ends the session on the server. The caller resets the query cache afterwards (once it has
 * left pages that need a user), so that nothing cached for this user outlives the session.
 */
export function useSignOut() {
  return useMutation({
    mutationFn: () => unwrapAuthResult(authClient.signOut()),
  });
}
