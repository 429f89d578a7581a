// Moves every stored file from one storage to another (`npm run storage -- to-s3|to-disk`, and
// restore with a bucket): each object is streamed across, checked by size, and only then removed
// from where it was. Idempotent: run it again after an interruption and it goes on.
import { STORAGE_PREFIXES, type FileStorage } from './file-storage.ts';

export interface MoveResult {
  moved: number;
  bytes: number;
}

/** The Content-Type stored with a moved object (routes send the type they know; this is for people browsing the bucket). */
function contentTypeOf(key: string): string {
  if (key.startsWith('uploads/')) return 'image/webp';
  if (key.startsWith('exports/')) return 'application/zip';
  return 'application/octet-stream';
}

export async function moveFiles(from: FileStorage, to: FileStorage, options: { keepSource?: boolean; onFile?: (key: string, size: number) => void } = {}): Promise<MoveResult> {
  let moved = 0;
  let bytes = 0;
  for (const prefix of STORAGE_PREFIXES) {
    // Listed first: removing while a bucket's listing pages on would skip objects.
    const objects = [];
    for await (const object of from.list(prefix)) objects.push(object);
    for (const object of objects) {
      const opened = await from.get(object.key);
      if (!opened) continue; // removed meanwhile
      await to.put(object.key, opened.stream, { contentType: contentTypeOf(object.key) });
      const copied = await to.stat(object.key);
      if (copied?.size !== opened.size) throw new Error(`${object.key}: ${opened.size} bytes read but ${copied?.size ?? 'none'} stored in ${to.description}; nothing was removed from ${from.description}.`);
      if (!options.keepSource) await from.remove(object.key);
      moved++;
      bytes += opened.size;
      options.onFile?.(object.key, opened.size);
    }
  }
  return { moved, bytes };
}
