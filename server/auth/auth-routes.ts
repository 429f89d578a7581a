// Mounts better-auth's own endpoints at /api/auth/*, bridging Fastify to its fetch handler.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { updateMeBody } from '#contract/users.ts';
import type { AppDeps } from '#server/app-deps.ts';
import { DATABASE_UNAVAILABLE } from '#server/db/connection-errors.ts';
import { isDatabaseReachable } from '#server/db/database.ts';
import { AppError, badRequest, forbidden } from '#server/errors.ts';
import { CLIENT_IP_HEADER, SIGN_UP_ROLES, type Auth } from './auth.ts';
import { getCurrentUser, invalidateSessionCookie, invalidateUser } from './current-user.ts';

/**
 * Auth calls that change a user or end their sessions: the session cache forgets that user's
 * sessions (sign-out forgets only its own cookie). See docs/decisions/004-session-cache.md.
 */
const IDENTITY_CHANGES = new Set([
  '/change-password', '/reset-password', '/update-user', '/change-email', '/delete-user',
  '/revoke-session', '/revoke-sessions', '/revoke-other-sessions', '/verify-email',
]);

/** The user whose cached sessions an identity change must drop, found before the call consumes its token. */
async function userChangedBy(path: string, request: FastifyRequest, { auth, db }: { auth: Auth; db: AppDeps['db'] }): Promise<string | null> {
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
      const row = await db.kysely.selectFrom('user').select('id').where('email', '=', payload.email.toLowerCase()).executeTakeFirst();
      return row?.id ?? null;
    } catch {
      return null;
    }
  }
  return (await getCurrentUser(auth, request))?.id ?? null;
}

export async function authRoutes(app: FastifyInstance, { auth, config, db }: AppDeps): Promise<void> {
  // Our rules on top of better-auth's endpoints, checked before they run.
  const checkOurRules = async (url: string, rawBody: unknown) => {
    const path = url.split('?')[0]!.replace(/^\/api\/auth/, '');
    const body = (rawBody && typeof rawBody === 'object' ? rawBody : {}) as Record<string, unknown>;
    if (path === '/sign-up/email' && body.role !== undefined && !SIGN_UP_ROLES.includes(body.role as (typeof SIGN_UP_ROLES)[number])) {
      throw badRequest('Role must be Student or Tutor.', { role: 'Choose Student or Tutor' });
    }
    if (path === '/update-user' && ['role', 'blocked', 'lastSeen', 'email', 'emailVerified'].some((k) => k in body)) {
      throw badRequest('Only your name and photo can be changed here.');
    }
    // better-auth takes any string for these; hold them to the same rules as PUT /api/user, and
    // refuse fields only the server sets (mass assignment), as update-user does.
    if (path === '/sign-up/email' || path === '/update-user') {
      if (path === '/sign-up/email' && ['blocked', 'lastSeen', 'emailVerified', 'id', 'createdAt', 'updatedAt'].some((k) => k in body)) {
        throw badRequest('Only name, email, password, role and photo can be set at sign-up.');
      }
      for (const field of ['name', 'image'] as const) {
        if (body[field] === undefined || (field === 'image' && body[field] === null)) continue;
        const checked = updateMeBody.shape[field].safeParse(body[field]);
        if (!checked.success) {
          const message = checked.error.issues[0]?.message ?? 'is invalid';
          throw badRequest(`Invalid ${field}: ${message}`, { [field]: message });
        }
      }
    }
    if (path === '/sign-in/email' && typeof body.email === 'string') {
      const row = await db.kysely.selectFrom('user').select('blocked').where('email', '=', body.email.toLowerCase()).executeTakeFirst();
      if (row?.blocked) throw forbidden('This account has been blocked. Contact an administrator.');
    }
  };

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    async handler(request, reply) {
      await checkOurRules(request.url, request.body);
      const path = request.url.split('?')[0]!.replace(/^\/api\/auth/, '');
      const changedUser = IDENTITY_CHANGES.has(path) ? await userChangedBy(path, request, { auth, db }) : null;
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
      const response = await auth.handler(
        new Request(new URL(request.url, config.baseUrl), {
          method: request.method,
          headers,
          body: hasBody ? JSON.stringify(request.body) : undefined,
        }),
      );
      // better-auth answers its own failures with a bare 500; when the database is the cause,
      // say so like every other route does (503), and never pass its error text on.
      if (response.status >= 500) {
        throw (await isDatabaseReachable(db.kysely)) ? new Error(`better-auth answered ${response.status} on ${path}`) : new AppError(503, DATABASE_UNAVAILABLE);
      }
      if (path === '/sign-out') invalidateSessionCookie(request.headers.cookie);
      if (changedUser) invalidateUser(changedUser);
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);
      return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
    },
  });
}
