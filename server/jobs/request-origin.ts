// The request a job came from: its id is written with the job (column requestId) and every log
// line of the job's run carries it as `reqId`, the same field the request's own lines carry, so an
// operator follows one user action from its request to the email sent minutes later by another
// process. Node's AsyncLocalStorage carries the id from the request's hooks to the enqueue without
// passing it through every feature (what @fastify/request-context does); a job's run is entered
// with its origin's id, so the jobs it enqueues carry it on.
import { AsyncLocalStorage } from 'node:async_hooks';

const origin = new AsyncLocalStorage<string>();

/** Runs `fn` (and everything it starts) as part of the request or job whose origin is `requestId`. */
export function withRequestId<T>(requestId: string, fn: () => T): T {
  return origin.run(requestId, fn);
}

/** The id of the request the current code runs for (directly or through a job), if any. */
export function currentRequestId(): string | null {
  return origin.getStore() ?? null;
}

/** What a proxy may pass as X-Request-Id (with trustProxy): short, printable, nothing a log reader could mistake. */
const PROXY_REQUEST_ID = /^[A-Za-z0-9._:@-]{1,128}$/;

/** A request's id: the trusted proxy's X-Request-Id when it is well-formed, else a new random one (unique across processes). */
export function requestIdOf(header: string | string[] | undefined, trustProxy: boolean, fresh: () => string): string {
  const given = Array.isArray(header) ? header[0] : header;
  return trustProxy && given !== undefined && PROXY_REQUEST_ID.test(given) ? given : fresh();
}
