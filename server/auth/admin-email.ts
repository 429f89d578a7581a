// ADMIN_EMAIL names the address whose owner is the admin. The role goes only to a credential the
// mailbox's owner set: a password chosen through a reset link emailed to that address (the reset
// replaces any earlier password and signs every session out), or a Google sign-in whose ID token
// says Google verified the address, on an account with no password (a password set at sign-up
// may be whoever signed up first: "account pre-hijacking"). Never at sign-up, never at a password
// sign-in, never merely because the address is verified: instead the owner is emailed a link to
// set the password, when the address is verified and at start.
// docs/decisions/035-verified-admin-and-reserved-addresses.md.
import type { Db } from '#server/db/database.ts';
import { authRepository } from './auth-repository.ts';

/** Makes `userId` an admin if it is the account of `email` and its address is verified; whether it changed. */
export async function promoteAdminEmail(db: Db, email: string, userId: string): Promise<boolean> {
  return authRepository(db.kysely).promoteVerified(email, userId);
}

/**
 * After a Google sign-in of `userId`: the admin if the ID token Google just gave says it verified
 * ADMIN_EMAIL's address and the account has no password someone else may have set.
 */
export async function promoteByGoogle(db: Db, email: string, userId: string): Promise<boolean> {
  const repository = authRepository(db.kysely);
  const claims = idTokenClaims(await repository.providerIdToken(userId, 'google'));
  if (claims?.email_verified !== true || typeof claims.email !== 'string' || claims.email.toLowerCase() !== email) return false;
  if (await repository.hasPassword(userId)) return false;
  return repository.promoteVerified(email, userId);
}

/**
 * ADMIN_EMAIL's account is verified but not admin: emails its owner the link that sets the
 * password (and with it the role), unless such a link is still open. `sendLink` is better-auth's
 * password reset request, whose email says what the link is for (auth.ts).
 */
export async function offerAdminPassword(db: Db, email: string, now: Date, sendLink: (email: string) => Promise<unknown>): Promise<boolean> {
  const repository = authRepository(db.kysely);
  const userId = await repository.verifiedNonAdminId(email);
  if (userId === undefined || (await repository.hasOpenResetLink(userId, now))) return false;
  await sendLink(email);
  return true;
}

/** The claims of a stored ID token: the server got it from the provider's token endpoint itself, over TLS (OpenID Connect Core 3.1.3.7). */
function idTokenClaims(idToken: string | null): Record<string, unknown> | null {
  const payload = idToken?.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return claims !== null && typeof claims === 'object' ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
