// Mounts better-auth's own endpoints at /api/auth/*, bridging Fastify to its fetch handler.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { resetTokenParams, resetTokenStatusSchema } from '#contract/auth.ts';
import { errorSchema } from '#contract/common.ts';
import type { CoreDeps } from '#server/core-deps.ts';
import { passwordEvent, securityEvents } from '#server/audit/security-events.ts';
import { isDatabaseReachable } from '#server/db/database.ts';
import { retryAfterSeconds } from '#server/http/retry-after.ts';
import { AppError, notFound } from '#server/errors.ts';
import { callerTranslator } from '#server/i18n/caller-language.ts';
import { saidAuthAnswer } from './auth-answers.ts';
import { CLIENT_IP_HEADER } from './auth.ts';
import { withAuthCall } from './auth-transaction.ts';
import { authRepository } from './auth-repository.ts';
import { singleSignOnRoutes } from './single-sign-on-routes.ts';

/**
 * Auth calls that change a user or end their sessions: the session cache forgets that user's
 * sessions (sign-out forgets only its own cookie). See docs/decisions/004-session-cache.md.
 */
const IDENTITY_CHANGES = new Set([
  '/change-password', '/reset-password', '/update-user', '/change-email', '/delete-user',
  '/revoke-session', '/revoke-sessions', '/revoke-other-sessions', '/verify-email',
]);

/** The user whose cached sessions an identity change must drop, found before the call consumes its token. */
async function userChangedBy(path: string, request: FastifyRequest, { auth, callers, db }: Pick<CoreDeps, 'auth' | 'callers' | 'db'>): Promise<string | null> {
  const query = request.query as Record<string, unknown> | undefined;
  const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
  if (path === '/reset-password') {
    const token = body.token ?? query?.token;
    if (typeof token !== 'string') return null;
    const verification = await (await auth.$context).internalAdapter.findVerificationValue(`reset-password:${token}`);
    return verification?.value ?? null;
  }
  if (path === '/verify-email' && typeof query?.token === 'string') {
    // Only to know whose cache to drop: better-auth itself verifies the token's signature.
    try {
      const payload = JSON.parse(Buffer.from(query.token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { email?: unknown };
      if (typeof payload.email !== 'string') return null;
      return (await authRepository(db.kysely).userIdByEmail(payload.email)) ?? null;
    } catch {
      return null;
    }
  }
  return (await callers.current(request))?.id ?? null;
}

export async function authRoutes(app: FastifyInstance, { auth, callers, config, db, now }: CoreDeps): Promise<void> {
  // Bursts of failed sign-ins into the audit log; password changes and resets are
  // recorded inside better-auth's transaction (withAuthCall below, auth-transaction.ts).
  const security = securityEvents(db.kysely, now);
  // Our rules on what better-auth takes (roles, fields, blocked accounts) live inside it, in
  // account-rules.ts and the database hooks of auth.ts, matched on the endpoint it resolved. This
  // bridge holds no guard: the path it hands on is canonical (server/http/canonical-path.ts).
  const origin = new URL(config.baseUrl).origin;
  await singleSignOnRoutes(app, { auth, callers, config, db, now });

  // The reset page asks before showing its form: a used or expired link says so at once, with a
  // way to ask for a new one. Tokens are long and random; this reveals nothing else.
  app.withTypeProvider<ZodTypeProvider>().get('/api/password-reset/:token', {
    schema: { tags: ['auth'], summary: 'Whether a password reset link can still be used', params: resetTokenParams, response: { 200: resetTokenStatusSchema, 400: errorSchema } },
  }, async (request) => {
    const verification = await (await auth.$context).internalAdapter.findVerificationValue(`reset-password:${request.params.token}`);
    return { usable: Boolean(verification && new Date(verification.expiresAt).getTime() > now().getTime()) };
  });

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    async handler(request, reply) {
      const q = request.url.indexOf('?');
      const path = (q === -1 ? request.url : request.url.slice(0, q)).slice('/api/auth'.length).replace(/\/$/, '');
      const query = q === -1 ? '' : request.url.slice(q);
      const changedUser = IDENTITY_CHANGES.has(path) ? await userChangedBy(path, request, { auth, callers, db }) : null;
      const headers = new Headers();
      for (const [key, value] of Object.entries(request.headers)) {
        if (value === undefined || key === CLIENT_IP_HEADER) continue;
        headers.set(key, Array.isArray(value) ? value.join(', ') : String(value));
      }
      // The address Fastify resolved (only TRUST_PROXY hops are believed) keys the rate limiter;
      // a client-sent X-Forwarded-For cannot move a caller into another bucket.
      headers.set(CLIENT_IP_HEADER, request.ip);
      headers.delete('content-length');
      const hasBody = request.method !== 'GET' && request.body !== undefined && request.body !== null;
      const call = () =>
        auth.handler(
          new Request(`${origin}/api/auth${path}${query}`, {
            method: request.method,
            headers,
            body: hasBody ? JSON.stringify(request.body) : undefined,
          }),
        );
      // A password change or reset commits with its audit entry (the account hooks of auth.ts).
      const event = changedUser ? passwordEvent(path, request.body) : null;
      const response = event && changedUser ? await withAuthCall({ userId: changedUser, ip: request.ip, event, at: now() }, call) : await call();
      // better-auth answers its own failures with a bare 500; when the database is the cause,
      // say so like every other route does (503), and never pass its error text on.
      if (response.status >= 500) {
        throw (await isDatabaseReachable(db.kysely)) ? new Error(`better-auth answered ${response.status} on ${path}`) : new AppError(503, 'errors.http.databaseUnavailable');
      }
      if (path === '/sign-out') await callers.invalidateSessionCookie(request.headers.cookie);
      if (changedUser) callers.invalidateUser(changedUser);
      if (path === '/sign-in/email') await security.afterSignIn({ status: response.status, ip: request.ip, body: request.body });
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
      });
      // better-auth's limiter says X-Retry-After; clients and the web app read the standard header.
      const retryAfter = response.headers.get('x-retry-after');
      if (response.status === 429 && retryAfter) reply.header('retry-after', retryAfter);
      const cookies = response.headers.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);
      // An endpoint better-auth does not have answers like every other unknown address.
      if (response.status === 404 && !response.body) throw notFound();
      return reply.send(await answerBody(path, response, request));
    },
  });
}

/**
 * better-auth's answer, its words in the caller's language (auth-answers.ts): refusals, 429s and
 * the reset request's answer; any other answer (a session, a user) as better-auth wrote it.
 */
async function answerBody(path: string, response: Response, request: FastifyRequest): Promise<Buffer | null> {
  if (!response.body) return null;
  const bytes = Buffer.from(await response.arrayBuffer());
  if ((response.status < 400 && path !== '/request-password-reset') || bytes[0] !== 0x7b) return bytes;
  let body: unknown;
  try {
    body = JSON.parse(bytes.toString('utf8'));
  } catch {
    return bytes;
  }
  const said = saidAuthAnswer(path, response.status, body, await callerTranslator(request), retryAfterSeconds(response.headers));
  return said ? Buffer.from(JSON.stringify(said)) : bytes;
}
