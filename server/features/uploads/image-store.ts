// Profile photos: the type is sniffed from the bytes, the image re-encoded (drops metadata
// and anything hidden after the pixels) and stored under a random name.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { badRequest } from '#server/errors.ts';
import { newId } from '#server/ids.ts';

export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
const ACCEPTED = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif']);
const NAME = /^[A-Za-z0-9-]+\.webp$/;

export function imageStore(dataDir: string) {
  const dir = path.join(dataDir, 'uploads');
  return {
    /** The photo re-encoded as WebP under a new random name; 400 when it is not a readable image. */
    async encode(bytes: Buffer): Promise<{ name: string; webp: Buffer }> {
      const type = await fileTypeFromBuffer(bytes);
      if (!type || !ACCEPTED.has(type.mime)) throw badRequest('The file is not an image (PNG, JPEG, WebP, GIF or AVIF).');
      let webp: Buffer;
      // Loaded on the first upload: libvips adds ~25 MB of memory and start time to every process.
      const { default: sharp } = await import('sharp');
      try {
        webp = await sharp(bytes, { limitInputPixels: 40_000_000 })
          .rotate()
          .resize(1024, 1024, { fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 82 })
          .toBuffer();
      } catch {
        throw badRequest('The image could not be read. Is the file damaged?');
      }
      return { name: `${newId()}.webp`, webp };
    },

    async write(name: string, webp: Buffer): Promise<void> {
      await fs.mkdir(dir, { recursive: true });
      await fs.writeFile(path.join(dir, name), webp, { flag: 'wx' });
    },

    /** Absolute path of a stored image, or null for a name that is not one of ours. */
    pathOf(name: string): string | null {
      return NAME.test(name) ? path.join(dir, name) : null;
    },

    /** Names of the stored images (none before the first upload). */
    async names(): Promise<string[]> {
      try {
        return (await fs.readdir(dir)).filter((name) => NAME.test(name));
      } catch (error) {
        if ((error as { code?: string }).code === 'ENOENT') return [];
        throw error;
      }
    },

    /** When a stored image was last written, or null when it is gone. */
    async modifiedAt(name: string): Promise<Date | null> {
      const file = NAME.test(name) ? path.join(dir, name) : null;
      const stat = file ? await fs.stat(file).catch(() => null) : null;
      return stat?.isFile() ? stat.mtime : null;
    },

    /** Idempotent: a file already gone is fine. */
    async remove(name: string): Promise<void> {
      const file = NAME.test(name) ? path.join(dir, name) : null;
      if (file) await fs.rm(file, { force: true });
    },
  };
}

export type ImageStore = ReturnType<typeof imageStore>;
