// Study materials: a title plus either an uploaded file (an image, a PDF or an office document) or an http(s) link,
// attached by a tutor to one of their approved sessions.
import { z } from 'zod';
import { pageOf, pageQuery, recordTimes } from './common.ts';

/**
 * Office documents a tutor may upload: Word, PowerPoint and Excel (Office Open XML) and their
 * OpenDocument counterparts, the types the server's sniffing (file-type) names from the bytes.
 * The older binary formats (.doc, .ppt, .xls) are not among them: their container is the one
 * Windows installers use too, and the bytes cannot tell them apart.
 */
export const MATERIAL_DOCUMENT_TYPES = [
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.presentation',
  'application/vnd.oasis.opendocument.spreadsheet',
] as const;
/** Files a tutor may upload, sniffed from the bytes on the server. */
export const MATERIAL_FILE_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif', ...MATERIAL_DOCUMENT_TYPES] as const;
/** The file field's `accept`: the types, and the extensions of the documents (a browser may not know their types). */
export const MATERIAL_FILE_ACCEPT = [...MATERIAL_FILE_TYPES, '.docx', '.pptx', '.xlsx', '.odt', '.odp', '.ods'].join(',');
export const MATERIAL_MAX_BYTES = 10 * 1024 * 1024;
/**
 * The longest file name a material's upload may carry, checked before anything reads it. File
 * systems keep names to 255 characters, so no real file comes near; shown and stored cut to 200.
 */
export const MATERIAL_FILE_NAME_MAX = 1000;

export const materialTitle = z.string().trim().min(1, 'errors.input.titleRequired').max(200, 'errors.input.titleTooLong');

export const materialLink = z
  .string()
  .trim()
  .max(2000, 'errors.input.linkTooLong')
  .pipe(z.url({ protocol: /^https?$/, error: 'errors.input.linkHttp' }));

export const materialSchema = z.object({
  id: z.string(),
  sessionId: z.string(),
  sessionTitle: z.string(),
  tutorId: z.string(),
  tutorName: z.string(),
  title: z.string(),
  kind: z.enum(['file', 'link']),
  /** For a link material; null for a file. */
  link: z.string().nullable(),
  /** For a file material: where the signed-in, allowed caller downloads it; null for a link. */
  fileUrl: z.string().nullable(),
  fileName: z.string().nullable(),
  mimeType: z.string().nullable(),
  fileSize: z.number().int().nullable(),
  ...recordTimes,
});
export type Material = z.infer<typeof materialSchema>;

export const materialPage = pageOf(materialSchema);
export type MaterialPage = z.infer<typeof materialPage>;

export const listMaterialsQuery = pageQuery.extend({
  sessionId: z.string().min(1).max(64).optional(),
});
export type ListMaterialsQuery = z.input<typeof listMaterialsQuery>;

/**
 * JSON form of POST /api/materials (a link). A file is sent instead as multipart/form-data with
 * the fields `sessionId`, `title` and `file`.
 */
export const createLinkMaterialBody = z.object({
  sessionId: z.string().min(1, 'errors.input.chooseSession').max(64),
  title: materialTitle,
  link: materialLink,
});
export type CreateLinkMaterialBody = z.infer<typeof createLinkMaterialBody>;

/** Text fields of the multipart form of POST /api/materials. */
export const createFileMaterialFields = z.object({
  sessionId: z.string().min(1, 'errors.input.chooseSession').max(64),
  title: materialTitle,
});

/**
 * JSON form of PUT /api/materials/{id}: a new title, and optionally a link replacing the
 * current file or link. Multipart instead: `title` and optionally `file` replacing it.
 */
export const updateMaterialBody = z.object({
  title: materialTitle,
  link: materialLink.optional(),
});
export type UpdateMaterialBody = z.infer<typeof updateMaterialBody>;

export const updateFileMaterialFields = z.object({ title: materialTitle });
