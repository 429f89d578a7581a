import { uploadResultSchema } from '#contract/users.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** Photos are limited to 2 MB by the server; checking first saves a useless upload. */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/** POST /api/uploads (multipart field `file`): returns the stored image's URL. */
export async function uploadImage(file: File): Promise<{ url: string }> {
  if (file.size > MAX_IMAGE_BYTES) throw new Error('The image must be 2 MB or smaller.');
  const form = new FormData();
  form.append('file', file);
  return uploadResultSchema.parse(
    await apiRequest<unknown>('/uploads', {
      method: 'POST',
      body: form,
      // Anonymous uploads are allowed on the register page; a 401 is not "session ended".
      redirectOnUnauthorized: false,
    }),
  );
}
