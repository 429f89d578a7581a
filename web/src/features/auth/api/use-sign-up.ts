import { useMutation } from '@tanstack/react-query';
import { authClient, unwrapAuthResult } from '#web/lib/auth-client.ts';

/** Roles anyone may choose at sign-up; admins are made by admins (PRODUCT.md §3). */
export type SignUpRole = 'student' | 'tutor';

export type SignUpInput = {
  name: string;
  email: string;
  password: string;
  role: SignUpRole;
  /** A URL returned by POST /api/uploads. */
  image?: string;
};

/** Creates the account and signs it in (the page refetches ['me'] afterwards). */
export function useSignUp() {
  return useMutation({
    mutationFn: (input: SignUpInput) => unwrapAuthResult(authClient.signUp.email(input)),
  });
}
