// A stored file sent so that a download can resume and a cache can revalidate (RFC 9110 §13-14,
// decision 055): `Accept-Ranges: bytes`, a strong `ETag` and `Last-Modified` on every answer; one
// byte range (`Range: bytes=…`) answers 206 with `Content-Range`, a range past the end 416; a
// range under `If-Range` whose validator no longer matches gets the whole new file (200), so that a
// resumed download never splices two versions; `If-None-Match`/`If-Modified-Since` answer 304.
// Several ranges in one request are answered with the whole file, which RFC 9110 allows.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '#server/errors.ts';
import { headerOf, httpDate, notModified } from './conditional.ts';
import type { ByteRange, DownloadableFile } from '#server/storage/file-storage.ts';

export type RangeChoice = { kind: 'all' } | { kind: 'range'; range: ByteRange } | { kind: 'unsatisfiable' };


/** RFC 9110 §14.2: one `bytes=` range of a file of `size` bytes. Anything else is ignored (the whole file). */
export function chooseRange(header: string | undefined, size: number): RangeChoice {
  const match = header === undefined ? null : /^bytes=[ \t]*(\d*)-(\d*)[ \t]*$/.exec(header);
  if (!match || (match[1] === '' && match[2] === '')) return { kind: 'all' };
  const [, first, last] = match;
  if (first === '') {
    // A suffix: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'range', range: { start: Math.max(0, size - length), end: size - 1 } };
  }
  const start = Number(first);
  if (start >= size) return { kind: 'unsatisfiable' };
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (end < start) return { kind: 'all' };
  return { kind: 'range', range: { start, end } };
}

/** If-Range (§13.1.5): an ETag compares strongly; a date must be the exact Last-Modified. */
function ifRangeHolds(header: string | undefined, etag: string, lastModified: string): boolean {
  if (header === undefined) return true;
  const value = header.trim();
  if (value.startsWith('"')) return value === etag;
  if (value.startsWith('W/')) return false;
  return value === lastModified;
}

/**
 * Sends `file` with its validators and range support; `headers` (type, disposition, caching) go
 * on every answer. True once the answer is under way; false when there is no file (the route's
 * 404, to be thrown by the route).
 *
 * Never the reply itself: a Fastify reply is a thenable (`reply.then` waits for the response to
 * end, then gives undefined), so an async function returning it hands its caller undefined once
 * the answer has ended, and a route reading that as "no file" throws a 404 after the download.
 * After a whole answer Fastify only logs that; after a client hung up mid-way the response is not
 * ended, and the 404 went out as a second answer, with the file's headers, then Fastify's 500.
 */
export async function sendDownload(request: FastifyRequest, reply: FastifyReply, file: DownloadableFile, headers: Record<string, string>): Promise<boolean> {
  const stat = await file.stat();
  if (!stat) return false;
  const lastModified = httpDate(stat.modifiedAt);
  const validators = (etag: string, modified: string) => {
    reply.headers(headers);
    reply.header('accept-ranges', 'bytes').header('etag', etag).header('last-modified', modified);
  };
  if (notModified(request, stat.etag, stat.modifiedAt)) {
    validators(stat.etag, lastModified);
    reply.status(304).send();
    return true;
  }
  const choice = ifRangeHolds(headerOf(request, 'if-range'), stat.etag, lastModified) ? chooseRange(headerOf(request, 'range'), stat.size) : { kind: 'all' as const };
  if (choice.kind === 'unsatisfiable') {
    reply.header('accept-ranges', 'bytes').header('content-range', `bytes */${stat.size}`);
    throw new AppError(416, { key: 'errors.http.rangeNotSatisfiable', values: { size: stat.size } });
  }
  let opened = await file.open(choice.kind === 'range' ? choice.range : undefined);
  if (!opened) return false;
  let range = choice.kind === 'range' ? choice.range : null;
  if (range && opened.etag !== stat.etag) {
    // Rewritten between the two reads: the range was of the former version; send the new one whole.
    opened.stream.destroy();
    opened = await file.open();
    if (!opened) return false;
    range = null;
  }
  validators(opened.etag, httpDate(opened.modifiedAt));
  // A stream that fails before its first byte is answered by the error handler (Fastify has not
  // written the head yet), but the file's headers are on the reply and, copied by Fastify for
  // the stream, on the response: an error would go out as a PDF, with the file's ETag and a
  // year of caching. They go first. Failing later, Fastify cuts the connection: no second answer.
  const fileHeaders = [...Object.keys(headers), 'accept-ranges', 'etag', 'last-modified', 'content-range', 'content-length'].map((name) => name.toLowerCase());
  opened.stream.once('error', () => {
    if (reply.raw.headersSent) return;
    for (const name of fileHeaders) {
      reply.removeHeader(name);
      reply.raw.removeHeader(name);
    }
  });
  if (range) {
    reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${opened.size}`).header('content-length', String(range.end - range.start + 1));
  } else {
    reply.header('content-length', String(opened.size));
  }
  reply.send(opened.stream);
  return true;
}
