// Files under the data folder: the key is the path (DATA_DIR/uploads/…, DATA_DIR/materials/…).
// Written to a temporary name and renamed, so a reader or a crash never sees half a file.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertKey, type FileStorage, type StoredObject } from './file-storage.ts';

const PARTIAL = '.partial';
const isMissing = (error: unknown) => (error as { code?: string }).code === 'ENOENT';
/** As nginx makes it: a file rewritten (renamed into place) gets a new mtime, so a new tag. */
const etagOf = (stat: fs.Stats) => `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;

export function diskStorage(root: string): FileStorage {
  const fileOf = (key: string) => {
    assertKey(key);
    return path.join(root, key);
  };

  const stat = async (key: string): Promise<StoredObject | null> => {
    const found = await fs.promises.stat(fileOf(key)).catch((error: unknown) => {
      if (isMissing(error)) return null;
      throw error;
    });
    return found?.isFile() ? { key, size: found.size, modifiedAt: found.mtime, etag: etagOf(found) } : null;
  };

  return {
    description: `disk (${root})`,

    async put(key, body) {
      const file = fileOf(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      const partial = `${file}.${randomBytes(6).toString('hex')}${PARTIAL}`;
      try {
        await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, fs.createWriteStream(partial, { flags: 'wx' }));
        await fs.promises.rename(partial, file);
      } catch (error) {
        await fs.promises.rm(partial, { force: true });
        throw error;
      }
    },

    async get(key, range) {
      const file = fileOf(key);
      try {
        // Opened first and read through the same descriptor: a file renamed over this one meanwhile
        // cannot mix its bytes with the size and tag given here.
        const handle = await fs.promises.open(file, 'r');
        const stat = await handle.stat().catch(async (error: unknown) => {
          await handle.close();
          throw error;
        });
        if (!stat.isFile()) {
          await handle.close();
          return null;
        }
        const stream = handle.createReadStream(range ? { start: range.start, end: range.end } : {});
        return { stream, size: stat.size, modifiedAt: stat.mtime, etag: etagOf(stat) };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    stat,

    async *list(prefix) {
      // `uploads/` lists a folder; `exports/<user id>.` the names in it that start so.
      const slash = prefix.lastIndexOf('/');
      const folder = prefix.slice(0, slash);
      const start = prefix.slice(slash + 1);
      let names: string[];
      try {
        names = await fs.promises.readdir(path.join(root, folder));
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
      for (const name of names.sort()) {
        if (!name.startsWith(start) || name.endsWith(PARTIAL)) continue;
        let found: StoredObject | null = null;
        try {
          found = await stat(`${folder}/${name}`);
        } catch {
          continue; // not a name of ours
        }
        if (found) yield found;
      }
    },

    async remove(key) {
      await fs.promises.rm(fileOf(key), { force: true });
    },
  };
}
