// Archives of "Download my data" too large to build during a request: built by a
// background job into `exports/<user id>.<token>.zip` of the file storage (DATA_DIR/exports/ or
// a bucket), the link emailed, kept 7 days.
// The file name binds the archive to its owner: the download route looks it up under the
// signed-in caller's id only.
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FileStorage, OpenedObject } from '#server/storage/file-storage.ts';

export const ARCHIVE_KEEP_MS = 7 * 24 * 60 * 60 * 1000;
const TOKEN = /^[A-Za-z0-9_-]{32}$/;
const USER_ID = /^[A-Za-z0-9-]{1,64}$/;
const PREFIX = 'exports/';

export function archiveStore(files: FileStorage) {
  const keyOf = (userId: string, token: string) => (USER_ID.test(userId) && TOKEN.test(token) ? `${PREFIX}${userId}.${token}.zip` : null);

  return {
    /**
     * Stores the archive and removes the user's earlier ones: one archive per account, the last
     * (an earlier link then answers 404); returns the token of its link.
     */
    async write(userId: string, zip: Buffer | Readable): Promise<string> {
      const token = randomBytes(24).toString('base64url');
      const key = keyOf(userId, token)!;
      await files.put(key, zip, { contentType: 'application/zip' });
      for await (const object of files.list(`${PREFIX}${userId}.`)) if (object.key !== key) await files.remove(object.key);
      return token;
    },

    /** The owner's archive of `token`, to stream, if it is still kept at `now`; else null. */
    async open(userId: string, token: string, now: Date): Promise<OpenedObject | null> {
      const key = keyOf(userId, token);
      const stat = key ? await files.stat(key) : null;
      if (!key || !stat || now.getTime() - stat.modifiedAt.getTime() > ARCHIVE_KEEP_MS) return null;
      return files.get(key);
    },

    /** Every archive of a user (their account is deleted). */
    async removeOf(userId: string): Promise<void> {
      for await (const object of files.list(`${PREFIX}${userId}.`)) await files.remove(object.key);
    },

    /** Archives written before `before`; returns how many went. */
    async removeOlderThan(before: Date): Promise<number> {
      let removed = 0;
      for await (const object of files.list(PREFIX)) {
        if (object.modifiedAt.getTime() < before.getTime()) {
          await files.remove(object.key);
          removed++;
        }
      }
      return removed;
    },
  };
}
