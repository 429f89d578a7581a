// The only SQL of the uploads feature: the record of each stored photo, and which are in use.
import { sql, type Kysely } from 'kysely';
import { idList } from '#server/db/id-list.ts';
import { prepare } from '#server/db/prepared.ts';
import type { Database } from '#server/db/schema.ts';

export const UPLOAD_URL_PREFIX = '/api/uploads/';

const insertUpload = prepare((db, p: { name: string; createdAt: string }) => db.insertInto('upload').values({ name: p.name, createdAt: p.createdAt }));
const insertOwnedUpload = prepare((db, p: { name: string; createdAt: string; ownerId: string }) =>
  db.insertInto('upload').values({ name: p.name, createdAt: p.createdAt, ownerId: p.ownerId }),
);
/** Whether a user other than `userId` has the photo `url` as their picture. */
const usedByAnother = (db: Kysely<Database>, p: { url: string; userId: string }) =>
  db
    .selectFrom('user')
    .select(sql.lit(1).as('one'))
    // Implies the predicate of the partial index user_upload_image_idx, so it is used.
    .where('user.image', 'like', sql.lit(`${UPLOAD_URL_PREFIX}%`))
    .where('user.image', '=', p.url)
    .where('user.id', '!=', p.userId);
/**
 * The photo becomes (or stays) `userId`'s, in one statement: when it is theirs already, or when
 * it has no owner and is nobody else's picture (an upload of the sign-up page, whose random name
 * only its uploader knows until an account shows it). Two accounts racing for one never both get it.
 */
const claimUpload = prepare((db, p: { name: string; url: string; userId: string }) =>
  db
    .updateTable('upload')
    .set({ ownerId: p.userId })
    .where('name', '=', p.name)
    .where((eb) => eb.or([eb('ownerId', '=', p.userId), eb.and([eb('ownerId', 'is', null), eb.not(eb.exists(usedByAnother(db, p)))])]))
    .returning('name'),
);
/**
 * The record of a photo that `formerOwnerId` no longer shows, deleted unless it is someone
 * else's (its owner, or any user's picture): its name comes back when its file may go.
 */
const deleteUnusedUpload = prepare((db, p: { name: string; url: string; userId: string }) =>
  db
    .deleteFrom('upload')
    .where('name', '=', p.name)
    .where((eb) => eb.or([eb('ownerId', 'is', null), eb('ownerId', '=', p.userId)]))
    .where((eb) => eb.not(eb.exists(usedByAnother(db, p))))
    .returning('name'),
);
const uploadByName = prepare((db, p: { name: string }) => db.selectFrom('upload').select('name').where('name', '=', p.name));
const pictureOfAnother = prepare((db, p: { url: string; userId: string }) => usedByAnother(db, p));
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
    /** `ownerId`: the signed-in uploader; null for the sign-up page's upload. */
    async record(name: string, createdAt: string, ownerId: string | null = null): Promise<void> {
      if (ownerId) await insertOwnedUpload(db, { name, createdAt, ownerId });
      else await insertUpload(db, { name, createdAt });
    },

    /** Makes the photo `name` `userId`'s if they may have it (see claimUpload); false when they may not. */
    async claim(name: string, userId: string): Promise<boolean> {
      return (await claimUpload(db, { name, url: `${UPLOAD_URL_PREFIX}${name}`, userId })).rows.length > 0;
    },

    /**
     * Forgets the photo `name` that `userId` no longer shows, unless it is someone else's; true
     * when its file may be removed. A file without a record (stored before uploads were recorded)
     * may go when no other user shows it.
     */
    async forgetUnused(name: string, userId: string): Promise<boolean> {
      const url = `${UPLOAD_URL_PREFIX}${name}`;
      if ((await deleteUnusedUpload(db, { name, url, userId })).rows.length > 0) return true;
      if ((await uploadByName(db, { name })).rows.length > 0) return false;
      return (await pictureOfAnother(db, { url, userId })).rows.length === 0;
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
