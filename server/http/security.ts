// Security headers and the cross-origin guard for every state-changing API call.
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { forbidden } from '#server/errors.ts';
import { EARLY_HOLD_SCRIPT } from '#web/early-hold.ts';

/** The page's one inline script (web/src/early-hold.ts), allowed by its hash and nothing else. */
const earlyHoldHash = `'sha256-${createHash('sha256').update(EARLY_HOLD_SCRIPT).digest('base64')}'`;

const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", earlyHoldHash],
      // sweetalert2 and React set style attributes; scripts stay strict.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  // HSTS only when the request actually came over https (set below).
  hsts: false,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginEmbedderPolicy: false,
};

/**
 * helmet's headers do not depend on the request, so they are computed once, by running its
 * middleware against a recording response, and then set as a fixed list. (@fastify/helmet
 * rebuilt them on every request: about a tenth of the CPU of a signed-in read in the bench
 * profile.)
 */
export function securityHeaders(options: HelmetOptions = HELMET_OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let done = false;
  helmet(options)({} as never, recorder as never, (err?: unknown) => {
    if (err) throw err;
    done = true;
  });
  if (!done) throw new Error('helmet did not finish synchronously');
  return headers;
}

export async function installSecurity(app: FastifyInstance, opts: { baseUrl: string }): Promise<void> {
  const fixed = Object.entries(securityHeaders());
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of fixed) reply.header(name, value);
    done();
  });

  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  });

  // CSRF: a state-changing call must come from our own origin. Browsers always send Origin
  // on cross-origin and same-origin non-GET fetches; a missing Origin means a non-browser
  // client, which carries no ambient cookie risk.
  const allowed = new URL(opts.baseUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (['GET', 'HEAD', 'OPTIONS'].includes(request.method)) return;
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/payments/webhook')) return;
    const origin = request.headers.origin;
    if (!origin) {
      const fetchSite = request.headers['sec-fetch-site'];
      if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') throw forbidden('Cross-site requests are not allowed.');
      return;
    }
    if (origin === allowed) return;
    let host: string | undefined;
    try {
      host = new URL(origin).host;
    } catch {
      host = undefined;
    }
    if (host && host === request.headers.host) return;
    throw forbidden('Cross-site requests are not allowed.');
  });
}
