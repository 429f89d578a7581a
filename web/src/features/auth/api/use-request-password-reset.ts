import { useMutation } from '@tanstack/react-query';
import { authClient, unwrapAuthResult } from '#web/lib/auth-client.ts';

/** Emails a link to /reset-password?token=… */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) =>
      unwrapAuthResult(authClient.requestPasswordReset({ email, redirectTo: '/reset-password' })),
  });
}
