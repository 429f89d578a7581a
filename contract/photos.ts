// Profile photos: the limits the server enforces, said up front by the
// forms and checked there as soon as a file is chosen. The server's sniffing of the
// file's bytes (server/features/uploads/image-store.ts) is the authority; the browser checks
// the same rule on choosing: the size, the type, and that it decodes as an image.
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
/** The image types a photo may be (the forms' `accept`, the server's sniffed type). */
export const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif'] as const;
/** The limit as the forms say it. */
export const PHOTO_MAX_MEGABYTES = PHOTO_MAX_BYTES / (1024 * 1024);

export function isPhotoType(type: string): boolean {
  return (PHOTO_TYPES as readonly string[]).includes(type);
}
