import { VERIFIED_LANDING } from '#contract/auth.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** better-auth's POST /api/auth/send-verification-email for the signed-in user's address (a page's action: browser or server). */
export async function resendVerification(email: string): Promise<void> {
  await apiRequest('/auth/send-verification-email', { method: 'POST', body: { email, callbackURL: VERIFIED_LANDING } });
}
