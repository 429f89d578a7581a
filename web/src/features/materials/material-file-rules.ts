import { MATERIAL_FILE_TYPES, MATERIAL_MAX_BYTES } from '#contract/materials.ts';

const ACCEPTED = new Set<string>(MATERIAL_FILE_TYPES);

/** Checked before uploading, to spare the wait; the server sniffs the bytes and decides. */
export function fileProblem(file: File): string | null {
  if (file.size > MATERIAL_MAX_BYTES) return 'The file is larger than 10 MB.';
  // A type the browser does not know (some systems name no office document) is left to the server.
  if (file.type && !ACCEPTED.has(file.type)) return 'The file must be an image, a PDF or an office document.';
  return null;
}
