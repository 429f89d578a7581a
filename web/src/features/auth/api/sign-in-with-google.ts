import { authClient, unwrapAuthResult } from '#web/lib/auth-client.ts';

/**
 * Starts Google's OpenID Connect flow: better-auth answers with the provider's URL and the
 * client navigates there; the provider sends the browser back to `/` signed in.
 */
export async function signInWithGoogle(): Promise<void> {
  await unwrapAuthResult(authClient.signIn.social({ provider: 'google', callbackURL: '/' }));
}
