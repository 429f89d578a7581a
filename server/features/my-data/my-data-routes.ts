// "My data": GET /api/me/data (JSON) and /api/me/data.zip (with the files),
// DELETE /api/me (the caller's own, with their password) and GET /api/me/deletion (what it would
// do, asked first); GET /api/users/{id}/data,
// DELETE /api/users/{id} (admins, for any other user).
// Rules in my-data-service.ts.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, idParam, nonJsonBody } from '#contract/common.ts';
import { accountDeletedSchema, accountDeletionPreviewSchema, deleteMyAccountBody, myDataSchema, type MyData } from '#contract/my-data.ts';
import type { AppDeps } from '#server/app-deps.ts';
import { getCurrentUser, requireUser } from '#server/auth/current-user.ts';
import type { OpenedObject } from '#server/storage/file-storage.ts';
import { ExportsTooOften, myDataService } from './my-data-service.ts';
import { Readable } from 'node:stream';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/** Where a browser goes when its archive is built by a job (the settings page says the link is emailed). */
export const ARCHIVE_EMAILED_PAGE = '/dashboard/settings?export=emailed#my-data';

/**
 * Where a browser that followed the ZIP link goes when it asked too often: Settings says why and
 * when to come back, as a JSON caller reads it in the 429. The link is a plain page link, so
 * without this the visitor would see the refusal as raw JSON (or, before the app, as nothing else).
 */
export const tooOftenPage = (minutes: number) => `/dashboard/settings?export=too-often&minutes=${minutes}#my-data`;

/** A request the browser makes to show a page (a followed link), not a script's fetch. */
const isPageNavigation = (request: FastifyRequest) =>
  request.headers['sec-fetch-mode'] === 'navigate' || (!request.headers['sec-fetch-mode'] && /^text\/html\b/.test(String(request.headers.accept ?? '')));

function sendZip(reply: FastifyReply, filename: string, zip: Readable | OpenedObject) {
  if (!(zip instanceof Readable)) reply.header('content-length', zip.size);
  return reply.header('content-type', 'application/zip').header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'no-store').send(zip instanceof Readable ? zip : zip.stream);
}

/** An export refused for coming too often says when to come back (Retry-After), as any 429. */
async function withRetryAfter<T>(reply: FastifyReply, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ExportsTooOften) reply.header('retry-after', String(error.retryAfterSeconds));
    throw error;
  }
}

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
    schema: { tags, summary: 'Everything StudyNest holds about the caller, as a JSON download', response: { 200: myDataSchema, 401: errorSchema, 404: errorSchema, 429: errorSchema } },
  }, async (request, reply) => asDownload(reply, await withRetryAfter(reply, async () => myData.exportOwn(await requireUser(deps.auth, request), request.ip))));

  r.get('/api/me/data.zip', {
    schema: {
      tags,
      summary: 'Everything StudyNest holds about the caller and their uploaded files (photo, material files), as a ZIP download',
      response: {
        200: nonJsonBody('application/zip', 'studynest-data.json (the document of GET /api/me/data) and files/…'),
        // Files too large to read during a request: a job builds the archive and emails its link.
        303: z.null().meta({ description: 'The archive is being built; its link is emailed. Redirects to the settings page, which says so.' }),
        401: errorSchema,
        404: errorSchema,
        413: errorSchema,
        429: errorSchema,
      },
    },
  }, async (request, reply) => {
    const me = await requireUser(deps.auth, request);
    let archive;
    try {
      archive = await withRetryAfter(reply, () => myData.exportArchiveOwn(me, request.ip));
    } catch (error) {
      if (error instanceof ExportsTooOften && isPageNavigation(request)) return reply.header('cache-control', 'no-store').redirect(tooOftenPage(error.minutes), 303);
      throw error;
    }
    // Too large to build now: a job builds it and emails the link; Settings says so.
    if (archive.kind === 'emailed') return reply.header('cache-control', 'no-store').redirect(ARCHIVE_EMAILED_PAGE, 303);
    return sendZip(reply, archive.filename, archive.zip);
  });

  r.get('/api/me/data-exports/:file', {
    schema: {
      tags,
      summary: 'An archive of the caller\'s data prepared by a job, from the emailed link (owner only, 7 days)',
      params: z.object({ file: z.string().max(32 + '.zip'.length, 'errors.input.archiveName').regex(/^[A-Za-z0-9_-]{32}\.zip$/, 'errors.input.archiveName') }),
      response: { 200: nonJsonBody('application/zip', 'The archive, as GET /api/me/data.zip gives it'), 400: errorSchema, 401: errorSchema, 404: errorSchema },
    },
  }, async (request, reply) => {
    const zip = await myData.preparedArchive(await requireUser(deps.auth, request), request.params.file.slice(0, -'.zip'.length));
    return sendZip(reply, 'studynest-data.zip', zip);
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
  }, async (request) => myData.deleteOwn(await requireUser(deps.auth, request), request.body.password, request.ip, await request.callerLanguage()));

  r.get('/api/me/deletion', {
    schema: {
      tags,
      summary: "What deleting the caller's account would do to their bookings now (asked before they confirm)",
      response: { 200: accountDeletionPreviewSchema, 401: errorSchema, 404: errorSchema },
    },
  }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return myData.deletionPreviewOwn(await requireUser(deps.auth, request));
  });

  r.get('/api/users/:id/data', {
    config: { adminAudit: 'user.data_exported' },
    schema: { tags, summary: "Everything StudyNest holds about a user, as a JSON download (admins; recorded)", params: idParam, response: { 200: myDataSchema, ...errors } },
  }, async (request, reply) => asDownload(reply, await myData.exportForAdmin(await requireUser(deps.auth, request), request.params.id, request.ip)));

  r.delete('/api/users/:id', {
    config: { adminAudit: 'user.deleted' },
    schema: { tags, summary: "Delete another user's account (admins; recorded)", params: idParam, response: { 200: accountDeletedSchema, ...errors } },
  }, async (request) => myData.deleteForAdmin(await requireUser(deps.auth, request), request.params.id, request.ip, await request.callerLanguage()));
}
