// Whose a profile photo is: its uploader's (recorded at upload), or, for a photo uploaded on the
// sign-up page before the account existed, the account whose sign-up names it first. Only its
// owner may make it their picture, so nobody can show (nor, by deleting their account, delete)
// someone else's photo. docs/decisions/036-startup-and-photo-ownership.md.
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import { badRequest } from '#server/errors.ts';
import type { FileStorage } from '#server/storage/file-storage.ts';
import { imageStore } from './image-store.ts';
import { UPLOAD_URL_PREFIX, uploadRepository } from './upload-repository.ts';

/** The stored photo's name in one of our photo URLs, or null for anything else (none, another site's). */
export function uploadNameOf(url: unknown): string | null {
  return typeof url === 'string' && url.startsWith(UPLOAD_URL_PREFIX) ? url.slice(UPLOAD_URL_PREFIX.length) : null;
}

/**
 * Lets `userId` show the picture `image`: nothing to check for no photo, a URL not ours, or the
 * picture they already show (a change of name only); else the photo becomes theirs if it may, and
 * 400 when it is someone else's or no upload at all. `executor`: the caller's transaction, if any.
 */
export async function claimPhoto(executor: Kysely<Database>, userId: string, image: unknown, current: string | null | undefined): Promise<void> {
  const name = uploadNameOf(image);
  if (name === null || image === current) return;
  if (!(await uploadRepository(executor).claim(name, userId))) throw badRequest('errors.uploads.notYours', { image: 'errors.uploads.notYours' });
}

/**
 * Removes the photo `url` that `formerOwnerId` no longer shows (their account was erased), unless
 * another account shows it or it is another's upload: a file some row still points at is never
 * deleted. Called after the commit that cleared their picture.
 */
export async function removePhotoNoLongerShown(deps: { kysely: Kysely<Database>; files: FileStorage }, url: string | null, formerOwnerId: string): Promise<void> {
  const name = uploadNameOf(url);
  if (name !== null && (await uploadRepository(deps.kysely).forgetUnused(name, formerOwnerId))) await imageStore(deps.files).remove(name);
}
