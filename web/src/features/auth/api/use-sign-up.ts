import { useMutation } from '@tanstack/react-query';
import { authClient, unwrapAuthResult } from '#web/lib/auth-client.ts';
import { useTranslator } from '#web/lib/i18n.ts';

/** Roles anyone may choose at sign-up; admins are made by admins. */
export type SignUpRole = 'student' | 'tutor';

export type SignUpInput = {
  name: string;
  email: string;
  password: string;
  role: SignUpRole;
  /** A URL returned by POST /api/uploads. */
  image?: string;
};

/**
 * Creates the account, then signs it in (the page refetches ['me'] afterwards). The server's
 * sign-up answer is the same whether or not the email already has an account (it never signs
 * in by itself, docs/decisions/007-passwords-and-no-account-enumeration.md), so signing in is a second call;
 * it fails only when the email was already taken, whose owner has been emailed.
 */
export function useSignUp() {
  const { t } = useTranslator();
  return useMutation({
    mutationFn: async (input: SignUpInput) => {
      await unwrapAuthResult(authClient.signUp.email(input));
      const signedIn = await authClient.signIn.email({ email: input.email, password: input.password });
      if (signedIn.error?.status === 401) {
        throw new Error(t('register.notCreated'));
      }
      if (signedIn.error) throw new Error(signedIn.error.message || t('register.somethingWrong'));
      return signedIn.data;
    },
  });
}
