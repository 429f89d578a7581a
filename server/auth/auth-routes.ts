// Mounts better-auth's own endpoints at /api/auth/*, bridging Fastify to its fetch handler.
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '#server/app-deps.ts';
import { badRequest, forbidden } from '#server/errors.ts';
import { CLIENT_IP_HEADER, SIGN_UP_ROLES } from './auth.ts';

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
