// Secrets that travel in a URL never reach the logs: a calendar feed's token (it reads the
// person's classes, meeting links included), a data export's token, a password reset's token
// (our check of the link, GET /api/password-reset/{token}, and better-auth's own
// /api/auth/reset-password/{token} that the emailed link opens), the `token` of an unsubscribe,
// reset or verification link, and an identity provider's one-time `code` and `state` on its
// callback. Fastify logs each request's URL ("incoming request"), before any hook: its request
// serializer (server/app.ts) writes the URL through redactUrl. Every route with a `:token`
// parameter must be named here: tests/api/trust-today.test.ts walks the route table for them.
import type { FastifyRequest } from 'fastify';

const SECRET_PATHS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^\/+calendar\/[^?#]*/i, '/calendar/[secret].ics'],
  [/^\/+api\/+me\/+data-exports\/[^?#]*/i, '/api/me/data-exports/[secret].zip'],
  [/^\/+api\/+password-reset\/[^?#]*/i, '/api/password-reset/[secret]'],
  [/^\/+api\/+auth\/+reset-password\/[^?#]*/i, '/api/auth/reset-password/[secret]'],
];
const SECRET_PARAMS = /([?&;](?:token|checkout_session_id|code|state)=)[^&#;]*/gi;

/** `url` with its secrets masked. */
export function redactUrl(url: string): string {
  let masked = url;
  for (const [pattern, replacement] of SECRET_PATHS) masked = masked.replace(pattern, replacement);
  return masked.replace(SECRET_PARAMS, '$1[secret]');
}

/** What a log line says of a request: Fastify's own fields, the URL masked. */
export function requestLogFields(request: FastifyRequest) {
  return { method: request.method, url: redactUrl(request.url), host: request.host, remoteAddress: request.ip, remotePort: request.socket?.remotePort };
}
