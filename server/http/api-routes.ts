// How a feature's routes are written (README, "validate a request or shape a response"):
// `apiRoutes(tags, register)` is what server/features/index.ts lists; it hands `register` the
// app's router typed by the contract's zod schemas (requests validated, answers serialised by
// them), the app's dependencies and the feature's OpenAPI tags. A route names the error statuses
// it may answer with `errorAnswers(…)`, each `{ message, fields? }` (server/http/error-handler.ts).
// Who may call a route stays written in the route itself: `requireUser(deps.callers, request)` or
// `requireRole` (server/auth/current-user.ts), or nothing for a public one (tests/api/trust-routes.test.ts
// holds an access rule for every route).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, nonJsonBody } from '#contract/common.ts';
import type { CoreDeps } from '#server/core-deps.ts';

/** The app's router (or a scope of it: a route with its own body parser), its requests and answers typed by the contract's zod schemas. */
export const apiRouter = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();

export type ApiRouter = ReturnType<typeof apiRouter>;

/**
 * A feature's routes: `register` declares them on `r`, each with `tags` in its schema. `Deps`: what
 * they are built from, the core unless the feature declares more (server/app-deps.ts composes it).
 */
export function apiRoutes<Deps = CoreDeps>(tags: string[], register: (r: ApiRouter, deps: Deps, tags: string[]) => Promise<void> | void) {
  return async (app: FastifyInstance, deps: Deps): Promise<void> => register(apiRouter(app), deps, tags);
}

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 502 | 503;

/** The error answers of a route's `response`: `errorAnswers(401, 403)` is `{ 401: errorSchema, 403: errorSchema }`. */
export function errorAnswers<const S extends ErrorStatus>(...statuses: S[]): Record<S, typeof errorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorSchema])) as Record<S, typeof errorSchema>;
}

/**
 * The answers of a stored file sent by server/http/file-download.ts: the whole file, one byte
 * range of it, not modified since the validators the client sent, or a range past its end.
 */
export function downloadAnswers(mediaType: string, description: string) {
  return {
    200: nonJsonBody(mediaType, `${description}, with Accept-Ranges, ETag and Last-Modified`),
    206: nonJsonBody(mediaType, 'The byte range asked for with Range (and If-Range, when the file has not changed), as Content-Range says'),
    304: z.null().meta({ description: 'Not modified: the ETag of If-None-Match (or If-Modified-Since) still holds' }),
    416: errorSchema,
  };
}
