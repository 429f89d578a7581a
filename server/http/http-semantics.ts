// What caches, proxies and HTTP clients expect of every answer:
//  - a compressed answer always says `Vary: Accept-Encoding`, whoever compressed it (the build's
//    .br/.gz files sent by @fastify/static, the page renderer, @fastify/compress), so that a
//    shared cache never hands Brotli to a client that did not ask for it;
//  - API answers (JSON, the OpenAPI document, the .ics) and the API docs' files are compressed
//    by @fastify/compress from 1 KB (Brotli quality 4, else gzip); what is already compressed is
//    left alone;
//  - the API docs' files (swagger-ui's bundle, not content-hashed) are cacheable for a day and
//    revalidated with their ETag after that;
//  - an answer @fastify/compress may compress says `Vary: Accept-Encoding` even when it was too
//    small to be (a cache must not reuse a small answer's absence of encoding for a larger one),
//    and an API answer, whose words follow Accept-Language and the `lang` cookie and whose
//    content follows the session cookie, says `Vary: Accept-Language, Cookie`; a photo
//    (immutable, the same for everyone) only the first (decision 055);
//  - a method an existing path does not take answers 405 with `Allow` (not 404), OPTIONS 204
//    with `Allow`; the pages' methods are their routes' (server/http/static-web.ts).
import compress, { type FastifyCompressOptions } from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';

type RouteCompressOptions = Exclude<RouteShorthandOptions['compress'], false | undefined>;
import { AppError } from '#server/errors.ts';

/** Below this a compressed body saves less than its headers and CPU cost. */
export const COMPRESS_THRESHOLD = 1024;

const DOCS_FILES = '/api/docs/static/';
export const DOCS_CACHE_CONTROL = 'public, max-age=86400';

function addVary(reply: FastifyReply, value: string): void {
  const current = reply.getHeader('vary');
  const list = (Array.isArray(current) ? current.join(',') : String(current ?? '')).split(',').map((v) => v.trim()).filter(Boolean);
  if (list.some((v) => v === '*' || v.toLowerCase() === value.toLowerCase())) return;
  reply.header('vary', [...list, value].join(', '));
}

const COMPRESS_OPTIONS = { global: true, globalDecompression: false, threshold: COMPRESS_THRESHOLD, encodings: ['br', 'gzip'] } satisfies FastifyCompressOptions;

/**
 * The pages' route's compression: as every route's, but a page (a buffered string, well under
 * this) is compressed in one call rather than streamed, so that it goes with a Content-Length
 * (and HEAD says the one GET sends) and no zlib stream is made per answer.
 */
export const PAGE_COMPRESSION = { threshold: COMPRESS_THRESHOLD, encodings: COMPRESS_OPTIONS.encodings, syncThreshold: 1024 * 1024 } satisfies RouteCompressOptions;

/** The types @fastify/compress compresses (its default test: text, JSON, XML, JavaScript, calendars). */
const COMPRESSIBLE = /^(?:text\/|application\/(?:json|xml|javascript|[\w.+-]*\+(?:json|xml)))/i;
const compressible = (reply: FastifyReply) => reply.statusCode !== 204 && reply.statusCode !== 304 && COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''));

/** Before any route is registered: the hooks apply to the routes added after them. */
export async function installHttpSemantics(app: FastifyInstance): Promise<void> {
  // Answers only: request bodies are taken as sent (a compressed body would be a way around the
  // body limits and the JSON depth guard, which read the bytes as they arrive).
  await app.register(compress, COMPRESS_OPTIONS);
  // Instance-level onSend hooks run before @fastify/compress's route-level one, which sets its
  // own Vary; this one covers bodies compressed before onSend (static files, rendered pages).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.getHeader('content-encoding') || compressible(reply)) addVary(reply, 'Accept-Encoding');
    if (request.url.startsWith('/api/') && !request.url.startsWith(DOCS_FILES) && !String(reply.getHeader('cache-control') ?? '').includes('immutable')) {
      addVary(reply, 'Accept-Language');
      addVary(reply, 'Cookie');
    }
    if (reply.statusCode === 200 && request.url.startsWith(DOCS_FILES)) reply.header('cache-control', DOCS_CACHE_CONTROL);
    done(null, payload);
  });
}

// OPTIONS too: a route that takes every method (GET /metrics) answers it itself.
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/**
 * The methods some route takes at this (canonical) path; none when no route matches it. The
 * pages' route `/*` (server/http/static-web.ts) is left out: a lookup without constraints never
 * finds it, and which paths are pages, and what each takes, static-web.ts says.
 */
export function allowedMethods(app: FastifyInstance, url: string): string[] {
  const path = url.split('?')[0] ?? '';
  return METHODS.filter((method) => app.findRoute({ method, url: path }) !== null);
}

/**
 * For the not-found handler, a method the path does not take: 405 with `Allow` (RFC 9110
 * §15.5.6), or for OPTIONS 204 with `Allow` (§9.3.7). The refusal to throw (said by the error
 * handler in the caller's language) or the reply sent; null when the path is no resource (404).
 */
export function answerOtherMethod(request: FastifyRequest, reply: FastifyReply, allowed: readonly string[]): AppError | FastifyReply | null {
  // A route that takes the method and found nothing (a file not there, a wrong token) sends its
  // request here: that is a 404, not a method refused.
  if (allowed.length === 0 || allowed.includes(request.method)) return null;
  reply.header('allow', allowed.join(', '));
  if (request.method === 'OPTIONS') return reply.status(204).send();
  return new AppError(405, { key: 'errors.http.methodNotAllowed', values: { method: request.method, allowed: allowed.join(', ') } });
}
