// The only SQL of the uploads feature: the record of each stored photo, and which are in use.
import { sql, type Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';

export const UPLOAD_URL_PREFIX = '/api/uploads/';

export function uploadRepository(db: Kysely<Database>) {
  return {
    async record(name: string, createdAt: string): Promise<void> {
      await db.insertInto('upload').values({ name, createdAt }).execute();
    },

    /** For a photo found on disk without a record (stored before uploads were recorded). */
    async recordIfMissing(name: string, createdAt: string): Promise<void> {
      await db.insertInto('upload').values({ name, createdAt }).onConflict((oc) => oc.column('name').doNothing()).execute();
    },

    async forget(name: string): Promise<void> {
      await db.deleteFrom('upload').where('name', '=', name).execute();
    },

    /** Which of `names` are recorded. */
    async recorded(names: string[]): Promise<Set<string>> {
      if (names.length === 0) return new Set();
      const rows = await db.selectFrom('upload').select('name').where('name', 'in', names).execute();
      return new Set(rows.map((r) => r.name));
    },

    /**
     * Deletes up to `limit` records made before `before` that no user's image points to, and
     * returns their names, whose files the caller removes. One statement: two processes sweeping
     * at once never both get a name.
     */
    async deleteUnreferenced(before: string, limit: number): Promise<string[]> {
      const unreferenced = db
        .selectFrom('upload as u')
        .select('u.name')
        .where('u.createdAt', '<', before)
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
        .limit(limit);
      const rows = await db.deleteFrom('upload').where('name', 'in', unreferenced).returning('name').execute();
      return rows.map((r) => r.name);
    },
  };
}
