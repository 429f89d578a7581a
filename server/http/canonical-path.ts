// One spelling per address. A path that a router, a URL parser or a library could read as another
// path than its text says (dot segments, percent-encoded letters, digits or separators, doubled
// slashes, backslashes) is answered 404 before any handler or guard runs, so that every guard
// sees the path that will really be executed (docs/decisions/016-guards-on-what-runs.md).
import type { FastifyInstance } from 'fastify';
import { notFound } from '#server/errors.ts';

const HEX = /^[0-9A-Fa-f]{2}$/;
/** Characters that must never be percent-encoded in a canonical path: unreserved ones and separators. */
const MUST_BE_LITERAL = /[A-Za-z0-9\-._~/\\]/;

/** True when `url` (path and optional query, as sent on the request line) is in canonical form. */
export function isCanonicalPath(url: string): boolean {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  if (!path.startsWith('/') || path.includes('//') || path.includes('\\')) return false;
  for (let i = path.indexOf('%'); i !== -1; i = path.indexOf('%', i + 1)) {
    const hex = path.slice(i + 1, i + 3);
    if (!HEX.test(hex)) return false;
    const code = Number.parseInt(hex, 16);
    if (code < 0x20 || code === 0x7f || MUST_BE_LITERAL.test(String.fromCharCode(code))) return false;
  }
  for (const segment of path.split('/')) {
    if (segment === '.' || segment === '..') return false;
  }
  return true;
}

export function installCanonicalPaths(app: FastifyInstance): void {
  // The first hook of all: nothing else has looked at the request yet.
  app.addHook('onRequest', (request, _reply, done) => {
    if (isCanonicalPath(request.raw.url ?? '')) return done();
    // Said by the error handler, in the caller's language.
    done(notFound());
  });
}
