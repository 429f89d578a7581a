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
    async save(bytes: Buffer): Promise<string> {
      const type = await fileTypeFromBuffer(bytes);
      if (!type || !ACCEPTED.has(type.mime)) throw badRequest('The file is not an image (PNG, JPEG, WebP, GIF or AVIF).');
      let output: Buffer;
      // Loaded on the first upload: libvips adds ~25 MB of memory and start time to every process.
      const { default: sharp } = await import('sharp');
      try {
        output = await sharp(bytes, { limitInputPixels: 40_000_000 })
          .rotate()
          .resize(1024, 1024, { fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 82 })
          .toBuffer();
      } catch {
        throw badRequest('The image could not be read. Is the file damaged?');
      }
      const name = `${newId()}.webp`;
      await fs.mkdir(dir, { recursive: true });
      await fs.writeFile(path.join(dir, name), output);
      return `/api/uploads/${name}`;
    },
    /** Absolute path of a stored image, or null for a name that is not one of ours. */
    pathOf(name: string): string | null {
      return NAME.test(name) ? path.join(dir, name) : null;
    },
  };
}
