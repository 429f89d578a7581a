import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '#contract/common.ts';
import { uploadResultSchema } from '#contract/users.ts';
import type { AppDeps } from '#server/app-deps.ts';
import { getCurrentUser } from '#server/auth/current-user.ts';
import { AppError, badRequest, notFound } from '#server/errors.ts';
import { PHOTO_MAX_BYTES, imageStore } from './image-store.ts';

export async function uploadRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const store = imageStore(deps.config.dataDir);

  r.post('/api/uploads', {
    // Anonymous callers (the sign-up page) share a tighter budget than signed-in ones.
    config: {
      rateLimit: {
        max: (request: import('fastify').FastifyRequest) => (request.headers.cookie ? 60 : 10),
        timeWindow: '1 minute',
      },
    },
    schema: {
      tags: ['uploads'],
      summary: 'Upload a profile photo (multipart field "file", 2 MB max)',
      consumes: ['multipart/form-data'],
      response: { 201: uploadResultSchema, 400: errorSchema, 413: errorSchema, 429: errorSchema },
    },
  }, async (request, reply) => {
    void (await getCurrentUser(deps.auth, request));
    if (!request.isMultipart()) throw badRequest('Send the file as multipart/form-data in the field "file".');
    const file = await request.file({ limits: { fileSize: PHOTO_MAX_BYTES, files: 1 } });
    if (!file || file.fieldname !== 'file') throw badRequest('Choose an image to upload (field "file").');
    let bytes: Buffer;
    try {
      bytes = await file.toBuffer();
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'The image is larger than 2 MB.');
      throw err;
    }
    const url = await store.save(bytes);
    return reply.status(201).send({ url });
  });

  r.get('/api/uploads/:name', {
    schema: { tags: ['uploads'], summary: 'A stored profile photo', params: z.object({ name: z.string().max(100) }) },
  }, async (request, reply) => {
    const file = store.pathOf(request.params.name);
    if (!file) throw notFound('No such image.');
    try {
      await fs.promises.access(file);
    } catch {
      throw notFound('No such image.');
    }
    reply.header('Cache-Control', 'public, max-age=31536000, immutable');
    reply.type('image/webp');
    return reply.send(fs.createReadStream(file));
  });
}
