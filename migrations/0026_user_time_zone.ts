// Never edit this file once landed: add a new migration instead.
// Each account keeps its reader's time zone (an IANA name, e.g. "Europe/Madrid"): the browser's
// at sign-up or at the first sign-in after this migration, changed in Settings. Emails write
// their times in it and name it (docs/decisions/054-reader-zone-and-language.md). Null: not
// known yet, emails say UTC.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user').addColumn('timeZone', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user').dropColumn('timeZone').execute();
}
