// Materials: GET/POST /api/materials, PUT/DELETE /api/materials/{id}, GET /api/materials/{id}/file.
// Thin: parse (JSON or multipart), resolve the caller, call the service. Rules and
// permissions live in material-service.ts.
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idParam } from '#contract/common.ts';
import {
  MATERIAL_FILE_NAME_MAX,
  MATERIAL_MAX_BYTES,
  createFileMaterialFields,
  createLinkMaterialBody,
  listMaterialsQuery,
  materialPage,
  materialSchema,
  updateFileMaterialFields,
  updateMaterialBody,
} from '#contract/materials.ts';
import { requireUser } from '#server/auth/current-user.ts';
import { apiRoutes, downloadAnswers, errorAnswers } from '#server/http/api-routes.ts';
import { sendDownload } from '#server/http/file-download.ts';
import { AppError, badRequest, notFound } from '#server/errors.ts';
import { invalidRequest, issueProblem } from '#server/http/error-handler.ts';
import { assertMultipartBoundary, multipartReadError, multipartText } from '#server/http/multipart.ts';
import { contentDisposition } from './material-file-name.ts';
import { materialService, type UploadedFile } from './material-service.ts';

/** A file part of a multipart form (documentation only: the route reads it itself). */
const multipartFile = z.any().meta({ type: 'string', format: 'binary', description: 'An image or a PDF, 10 MB at most' });

const errors = errorAnswers(400, 401, 403, 404, 409, 413);

/** A multipart form's fields are checked here, not by the route's schema: refused in the same shape. */
function parseOr400<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw invalidRequest(result.error.issues.map((issue) => ({ field: issue.path.join('.') || 'body', problem: issueProblem(issue) })));
}

/** Reads a multipart form: its text fields and at most one file in the field "file". */
async function readMultipart(request: FastifyRequest): Promise<{ fields: Record<string, string>; file: UploadedFile | null }> {
  const fields: Record<string, string> = {};
  let file: UploadedFile | null = null;
  assertMultipartBoundary(request);
  try {
    for await (const part of request.parts({ limits: { fileSize: MATERIAL_MAX_BYTES, files: 1 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') throw badRequest('errors.materials.fileField');
        // Before anything reads the name (docs/decisions/037-input-sizes.md).
        if (part.filename.length > MATERIAL_FILE_NAME_MAX) {
          throw invalidRequest([{ field: 'file', problem: { key: 'errors.input.fileNameTooLong', values: { maximum: MATERIAL_FILE_NAME_MAX } } }]);
        }
        const bytes = await part.toBuffer();
        if (bytes.length > 0) file = { bytes, fileName: part.filename };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = multipartText(part.value);
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'errors.materials.tooLarge');
    throw multipartReadError(error);
  }
  return { fields, file };
}

export const materialRoutes = apiRoutes(['materials'], (r, deps, tags) => {
  const materials = materialService(deps);

  r.get('/api/materials', {
    schema: { tags, summary: "Materials: a tutor's own, a student's booked sessions', or all for admins", querystring: listMaterialsQuery, response: { 200: materialPage, ...errorAnswers(400, 401) } },
  }, async (request) => materials.list(await requireUser(deps.callers, request), request.query));

  r.post('/api/materials', {
    schema: {
      tags,
      summary: 'Add a material to an approved session of yours',
      description:
        'JSON `{ sessionId, title, link }` with an http(s) link, or multipart/form-data with the fields `sessionId`, `title` and `file` (an image or a PDF, 10 MB at most).',
      consumes: ['application/json', 'multipart/form-data'],
      'x-request-body': { 'application/json': createLinkMaterialBody, 'multipart/form-data': createFileMaterialFields.extend({ file: multipartFile }) },
      response: { 201: materialSchema, ...errors },
    },
  }, async (request, reply) => {
    const me = await requireUser(deps.callers, request);
    let created;
    if (request.isMultipart()) {
      const { fields, file } = await readMultipart(request);
      const body = parseOr400(createFileMaterialFields, fields);
      if (!file) throw invalidRequest([{ field: 'file', problem: { key: 'errors.materials.chooseFile' } }]);
      created = await materials.create(me, { ...body, content: { file } });
    } else {
      const body = parseOr400(createLinkMaterialBody, request.body ?? {});
      created = await materials.create(me, { sessionId: body.sessionId, title: body.title, content: { link: body.link } });
    }
    return reply.status(201).send(created);
  });

  r.put('/api/materials/:id', {
    schema: {
      tags,
      summary: 'Edit a material of yours: its title, and optionally a new link or file',
      description: 'JSON `{ title, link? }`, or multipart/form-data with `title` and optionally `file`.',
      consumes: ['application/json', 'multipart/form-data'],
      'x-request-body': { 'application/json': updateMaterialBody, 'multipart/form-data': updateFileMaterialFields.extend({ file: multipartFile.optional() }) },
      params: idParam,
      response: { 200: materialSchema, ...errors },
    },
  }, async (request) => {
    const me = await requireUser(deps.callers, request);
    if (request.isMultipart()) {
      const { fields, file } = await readMultipart(request);
      const body = parseOr400(updateFileMaterialFields, fields);
      return materials.update(me, request.params.id, { title: body.title, content: file ? { file } : null });
    }
    const body = parseOr400(updateMaterialBody, request.body ?? {});
    return materials.update(me, request.params.id, { title: body.title, content: body.link ? { link: body.link } : null });
  });

  r.delete('/api/materials/:id', {
    config: { adminAudit: 'material.removed' },
    schema: { tags, summary: 'Delete a material (its tutor, or an admin)', params: idParam, response: { 204: z.null(), ...errorAnswers(401, 403, 404) } },
  }, async (request, reply) => {
    const me = await requireUser(deps.callers, request);
    await materials.remove(me, request.params.id, request.ip);
    return reply.status(204).send(null);
  });

  r.get('/api/materials/:id/file', {
    schema: {
      tags,
      summary: "A material's file, for its tutor, students booked on its session and admins",
      params: idParam,
      // The bytes of the file (a stream is sent as is, not serialised).
      response: { ...downloadAnswers('application/octet-stream', 'The file (its own Content-Type: a PDF or an image)'), ...errorAnswers(401, 403, 404) },
    },
  }, async (request, reply) => {
    const me = await requireUser(deps.callers, request);
    const file = await materials.openFile(me, request.params.id);
    // Resumable and revalidated (server/http/file-download.ts); per user and never stored by a
    // cache (no-store), since access ends when the booking does.
    const sent = await sendDownload(request, reply, file.download, {
      'content-type': file.mimeType,
      'content-disposition': contentDisposition(file.fileName),
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    });
    if (!sent) throw notFound('errors.materials.fileMissing');
    return reply;
  });
});
