// Never edit this file once landed: add a new migration instead.
// API keys (docs/decisions/056-api-keys.md): only the key's SHA-256 is kept, never the key; its
// first characters (prefix) tell keys apart in lists. A revoked key's row stays, with revokedAt.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('api_key')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull().unique())
    // Space-separated scopes (contract/api-keys.ts).
    .addColumn('scopes', 'text', (c) => c.notNull())
    // ISO-8601 UTC text, like every timestamp of our own tables.
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('lastUsedAt', 'text')
    .addColumn('revokedAt', 'text')
    .execute();
  await db.schema.createIndex('api_key_user').on('api_key').columns(['userId', 'createdAt']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('api_key').execute();
}
