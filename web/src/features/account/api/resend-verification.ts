import { VERIFIED_LANDING } from '#contract/auth.ts';
import { authClient, unwrapAuthResult } from '#web/lib/auth-client.ts';

/** better-auth's POST /api/auth/send-verification-email for the signed-in user's address. */
export async function resendVerification(email: string): Promise<void> {
  await unwrapAuthResult(authClient.sendVerificationEmail({ email, callbackURL: VERIFIED_LANDING }));
}
