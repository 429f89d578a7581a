// A stop that drops no request (decision 049). On SIGTERM a process first drains: /api/health
// answers 503 so the balancer stops choosing it, every answer says `Connection: close` so each
// client's kept-alive connection ends after its next answer (the client opens a new one, to a
// process that is not stopping), and everything else is served as usual. Only after the grace
// (DRAIN_GRACE_MS) does the server stop listening and finish what is in flight.
import type { FastifyInstance } from 'fastify';

export interface Drain {
  /** From now on: not ready, and no connection kept alive. */
  start(): void;
  readonly draining: boolean;
}

/** A process's drain, not started: the health route reads it (a field of the app's core, never a hook rewriting answers). */
export function createDrain(): Drain {
  let draining = false;
  return {
    start: () => {
      draining = true;
    },
    get draining() {
      return draining;
    },
  };
}

/** Closes each kept-alive connection after its next answer once `drain` has started. */
export function closeConnectionsWhileDraining(app: FastifyInstance, drain: Drain): void {
  // On the server itself, before Fastify sees the request: every answer of every route and
  // plugin (files, pages, 404s) carries the header, which Node also obeys by closing the socket.
  app.server.prependListener('request', (request, response) => {
    if (drain.draining && request.httpVersionMajor === 1) response.setHeader('connection', 'close');
  });
}
