// ADMIN_EMAIL names the address whose owner is the admin. Whoever first signs up with an address
// has not shown that it is theirs, so the role comes only once the address is verified: at start
// (an account that already proved it), when its owner opens the verification link, and at sign-in
// (an address Google said it verified). Never at sign-up: a new account with that address (the
// admin's deleted, or never made) stays what it asked to be until its owner proves the address.
// docs/decisions/035-verified-admin-and-reserved-addresses.md.
import type { Db } from '#server/db/database.ts';
import { authRepository } from './auth-repository.ts';

/** Makes the account with `email` an admin if its address is verified (`userId`: only if it is that account); whether it changed. */
export async function promoteAdminEmail(db: Db, email: string, userId?: string): Promise<boolean> {
  return authRepository(db.kysely, db.dialect).promoteVerified(email, userId);
}
