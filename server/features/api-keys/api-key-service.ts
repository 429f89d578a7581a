// API keys: made, listed and revoked by their owner; checked on every request that carries one
// (docs/decisions/056-api-keys.md). Only a key's SHA-256 is stored; the key is shown once.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { SCOPES_OF_ROLE, apiKeySchema, type ApiKey, type ApiKeyList, type ApiKeyScope, type CreateApiKeyInput, type CreatedApiKey } from '#contract/api-keys.ts';
import type { Role } from '#contract/common.ts';
import { actorOf, recordAudit } from '#server/audit/audit-log.ts';
import { userStatus, type CurrentUser } from '#server/auth/current-user.ts';
import type { CoreDeps } from '#server/core-deps.ts';
import { conflict, forbidden, notFound, type ErrorWords } from '#server/errors.ts';
import { newId } from '#server/ids.ts';
import { apiKeyRepository } from './api-key-repository.ts';

/** Every key starts with this: a Bearer token that does not is not a key (the metrics scraper's, say). */
export const KEY_PREFIX = 'snk_';
/** Characters of the key shown in lists to tell keys apart: the prefix and 8 of its random ones. */
const SHOWN = KEY_PREFIX.length + 8;
const MAX_KEYS = 20;

const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');
const scopesOf = (text: string) => text.split(' ').filter(Boolean) as ApiKeyScope[];

export type ApiKeyService = ReturnType<typeof apiKeyService>;

export function apiKeyService(deps: CoreDeps) {
  const keys = apiKeyRepository(deps.db.kysely);

  return {
    async list(me: CurrentUser): Promise<ApiKeyList> {
      const rows = await keys.listActive(me.id);
      return { items: rows.map((row) => apiKeySchema.parse({ ...row, scopes: scopesOf(row.scopes) })), nextCursor: null };
    },

    /** A new key with the scopes asked for, each one the owner's role allows; its secret is in this answer only. */
    async create(me: CurrentUser, input: CreateApiKeyInput, ip: string | null): Promise<CreatedApiKey> {
      if (me.status !== 'Verified') throw forbidden('errors.apiKeys.verifyFirst');
      const allowed = SCOPES_OF_ROLE[me.role];
      const refused = input.scopes.filter((scope) => !allowed.includes(scope));
      if (refused.length > 0) {
        // Said under the form's scopes too: they are what the maker has to change.
        const why: ErrorWords = { key: 'errors.apiKeys.scopeNotForRole', values: { scope: refused.join(', ') } };
        throw forbidden(why, { scopes: why });
      }
      if ((await keys.countActive(me.id)) >= MAX_KEYS) throw conflict({ key: 'errors.apiKeys.tooMany', values: { count: MAX_KEYS } });
      const secret = KEY_PREFIX + randomBytes(32).toString('base64url');
      const now = deps.now();
      const scopes = [...new Set(input.scopes)];
      const key: ApiKey = { id: newId(now.getTime()), name: input.name, prefix: secret.slice(0, SHOWN), scopes, createdAt: now.toISOString(), lastUsedAt: null };
      await deps.db.unitOfWork(async (work) => {
        const trx = await work.db();
        await apiKeyRepository(trx).insert({ id: key.id, userId: me.id, name: key.name, prefix: key.prefix, hash: hashOf(secret), scopes: scopes.join(' '), createdAt: key.createdAt });
        await recordAudit(trx, actorOf(me, ip), { action: 'api_key.created', targetType: 'api_key', targetId: key.id, details: { name: key.name, prefix: key.prefix, scopes } }, now);
      });
      return { ...key, secret };
    },

    async revoke(me: CurrentUser, id: string, ip: string | null): Promise<void> {
      const now = deps.now();
      const revoked = await deps.db.unitOfWork(async (work) => {
        const trx = await work.db();
        if (!(await apiKeyRepository(trx).revoke(me.id, id, now.toISOString()))) return false;
        await recordAudit(trx, actorOf(me, ip), { action: 'api_key.revoked', targetType: 'api_key', targetId: id, details: {} }, now);
        return true;
      });
      if (!revoked) throw notFound('errors.apiKeys.notFound');
    },

    /**
     * The key's owner as they are now and what the key may do, or why not: unknown or revoked
     * key, blocked owner (401); a scope the owner's role no longer allows is dropped, so a
     * demoted owner's key loses it at once.
     */
    async check(key: string): Promise<{ user: CurrentUser; keyId: string; keyName: string; scopes: ApiKeyScope[]; lastUsedAt: string | null } | null> {
      const hash = hashOf(key);
      const row = await keys.findByHash(hash);
      // Found by its hash; compared again in constant time all the same (the lookup's index says nothing of the key).
      if (!row || !timingSafeEqual(Buffer.from(row.hash), Buffer.from(hash)) || row.revokedAt !== null || row.blocked) return null;
      const role = (row.role ?? 'student') as Role;
      const user = {
        id: row.id,
        name: row.name,
        email: row.email,
        role,
        status: userStatus(row),
        image: row.image ?? null,
      } as CurrentUser;
      // What else the account keeps for its caller (time zone, language), as a cookie's lookup gives it.
      const extra = row as unknown as Record<string, unknown>;
      for (const field of ['timeZone', 'language'] as const) if (field in extra) (user as unknown as Record<string, unknown>)[field] = extra[field] ?? null;
      const allowed = SCOPES_OF_ROLE[role];
      return { user, keyId: row.keyId, keyName: row.keyName, lastUsedAt: row.lastUsedAt, scopes: scopesOf(row.scopes).filter((scope) => allowed.includes(scope)) };
    },

    /** When the key was last used, at most once a minute per key (a write per request would be a write per read). */
    async touch(keyId: string, lastUsedAt: string | null, now: Date): Promise<void> {
      if (lastUsedAt && now.getTime() - Date.parse(lastUsedAt) < 60_000) return;
      await keys.touch(keyId, now.toISOString());
    },
  };
}
