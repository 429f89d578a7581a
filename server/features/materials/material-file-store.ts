// Material files: `materials/<random id>` in the file storage (DATA_DIR/materials/ or a bucket:
// server/storage/file-storage.ts), never under the user's file name and never served statically
// (only streamed through GET /api/materials/{id}/file, which checks who asks).
import { fileTypeFromBuffer } from 'file-type';
import { MATERIAL_FILE_TYPES } from '#contract/materials.ts';
import { badRequest } from '#server/errors.ts';
import { newId } from '#server/ids.ts';
import { downloadable, type DownloadableFile, type FileStorage, type OpenedObject } from '#server/storage/file-storage.ts';

const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ACCEPTED = new Set<string>(MATERIAL_FILE_TYPES);

export interface StoredFile {
  fileKey: string;
  mimeType: string;
  fileSize: number;
}

export function materialFileStore(files: FileStorage) {
  const keyOf = (key: string): string | null => (KEY.test(key) ? `materials/${key}` : null);

  return {
    /** Sniffs the type from the bytes (the name and the browser's type are not trusted), then stores. */
    async save(bytes: Buffer): Promise<StoredFile> {
      const type = await fileTypeFromBuffer(bytes);
      if (!type || !ACCEPTED.has(type.mime)) throw badRequest('errors.materials.fileType');
      const fileKey = newId();
      await files.put(keyOf(fileKey)!, bytes, { contentType: type.mime });
      return { fileKey, mimeType: type.mime, fileSize: bytes.length };
    },

    /** The file to stream with its size, or null when it is missing. */
    async open(key: string): Promise<OpenedObject | null> {
      const stored = keyOf(key);
      return stored ? files.get(stored) : null;
    },

    /** The file as a download (validators, byte ranges), or null for a key that is not one of ours. */
    download(key: string): DownloadableFile | null {
      const stored = keyOf(key);
      return stored ? downloadable(files, stored) : null;
    },

    /** Best effort: a file left behind is only wasted space, never a leak (nothing serves it). */
    async remove(key: string | null | undefined): Promise<void> {
      const stored = key ? keyOf(key) : null;
      if (stored) await files.remove(stored).catch(() => undefined);
    },
  };
}

export type MaterialFileStore = ReturnType<typeof materialFileStore>;
