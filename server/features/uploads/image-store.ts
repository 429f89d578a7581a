// Profile photos: the type is sniffed from the bytes, the image re-encoded (drops metadata
// and anything hidden after the pixels) and stored under a random name, as `uploads/<name>`
// in the file storage (the data folder or a bucket: server/storage/file-storage.ts).
import { fileTypeFromBuffer } from 'file-type';
import { badRequest } from '#server/errors.ts';
import { newId } from '#server/ids.ts';
import { downloadable, type DownloadableFile, type FileStorage } from '#server/storage/file-storage.ts';
import { isPhotoType } from '#contract/photos.ts';

// The limits the forms say up front and check on choosing (contract/photos.ts); the sniffing here is the authority.
export { PHOTO_MAX_BYTES } from '#contract/photos.ts';
const NAME = /^[A-Za-z0-9-]+\.webp$/;

export function imageStore(files: FileStorage) {
  const keyOf = (name: string): string | null => (NAME.test(name) ? `uploads/${name}` : null);
  return {
    /** The photo re-encoded as WebP under a new random name; 400 when it is not a readable image. */
    async encode(bytes: Buffer): Promise<{ name: string; webp: Buffer }> {
      const type = await fileTypeFromBuffer(bytes);
      if (!type || !isPhotoType(type.mime)) throw badRequest('errors.uploads.notImage');
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
        throw badRequest('errors.uploads.unreadable');
      }
      return { name: `${newId()}.webp`, webp };
    },

    async write(name: string, webp: Buffer): Promise<void> {
      const key = keyOf(name);
      if (!key) throw new Error(`Not a photo name: ${name}`);
      await files.put(key, webp, { contentType: 'image/webp' });
    },

    /** A stored photo as a download (validators, byte ranges), or null for a name that is not one of ours. */
    download(name: string): DownloadableFile | null {
      const key = keyOf(name);
      return key ? downloadable(files, key) : null;
    },

    /** A stored photo's size in bytes, or null when there is none. */
    async sizeOf(name: string): Promise<number | null> {
      const key = keyOf(name);
      return key ? ((await files.stat(key))?.size ?? null) : null;
    },

    /** Names of the stored images, with when each was written (none before the first upload). */
    async *stored(): AsyncIterable<{ name: string; modifiedAt: Date }> {
      for await (const object of files.list('uploads/')) {
        const name = object.key.slice('uploads/'.length);
        if (NAME.test(name)) yield { name, modifiedAt: object.modifiedAt };
      }
    },

    /** Idempotent: a file already gone is fine. */
    async remove(name: string): Promise<void> {
      const key = keyOf(name);
      if (key) await files.remove(key);
    },
  };
}

export type ImageStore = ReturnType<typeof imageStore>;
