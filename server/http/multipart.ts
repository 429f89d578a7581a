// Reading multipart bodies (uploads and materials): what goes wrong while reading is the
// client's doing — no boundary, a body cut short, a malformed part header, too many parts — and
// answers 4xx with a sentence. @fastify/multipart passes busboy's errors on as plain Errors (no
// status), which would otherwise be answered as a 500.
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '#server/errors.ts';

export const UNREADABLE_MULTIPART = 'errors.http.multipartUnreadable';

/** RFC 2046 §5.1.1: 1 to 70 characters, quoted or not. */
const BOUNDARY = /;\s*boundary=(?:"[^"]{1,70}"|[^\s;"]{1,70})\s*(?:;|$)/i;

/** 400 for a multipart request whose Content-Type names no usable boundary (busboy would find no parts, or throw). */
export function assertMultipartBoundary(request: FastifyRequest): void {
  if (!BOUNDARY.test(request.headers['content-type'] ?? '')) throw badRequest(UNREADABLE_MULTIPART);
}

/**
 * A multipart form's text field as a route may read it: a NUL character is refused (400), as the
 * JSON body parser refuses it in any JSON string (server/http/json-body.ts,
 * docs/decisions/037-input-sizes.md): PostgreSQL text cannot hold one, SQLite would keep it.
 */
export function multipartText(value: string): string {
  if (value.includes('\u0000')) throw new AppError(400, 'errors.http.unstorableText');
  return value;
}

const KNOWN: Record<string, () => AppError> = {
  FST_PARTS_LIMIT: () => new AppError(413, 'errors.http.tooManyFields'),
  FST_FIELDS_LIMIT: () => new AppError(413, 'errors.http.tooManyFields'),
  FST_FILES_LIMIT: () => new AppError(413, 'errors.http.oneFile'),
  FST_PROTO_VIOLATION: () => badRequest('errors.http.fieldName'),
  FST_INVALID_JSON_FIELD_ERROR: () => badRequest('errors.http.jsonField'),
};

/**
 * The error to throw for `error`, raised while reading a multipart body: our own refusals as they
 * are, @fastify/multipart's limits as a sentence, anything else a 400. A file over its size
 * limit (FST_REQ_FILE_TOO_LARGE) is passed on for the route to name its limit. Only for code that
 * reads the body: a failure after it (disk, database) is not the client's.
 */
export function multipartReadError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return error;
  const known = typeof code === 'string' ? KNOWN[code] : undefined;
  if (known) return known();
  return badRequest(UNREADABLE_MULTIPART);
}
