// The only SQL of the uploads feature: the record of each stored photo, and which are in use.
import { sql, type Kysely } from 'kysely';
import { idList } from '#server/db/id-list.ts';
import { prepare } from '#server/db/prepared.ts';
import type { Database } from '#server/db/schema.ts';

export const UPLOAD_URL_PREFIX = '/api/uploads/';

const insertUpload = prepare((db, p: { name: string; createdAt: string }) => db.insertInto('upload').values({ name: p.name, createdAt: p.createdAt }));
const insertUploadIfMissing = prepare((db, p: { name: string; createdAt: string }) =>
  db.insertInto('upload').values({ name: p.name, createdAt: p.createdAt }).onConflict((oc) => oc.column('name').doNothing()),
);
const deleteUpload = prepare((db, p: { name: string }) => db.deleteFrom('upload').where('name', '=', p.name));
/**
 * Up to `limit` records made before `before` that no user's image points to, deleted in one
 * statement: two processes sweeping at once never both get a name.
 */
const deleteUnreferencedUploads = prepare((db, p: { before: string; limit: number }) =>
  db
    .deleteFrom('upload')
    .where(
      'name',
      'in',
      db
        .selectFrom('upload as u')
        .select('u.name')
        .where('u.createdAt', '<', p.before)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('user')
                .select(sql.lit(1).as('one'))
                // Implies the predicate of the partial index user_upload_image_idx, so it is used.
                .where('user.image', 'like', sql.lit(`${UPLOAD_URL_PREFIX}%`))
                .where('user.image', '=', sql<string>`${sql.lit(UPLOAD_URL_PREFIX)} || ${sql.ref('u.name')}`),
            ),
          ),
        )
        .orderBy('u.createdAt')
        .limit(p.limit),
    )
    .returning('name'),
);

/** Which of these names are recorded. */
const recordedOf = prepare((db, p: { names: string }) => db.selectFrom('upload').select('name').where('name', 'in', idList(db, p.names)));

export function uploadRepository(db: Kysely<Database>) {
  return {
    async record(name: string, createdAt: string): Promise<void> {
      await insertUpload(db, { name, createdAt });
    },

    /** For a photo found on disk without a record (stored before uploads were recorded). */
    async recordIfMissing(name: string, createdAt: string): Promise<void> {
      await insertUploadIfMissing(db, { name, createdAt });
    },

    async forget(name: string): Promise<void> {
      await deleteUpload(db, { name });
    },

    /** Which of `names` are recorded. */
    async recorded(names: string[]): Promise<Set<string>> {
      if (names.length === 0) return new Set();
      // A batch of the hourly sweep (upload-cleanup.ts): the names are one JSON array.
      const { rows } = await recordedOf(db, { names: JSON.stringify(names) });
      return new Set(rows.map((r) => r.name));
    },

    /**
     * Deletes up to `limit` records made before `before` that no user's image points to, and
     * returns their names, whose files the caller removes.
     */
    async deleteUnreferenced(before: string, limit: number): Promise<string[]> {
      return (await deleteUnreferencedUploads(db, { before, limit })).rows.map((r) => r.name);
    },
  };
}
