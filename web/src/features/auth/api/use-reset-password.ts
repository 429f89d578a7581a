import { useMutation } from '@tanstack/react-query';
import { authClient, unwrapAuthResult } from '../../../lib/auth-client';

export type ResetPasswordInput = { token: string; newPassword: string };

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: ResetPasswordInput) => unwrapAuthResult(authClient.resetPassword(input)),
  });
}
