import { materialSchema, type Material } from '#contract/materials.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { apiUpload } from '#web/lib/api-upload.ts';

/** A new title, and optionally a link or a file replacing the current content. */
export type UpdateMaterialInput = { id: string; title: string; link?: string; file?: File };

/** PUT /api/materials/{id} (the owning tutor): JSON, or multipart when a new file is sent. */
export async function updateMaterial(input: UpdateMaterialInput, onProgress?: (fraction: number) => void): Promise<Material> {
  const path = `/materials/${encodeURIComponent(input.id)}`;
  if (input.file) {
    const form = new FormData();
    form.append('title', input.title);
    form.append('file', input.file);
    return materialSchema.parse(await apiUpload<unknown>(path, form, { method: 'PUT', onProgress }));
  }
  const body = input.link ? { title: input.title, link: input.link } : { title: input.title };
  return materialSchema.parse(await apiRequest<unknown>(path, { method: 'PUT', body }));
}
