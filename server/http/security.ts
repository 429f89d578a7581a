// Security headers and the cross-origin guard for every state-changing API call.
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { keyCallerOf } from '#server/auth/current-user.ts';
import { forbidden } from '#server/errors.ts';

const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      // No inline script at all: the page's forms work without one (docs/decisions/018-forms-before-the-app.md).
      scriptSrc: ["'self'"],
      // React sets style attributes; scripts stay strict.
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

export async function installSecurity(app: FastifyInstance, opts: { baseUrl: string; formTargets?: () => Promise<readonly string[]> }): Promise<void> {
  const headers = securityHeaders();
  const fixed = Object.entries(headers);
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of fixed) reply.header(name, value);
    // API answers are personal unless a route says otherwise (it sets its own Cache-Control):
    // no browser or shared cache keeps them. (The path is canonical: see canonical-path.ts.)
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    done();
  });

  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  });

  // A page's form may also lead to the origins `formTargets` names (the school's provider, to
  // which POST /api/sso/start answers 303): a browser holds every redirect of a form's submission
  // to the page's form-action, and stops one that leaves it before it is followed. Pages (HTML)
  // with the common policy only: one with a policy of its own (LTI's answer pages) keeps it.
  const policy = headers['content-security-policy'];
  const { formTargets } = opts;
  if (formTargets && policy) {
    app.addHook('onSend', async (_request, reply, payload) => {
      if (reply.getHeader('content-security-policy') !== policy || !String(reply.getHeader('content-type') ?? '').startsWith('text/html')) return payload;
      const targets = await formTargets();
      if (targets.length > 0) reply.header('content-security-policy', policy.replace("form-action 'self'", `form-action 'self' ${targets.join(' ')}`));
      return payload;
    });
  }

  // CSRF: a state-changing request must come from our own origin, whatever route it matched
  // (pages' forms included). Browsers always send Origin on cross-origin and same-origin non-GET
  // requests; a missing Origin means a non-browser client, which carries no ambient cookie risk.
  // A route opts out only by declaring `config: { crossSite: '<why>' }` (the payment webhook,
  // authenticated by its signature); tests/api/trust-routes.test.ts lists every such route.
  const allowed = new URL(opts.baseUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
    if ((request.routeOptions.config as { crossSite?: string } | undefined)?.crossSite) return;
    // Signed with a checked API key (server/auth/current-user.ts, KeyCaller): no cookie speaks for it.
    if (keyCallerOf(request)) return;
    const origin = request.headers.origin;
    if (!origin) {
      const fetchSite = request.headers['sec-fetch-site'];
      if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') throw forbidden('errors.crossSite');
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
    throw forbidden('errors.crossSite');
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Why this state-changing route may be called from another site (never for cookie-based auth). */
    crossSite?: string;
  }
}
