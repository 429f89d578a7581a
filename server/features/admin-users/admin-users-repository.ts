// The only SQL of the admin's user management. Reads and writes better-auth's `user` and
// `session` tables, whose booleans and dates differ by dialect (see server/db/schema.ts).
import { authColumns } from '#server/db/auth-columns.ts';
import { sql, type Transaction } from 'kysely';
import type { Role } from '#contract/common.ts';
import type { Db } from '#server/db/database.ts';
import type { Database } from '#server/db/schema.ts';
import { decodeCursor, pageFrom } from '#server/db/keyset-cursor.ts';
import { afterKey } from '#server/db/keyset.ts';

const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const COLUMNS = ['id', 'name', 'email', 'role', 'emailVerified', 'blocked', 'image', 'lastSeen'] as const;

export function adminUsersRepository(db: Db) {
  const k = db.kysely;
  const { bool, date } = authColumns(db.dialect);
  const now = () => date(new Date());

  return {
    async list(opts: { q?: string; role?: Role; cursor?: string; limit: number }) {
      let q = k.selectFrom('user').select(COLUMNS);
      if (opts.role) q = q.where('role', '=', opts.role);
      if (opts.q) {
        const pattern = likePattern(opts.q);
        q = q.where(sql<boolean>`(lower("name") like ${pattern} escape '\\' or lower("email") like ${pattern} escape '\\')`);
      }
      const after = decodeCursor(opts.cursor, ['string', 'string']);
      if (after) {
        const [name, id] = after;
        q = q.where((eb) => afterKey(eb, ['name', 'id'], [name, id], 'asc'));
      }
      // Alphabetical, by (name, id).
      const rows = await q.orderBy('name').orderBy('id').limit(opts.limit + 1).execute();
      return pageFrom(rows, opts.limit, (row) => [row.name, row.id]);
    },

    findById(id: string) {
      return k.selectFrom('user').select(COLUMNS).where('id', '=', id).executeTakeFirst();
    },

    /** Runs `work` in one transaction (the last-admin check and the change must not interleave). */
    transaction<T>(work: (tx: Transaction<Database>) => Promise<T>): Promise<T> {
      return k.transaction().execute(work);
    },

    /** Ids of admins who can still act (not blocked), locked until the transaction ends on PostgreSQL. */
    async activeAdminIds(tx: Transaction<Database>): Promise<string[]> {
      let q = tx.selectFrom('user').select('id').where('role', '=', 'admin').where('blocked', '=', bool(false));
      // SQLite runs one writer at a time; PostgreSQL needs the rows locked so that two admins
      // demoting each other at once cannot leave none.
      if (db.dialect === 'postgres') q = q.forUpdate();
      return (await q.execute()).map((r) => r.id);
    },

    async update(tx: Transaction<Database>, id: string, patch: { role?: Role; blocked?: boolean }) {
      const set: { role?: Role; blocked?: boolean | number; updatedAt: Date | string } = { updatedAt: now() };
      if (patch.role !== undefined) set.role = patch.role;
      if (patch.blocked !== undefined) set.blocked = bool(patch.blocked);
      await tx.updateTable('user').set(set).where('id', '=', id).execute();
    },

    /** Signs the user out everywhere: their better-auth sessions are looked up on every request. */
    async deleteSessionsOf(tx: Transaction<Database>, userId: string) {
      await tx.deleteFrom('session').where('userId', '=', userId).execute();
    },
  };
}

export type AdminUserRow = NonNullable<Awaited<ReturnType<ReturnType<typeof adminUsersRepository>['findById']>>>;
