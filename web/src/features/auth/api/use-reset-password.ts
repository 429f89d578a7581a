import { useMutation } from '@tanstack/react-query';
import { authClient, unwrapAuthResult } from '#web/lib/auth-client.ts';

export type ResetPasswordInput = { token: string; newPassword: string };

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: ResetPasswordInput) => unwrapAuthResult(authClient.resetPassword(input)),
  });
}
