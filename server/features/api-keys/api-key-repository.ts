// The api_key table's SQL (migration 0027): keys by their owner, and the one lookup by hash.
import type { Kysely } from 'kysely';
import type { ApiKeyTable, Database } from '#server/db/schema.ts';

/** A new key's row: the table's, before its first use or revocation. */
export type NewApiKeyRow = Omit<ApiKeyTable, 'lastUsedAt' | 'revokedAt'>;

export function apiKeyRepository(db: Kysely<Database>) {
  return {
    async insert(row: NewApiKeyRow): Promise<void> {
      await db.insertInto('api_key').values({ ...row, lastUsedAt: null, revokedAt: null }).execute();
    },

    /** The owner's keys not revoked, newest first. */
    listActive(userId: string) {
      return db
        .selectFrom('api_key')
        .select(['id', 'name', 'prefix', 'scopes', 'createdAt', 'lastUsedAt'])
        .where('userId', '=', userId)
        .where('revokedAt', 'is', null)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(100)
        .execute();
    },

    countActive(userId: string) {
      return db
        .selectFrom('api_key')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('userId', '=', userId)
        .where('revokedAt', 'is', null)
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.n));
    },

    /** Revokes the owner's key; whether there was one to revoke. */
    async revoke(userId: string, id: string, at: string): Promise<boolean> {
      const result = await db.updateTable('api_key').set({ revokedAt: at }).where('id', '=', id).where('userId', '=', userId).where('revokedAt', 'is', null).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** The key of this hash with its owner as the owner is now (role, blocked, verified). */
    findByHash(hash: string) {
      return db
        .selectFrom('api_key')
        .innerJoin('user', 'user.id', 'api_key.userId')
        .select([
          'api_key.id as keyId',
          'api_key.name as keyName',
          'api_key.hash',
          'api_key.scopes',
          'api_key.revokedAt',
          'api_key.lastUsedAt',
        ])
        .selectAll('user')
        .where('api_key.hash', '=', hash)
        .executeTakeFirst();
    },

    async touch(id: string, at: string): Promise<void> {
      await db.updateTable('api_key').set({ lastUsedAt: at }).where('id', '=', id).execute();
    },
  };
}
