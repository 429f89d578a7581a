import { useMutation } from '@tanstack/react-query';
import { authClient, unwrapAuthResult } from '#web/lib/auth-client.ts';

export type ChangePasswordInput = {
  currentPassword: string;
  newPassword: string;
  revokeOtherSessions: boolean;
};

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) =>
      unwrapAuthResult(authClient.changePassword(input)),
  });
}
