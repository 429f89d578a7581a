// The picture better-auth stores on an account (sign-up's `image`, update-user's) follows the
// same rule as PUT /api/user: only a photo of the account's own
// (server/features/uploads/photo-owner.ts, docs/decisions/036-startup-and-photo-ownership.md).
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import { claimPhoto, uploadNameOf } from '#server/features/uploads/public.ts';
import { newId } from '#server/ids.ts';
import { authRefusal } from './auth-answers.ts';

async function claimed(executor: Kysely<Database>, userId: string, image: unknown, current: string | null | undefined): Promise<void> {
  try {
    await claimPhoto(executor, userId, image, current);
  } catch (err) {
    throw err instanceof AppError ? authRefusal('BAD_REQUEST', 'INVALID_ACCOUNT_FIELD', err) : err;
  }
}

/**
 * A new account's fields with its id chosen now when it names one of our photos, which becomes
 * its own before the row is written (a photo uploaded on the sign-up page); refused when the
 * photo is someone else's.
 */
export async function withSignUpPhoto<T extends { image?: unknown; id?: unknown }>(executor: Kysely<Database>, user: T): Promise<T> {
  if (uploadNameOf(user.image) === null) return user;
  const id = typeof user.id === 'string' ? user.id : newId();
  await claimed(executor, id, user.image, null);
  return { ...user, id };
}

/** Refuses an update that would show another's photo; `session`: the caller's, as better-auth resolved it. */
export async function checkUpdatedPhoto(executor: Kysely<Database>, image: unknown, session: { user?: { id?: string; image?: string | null } } | null | undefined): Promise<void> {
  if (uploadNameOf(image) === null) return;
  const user = session?.user;
  // No caller: a server-side update, which never sets an uploaded photo.
  if (!user?.id) throw authRefusal('BAD_REQUEST', 'INVALID_ACCOUNT_FIELD', new AppError(400, 'errors.uploads.notYours'));
  await claimed(executor, user.id, image, user.image);
}
