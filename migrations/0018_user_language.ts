// Never edit this file once landed: add a new migration instead.
// Languages: the language a user chose in Settings (an i18n/languages.ts code), for
// the pages the server draws for them and the emails they are sent. Null: their browser's.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user').addColumn('language', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user').dropColumn('language').execute();
}
