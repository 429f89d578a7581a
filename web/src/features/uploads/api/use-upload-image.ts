import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Photos are limited to 2 MB by the server; checking first saves a useless upload. */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

export type UploadResult = { url: string };

export async function uploadImage(file: File): Promise<UploadResult> {
  if (file.size > MAX_IMAGE_BYTES) throw new Error('The image must be 2 MB or smaller.');
  const form = new FormData();
  form.append('file', file);
  return apiRequest<UploadResult>('/uploads', { method: 'POST', body: form });
}

export function useUploadImage() {
  return useMutation({ mutationFn: uploadImage });
}
