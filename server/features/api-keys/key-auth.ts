// Requests signed with an API key (`Authorization: Bearer snk_…`): checked before the same-origin
// check and every route, for the route the router matched (docs/decisions/056-api-keys.md).
//  - an unknown or revoked key, or a blocked owner: 401, whatever cookie comes with it;
//  - a scope the key lacks, or its owner's role no longer allows: 403;
//  - a route that names no scope (key-scopes.ts) does not read the key at all: the request is
//    signed out unless a cookie says otherwise, and a cookie is held to the same-origin check;
//  - more than API_KEY_RATE_LIMIT requests a minute on one key: 429 with Retry-After;
//  - otherwise the request is the owner's (request.keyCaller), and a change it makes, or a
//    refusal, is written in the audit log with the key's id and name.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiKeyScope } from '#contract/api-keys.ts';
import { actorOf, recordAudit } from '#server/audit/audit-log.ts';
import type { CoreDeps } from '#server/core-deps.ts';
import { AppError, forbidden, unauthorized } from '#server/errors.ts';
import { apiKeyService, KEY_PREFIX } from './api-key-service.ts';
import { scopeOfRoute } from './key-scopes.ts';

const WINDOW_MS = 60_000;
const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The API key a request carries, or null: a Bearer token of another kind is not one. */
export function keyOf(request: FastifyRequest): string | null {
  const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
  return token?.startsWith(KEY_PREFIX) ? token : null;
}

/** One fixed window per key; windows past their time are dropped as others are counted. */
function keyRateLimit(limit: number) {
  const windows = new Map<string, { start: number; count: number }>();
  return (keyId: string, now: number): number | null => {
    let window = windows.get(keyId);
    if (!window || now - window.start >= WINDOW_MS) {
      if (windows.size > 10_000) for (const [id, w] of windows) if (now - w.start >= WINDOW_MS) windows.delete(id);
      window = { start: now, count: 0 };
      windows.set(keyId, window);
    }
    window.count++;
    return window.count > limit ? Math.ceil((window.start + WINDOW_MS - now) / 1000) : null;
  };
}

export function installKeyAuth(app: FastifyInstance, deps: CoreDeps): void {
  const keys = apiKeyService(deps);
  const overLimit = keyRateLimit(deps.config.apiKeyRateLimit);
  const refusedKey = new WeakMap<FastifyRequest, { keyId: string; keyName: string; user: NonNullable<FastifyRequest['keyCaller']>['user'] }>();

  // Each route listed in key-scopes.ts carries its scope in its config, read by the check below and by the OpenAPI document.
  app.addHook('onRoute', (route) => {
    const scope = [route.method].flat().map((method) => scopeOfRoute(method, route.url)).find(Boolean);
    if (scope) route.config = { ...route.config, apiKeyScope: scope };
  });

  app.addHook('onRequest', async (request, reply) => {
    // A key is read only where a route names its scope: elsewhere the request is what its cookie
    // makes it (none: signed out), and the same-origin check applies to it as to any other.
    const scope = request.routeOptions.config.apiKeyScope;
    const key = scope ? keyOf(request) : null;
    if (!scope || !key) return;
    const found = await keys.check(key);
    if (!found) throw unauthorized('errors.apiKeys.invalid');
    const caller = { keyId: found.keyId, keyName: found.keyName, user: found.user };
    if (!found.scopes.includes(scope)) {
      refusedKey.set(request, caller);
      throw forbidden({ key: 'errors.apiKeys.scopeMissing', values: { scope } });
    }
    const now = deps.now();
    const wait = overLimit(found.keyId, Date.now());
    if (wait !== null) {
      reply.header('retry-after', String(wait));
      throw new AppError(429, { key: 'errors.http.tooManyRequestsSeconds', values: { count: wait } });
    }
    request.keyCaller = caller;
    await keys.touch(found.keyId, found.lastUsedAt, now);
  });

  // Who, with which key, did what: every change made with a key and every refusal of a known key
  // (reads are many, and each key's last use is kept on it). Written before the answer leaves
  // (onSend, not onResponse): whoever reads the audit log after the answer finds the entry.
  app.addHook('onSend', async (request, reply, payload) => {
    const caller = request.keyCaller ?? refusedKey.get(request);
    if (!caller) return payload;
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (isRead && reply.statusCode < 400) return payload;
    try {
      await recordAudit(
        deps.db.kysely,
        actorOf(caller.user, request.ip),
        {
          action: 'api_key.used',
          targetType: 'api_key',
          targetId: caller.keyId,
          details: { key: caller.keyName, method: request.method, route: request.routeOptions.url ?? null, path: request.url.split('?')[0], status: reply.statusCode },
        },
        deps.now(),
      );
    } catch (err) {
      request.log.error({ err }, 'recording an API key request in the audit log failed');
    }
    return payload;
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The scope an API key needs to call this route (set from key-scopes.ts as the route is added); absent: no key may. */
    apiKeyScope?: ApiKeyScope;
  }
}
