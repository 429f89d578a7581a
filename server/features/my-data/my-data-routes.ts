// "My data" (issue 23 item 1): GET /api/me/data (JSON) and /api/me/data.zip (with the files),
// DELETE /api/me (the caller's own, with their password); GET /api/users/{id}/data,
// DELETE /api/users/{id} (admins, for any other user).
// Rules in my-data-service.ts.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema, idParam, nonJsonBody } from '#contract/common.ts';
import { accountDeletedSchema, deleteMyAccountBody, myDataSchema, type MyData } from '#contract/my-data.ts';
import type { AppDeps } from '#server/app-deps.ts';
import { getCurrentUser, requireUser } from '#server/auth/current-user.ts';
import { myDataService } from './my-data-service.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/** A download named for the day, never kept by a cache. */
function asDownload(reply: FastifyReply, data: MyData): MyData {
  reply.header('content-disposition', `attachment; filename="studynest-data-${data.exportedAt.slice(0, 10)}.json"`);
  reply.header('cache-control', 'no-store');
  return data;
}

export async function myDataRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const myData = myDataService(deps);
  const tags = ['my data'];

  r.get('/api/me/data', {
    schema: { tags, summary: 'Everything StudyNest holds about the caller, as a JSON download', response: { 200: myDataSchema, 401: errorSchema, 404: errorSchema } },
  }, async (request, reply) => asDownload(reply, await myData.exportOwn(await requireUser(deps.auth, request), request.ip)));

  r.get('/api/me/data.zip', {
    schema: {
      tags,
      summary: 'Everything StudyNest holds about the caller and their uploaded files (photo, material files), as a ZIP download',
      response: { 200: nonJsonBody('application/zip', 'studynest-data.json (the document of GET /api/me/data) and files/…'), 401: errorSchema, 404: errorSchema, 413: errorSchema },
    },
  }, async (request, reply) => {
    const archive = await myData.exportArchiveOwn(await requireUser(deps.auth, request), request.ip);
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="${archive.filename}"`)
      .header('cache-control', 'no-store')
      .send(archive.zip);
  });

  r.delete('/api/me', {
    // Guessing a password through a stolen session is slowed down like sign-in is.
    config: {
      rateLimit: {
        keyGenerator: async (request: FastifyRequest) => `delete-me:${(await getCurrentUser(deps.auth, request))?.id ?? request.ip}`,
        max: 5,
        timeWindow: '15 minutes',
      },
    },
    schema: {
      tags,
      summary: "Delete the caller's account (asks for their password)",
      body: deleteMyAccountBody,
      response: { 200: accountDeletedSchema, ...errors, 429: errorSchema },
    },
  }, async (request) => myData.deleteOwn(await requireUser(deps.auth, request), request.body.password, request.ip));

  r.get('/api/users/:id/data', {
    schema: { tags, summary: "Everything StudyNest holds about a user, as a JSON download (admins; recorded)", params: idParam, response: { 200: myDataSchema, ...errors } },
  }, async (request, reply) => asDownload(reply, await myData.exportForAdmin(await requireUser(deps.auth, request), request.params.id, request.ip)));

  r.delete('/api/users/:id', {
    schema: { tags, summary: "Delete another user's account (admins; recorded)", params: idParam, response: { 200: accountDeletedSchema, ...errors } },
  }, async (request) => myData.deleteForAdmin(await requireUser(deps.auth, request), request.params.id, request.ip));
}
