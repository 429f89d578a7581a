import { materialSchema, type Material } from '#contract/materials.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { apiUpload } from '#web/lib/api-upload.ts';

export type CreateMaterialInput = { sessionId: string; title: string } & ({ link: string } | { file: File });

/**
 * POST /api/materials: a link as JSON, or a file as multipart with upload progress
 * (`onProgress` gets 0…1).
 */
export async function createMaterial(input: CreateMaterialInput, onProgress?: (fraction: number) => void): Promise<Material> {
  if ('link' in input) {
    return materialSchema.parse(await apiRequest<unknown>('/materials', { method: 'POST', body: input }));
  }
  const form = new FormData();
  form.append('sessionId', input.sessionId);
  form.append('title', input.title);
  form.append('file', input.file);
  return materialSchema.parse(await apiUpload<unknown>('/materials', form, { onProgress }));
}
