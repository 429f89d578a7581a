// A stop that drops no request (decision 049). On SIGTERM a process first drains: /api/health
// answers 503 so the balancer stops choosing it, every answer says `Connection: close` so each
// client's kept-alive connection ends after its next answer (the client opens a new one, to a
// process that is not stopping), and everything else is served as usual. Only after the grace
// (DRAIN_GRACE_MS) does the server stop listening and finish what is in flight.
import type { FastifyInstance } from 'fastify';

export const HEALTH_PATH = '/api/health';

export interface Drain {
  /** From now on: not ready, and no connection kept alive. */
  start(): void;
  readonly draining: boolean;
}

/** Call before the app is ready (it adds a hook). */
export function installDrain(app: FastifyInstance): Drain {
  let draining = false;
  // On the server itself, before Fastify sees the request: every answer of every route and
  // plugin (files, pages, 404s) carries the header, which Node also obeys by closing the socket.
  app.server.prependListener('request', (request, response) => {
    if (draining && request.httpVersionMajor === 1) response.setHeader('connection', 'close');
  });
  // The health route still checks the database; while draining, its answer is "unavailable".
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (!draining || request.routeOptions.url !== HEALTH_PATH || reply.statusCode !== 200) return payload;
    reply.code(503);
    return { ...(payload as Record<string, unknown>), status: 'unavailable' };
  });
  return {
    start: () => {
      draining = true;
    },
    get draining() {
      return draining;
    },
  };
}
