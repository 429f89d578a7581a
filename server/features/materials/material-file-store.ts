// Material files on disk: DATA_DIR/materials/<random id>, never under the user's file name and
// never served statically (only through GET /api/materials/{id}/file, which checks who asks).
import fs from 'node:fs';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { MATERIAL_FILE_TYPES } from '#contract/materials.ts';
import { badRequest } from '#server/errors.ts';
import { newId } from '#server/ids.ts';

const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ACCEPTED = new Set<string>(MATERIAL_FILE_TYPES);

export interface StoredFile {
  fileKey: string;
  mimeType: string;
  fileSize: number;
}

export function materialFileStore(dataDir: string) {
  const dir = path.join(dataDir, 'materials');
  const pathOf = (key: string): string | null => (KEY.test(key) ? path.join(dir, key) : null);

  return {
    /** Sniffs the type from the bytes (the name and the browser's type are not trusted), then stores. */
    async save(bytes: Buffer): Promise<StoredFile> {
      const type = await fileTypeFromBuffer(bytes);
      if (!type || !ACCEPTED.has(type.mime)) throw badRequest('The file must be an image (PNG, JPEG, WebP, GIF or AVIF) or a PDF.');
      const fileKey = newId();
      await fs.promises.mkdir(dir, { recursive: true });
      await fs.promises.writeFile(path.join(dir, fileKey), bytes, { flag: 'wx' });
      return { fileKey, mimeType: type.mime, fileSize: bytes.length };
    },

    /** The file to stream with its size, or null when it is missing on disk. */
    async open(key: string): Promise<{ stream: fs.ReadStream; size: number } | null> {
      const file = pathOf(key);
      if (!file) return null;
      try {
        const stat = await fs.promises.stat(file);
        return { stream: fs.createReadStream(file), size: stat.size };
      } catch {
        return null;
      }
    },

    /** Best effort: a file left behind is only wasted space, never a leak (nothing serves it). */
    async remove(key: string | null | undefined): Promise<void> {
      const file = key ? pathOf(key) : null;
      if (file) await fs.promises.rm(file, { force: true }).catch(() => undefined);
    },
  };
}

export type MaterialFileStore = ReturnType<typeof materialFileStore>;
