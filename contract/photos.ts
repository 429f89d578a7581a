// Profile photos (PRODUCT.md §2 uploads): the limits the server enforces, said up front by the
// forms and checked there as soon as a file is chosen (issue 17), by the file's bytes, not its name.
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const PHOTO_LIMITS_TEXT = 'PNG, JPEG, WebP, GIF or AVIF, up to 2 MB.';

/** The image type the first bytes of a file show (as the server's sniffing does), or null for anything else. */
export function photoTypeOf(head: Uint8Array): string | null {
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  const ascii = (at: number, text: string) => [...text].every((ch, i) => head[at + i] === ch.charCodeAt(0));
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (ascii(0, 'GIF87a') || ascii(0, 'GIF89a')) return 'image/gif';
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'image/webp';
  if (ascii(4, 'ftyp') && (ascii(8, 'avif') || ascii(8, 'avis'))) return 'image/avif';
  return null;
}
