import { authClient, unwrapAuthResult } from '#web/lib/auth-client.ts';

/** Where the verification link lands: the dashboard, which then says the address is verified. */
export const VERIFIED_LANDING = '/dashboard?verified=1';

/** better-auth's POST /api/auth/send-verification-email for the signed-in user's address. */
export async function resendVerification(email: string): Promise<void> {
  await unwrapAuthResult(authClient.sendVerificationEmail({ email, callbackURL: VERIFIED_LANDING }));
}
