import { MATERIAL_MAX_BYTES } from '#contract/materials.ts';

/** Checked before uploading, to spare the wait; the server sniffs the bytes and decides. */
export function fileProblem(file: File): string | null {
  if (file.size > MATERIAL_MAX_BYTES) return 'The file is larger than 10 MB.';
  if (file.type && !file.type.startsWith('image/') && file.type !== 'application/pdf') return 'The file must be an image or a PDF.';
  return null;
}
