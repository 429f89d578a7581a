// Conditional requests (RFC 9110 §13): the validators an answer carries (a strong ETag, and
// Last-Modified in whole seconds as HTTP dates have them) and whether a client's copy is still
// current: If-None-Match first (a weak comparison, `*` included); If-Modified-Since only
// without it (§13.2.2). Shared by downloads (file-download.ts) and the crawlers' files (decision 055).
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A header's first value. */
export const headerOf = (request: FastifyRequest, name: string): string | undefined => [request.headers[name]].flat()[0];

/** An HTTP date, to the second. */
export const httpDate = (date: Date) => new Date(Math.floor(date.getTime() / 1000) * 1000).toUTCString();

/** A strong ETag of a text answer: its bytes' SHA-256, shortened. */
export const etagOfText = (text: string) => `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`;

const bare = (tag: string) => tag.trim().replace(/^W\//, '');

export function notModified(request: FastifyRequest, etag: string, modifiedAt?: Date): boolean {
  const ifNoneMatch = headerOf(request, 'if-none-match');
  if (ifNoneMatch !== undefined) return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
  if (!modifiedAt) return false;
  const since = Date.parse(headerOf(request, 'if-modified-since') ?? '');
  return !Number.isNaN(since) && Math.floor(modifiedAt.getTime() / 1000) * 1000 <= since;
}

/** Sends `body` with its ETag (and Last-Modified), or 304 when the client's copy is current. */
export function sendWithValidators(request: FastifyRequest, reply: FastifyReply, body: string, modifiedAt?: Date): FastifyReply {
  const etag = etagOfText(body);
  reply.header('etag', etag);
  if (modifiedAt) reply.header('last-modified', httpDate(modifiedAt));
  if (notModified(request, etag, modifiedAt)) return reply.status(304).send();
  return reply.send(body);
}
