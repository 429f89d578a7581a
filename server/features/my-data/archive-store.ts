// Archives of "Download my data" too large to build during a request (issue 23): built by a
// background job into DATA_DIR/exports/<user id>.<token>.zip, the link emailed, kept 7 days.
// The file name binds the archive to its owner: the download route looks it up under the
// signed-in caller's id only.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export const ARCHIVE_KEEP_MS = 7 * 24 * 60 * 60 * 1000;
const TOKEN = /^[A-Za-z0-9_-]{32}$/;
const USER_ID = /^[A-Za-z0-9-]{1,64}$/;

export function archiveStore(dataDir: string) {
  const dir = path.join(dataDir, 'exports');
  const fileOf = (userId: string, token: string) => (USER_ID.test(userId) && TOKEN.test(token) ? path.join(dir, `${userId}.${token}.zip`) : null);
  const names = async () => {
    try {
      return await fs.readdir(dir);
    } catch (error) {
      if ((error as { code?: string }).code === 'ENOENT') return [];
      throw error;
    }
  };

  return {
    /** Stores the archive; returns the token of its link. */
    async write(userId: string, zip: Buffer): Promise<string> {
      const token = randomBytes(24).toString('base64url');
      await fs.mkdir(dir, { recursive: true });
      await fs.writeFile(fileOf(userId, token)!, zip, { flag: 'wx' });
      return token;
    },

    /** The owner's archive of `token` if it is still kept at `now`, else null. */
    async read(userId: string, token: string, now: Date): Promise<Buffer | null> {
      const file = fileOf(userId, token);
      const stat = file ? await fs.stat(file).catch(() => null) : null;
      if (!file || !stat?.isFile() || now.getTime() - stat.mtime.getTime() > ARCHIVE_KEEP_MS) return null;
      return fs.readFile(file);
    },

    /** Every archive of a user (their account is deleted). */
    async removeOf(userId: string): Promise<void> {
      for (const name of await names()) if (name.startsWith(`${userId}.`)) await fs.rm(path.join(dir, name), { force: true });
    },

    /** Archives written before `before`; returns how many went. */
    async removeOlderThan(before: Date): Promise<number> {
      let removed = 0;
      for (const name of await names()) {
        const file = path.join(dir, name);
        const stat = await fs.stat(file).catch(() => null);
        if (stat?.isFile() && stat.mtime.getTime() < before.getTime()) {
          await fs.rm(file, { force: true });
          removed++;
        }
      }
      return removed;
    },
  };
}
