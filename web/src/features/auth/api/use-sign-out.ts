import { useMutation } from '@tanstack/react-query';

/**
 * Ends the session on the server. The caller resets the query cache afterwards (once it has
 * left pages that need a user), so that nothing cached for this user outlives the session.
 * The auth client is loaded on use: the navbar that offers Log out is on the home page, whose
 * JavaScript budget it would otherwise spend.
 */
export function useSignOut() {
  return useMutation({
    mutationFn: async () => {
      const { authClient, unwrapAuthResult } = await import('#web/lib/auth-client.ts');
      return unwrapAuthResult(authClient.signOut());
    },
  });
}
