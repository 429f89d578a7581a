import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '#contract/common.ts';
import { uploadResultSchema } from '#contract/users.ts';
import type { CoreDeps } from '#server/core-deps.ts';
import { AppError, badRequest, notFound } from '#server/errors.ts';
import { downloadAnswers } from '#server/http/api-routes.ts';
import { sendDownload } from '#server/http/file-download.ts';
import { assertMultipartBoundary, multipartReadError } from '#server/http/multipart.ts';
import { PHOTO_MAX_BYTES, imageStore } from './image-store.ts';
import { UPLOAD_URL_PREFIX, uploadRepository } from './upload-repository.ts';

export async function uploadRoutes(app: FastifyInstance, deps: CoreDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const store = imageStore(deps.files);
  const uploads = uploadRepository(deps.db.kysely);

  r.post('/api/uploads', {
    // Anonymous callers (the sign-up page) share a tighter budget than signed-in ones. The
    // budget is chosen by who the caller is (a real session) or else its address (request.ip:
    // only TRUST_PROXY hops are believed), never by what a header merely says.
    config: {
      rateLimit: {
        keyGenerator: async (request: FastifyRequest) => {
          const me = await deps.callers.current(request);
          return me ? `user:${me.id}` : `ip:${request.ip}`;
        },
        max: (_request: FastifyRequest, key: string) => (key.startsWith('user:') ? 60 : 10),
        timeWindow: '1 minute',
      },
    },
    schema: {
      tags: ['uploads'],
      summary: 'Upload a profile photo (multipart field "file", 2 MB max)',
      consumes: ['multipart/form-data'],
      'x-request-body': { 'multipart/form-data': z.object({ file: z.any().meta({ type: 'string', format: 'binary', description: 'A PNG, JPEG, WebP, GIF or AVIF image, 2 MB at most' }) }) },
      response: { 201: uploadResultSchema, 400: errorSchema, 413: errorSchema, 429: errorSchema },
    },
  }, async (request, reply) => {
    if (!request.isMultipart()) throw badRequest('errors.uploads.multipart');
    assertMultipartBoundary(request);
    let bytes: Buffer;
    try {
      const file = await request.file({ limits: { fileSize: PHOTO_MAX_BYTES, files: 1 } });
      if (!file || file.fieldname !== 'file') throw badRequest('errors.uploads.chooseImage');
      bytes = await file.toBuffer();
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'errors.uploads.tooLarge');
      throw multipartReadError(err);
    }
    const { name, webp } = await store.encode(bytes);
    // Recorded before it is written: a stored file always has its record, and a photo nobody
    // uses is removed a day later (upload-cleanup.ts).
    // Its owner is the signed-in uploader; the sign-up page's upload has none until that sign-up (photo-owner.ts).
    const uploader = await deps.callers.current(request);
    await uploads.record(name, deps.now().toISOString(), uploader?.id ?? null);
    try {
      await store.write(name, webp);
    } catch (err) {
      await uploads.forget(name).catch(() => undefined);
      throw err;
    }
    return reply.status(201).send({ url: `${UPLOAD_URL_PREFIX}${name}` });
  });

  r.get('/api/uploads/:name', {
    schema: { tags: ['uploads'], summary: 'A stored profile photo', params: z.object({ name: z.string().max(100) }), response: { ...downloadAnswers('image/webp', 'The photo (WebP)'), 404: errorSchema } },
  }, async (request, reply) => {
    const photo = store.download(request.params.name);
    const sent = photo !== null && (await sendDownload(request, reply, photo, { 'content-type': 'image/webp', 'cache-control': 'public, max-age=31536000, immutable' }));
    if (!sent) throw notFound('errors.uploads.noImage');
    return reply;
  });
}
