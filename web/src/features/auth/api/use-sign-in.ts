import { useMutation } from '@tanstack/react-query';
import { authClient, unwrapAuthResult } from '#web/lib/auth-client.ts';

export type SignInInput = { email: string; password: string };

/**
 * Signs in with email and password. The page refetches ['me'] when it is ready to leave
 * (after the success popup), which is what moves the user on.
 */
export function useSignIn() {
  return useMutation({
    mutationFn: (input: SignInInput) => unwrapAuthResult(authClient.signIn.email(input)),
  });
}
