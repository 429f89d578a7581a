// The only SQL of the admin's user management. Reads and writes better-auth's `user` and
// `session` tables, whose booleans and dates differ by dialect (see server/db/schema.ts).
// Prepared (decision 030): the list is one prepared query per shape (filters, cursor), as is the
// change (the columns it sets).
import { authColumns } from '#server/db/auth-columns.ts';
import { sql, type Kysely } from 'kysely';
import type { Role } from '#contract/common.ts';
import type { Database } from '#server/db/schema.ts';
import { decodeCursor, pageFrom } from '#server/db/keyset-cursor.ts';
import { afterKey } from '#server/db/keyset.ts';
import { prepare } from '#server/db/prepared.ts';
import { perShape } from '#server/db/prepared-shapes.ts';
import { locking } from '#server/db/row-lock.ts';

const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const COLUMNS = ['id', 'name', 'email', 'role', 'emailVerified', 'blocked', 'image', 'lastSeen'] as const;

/** The values of a list; a shape reads only its own. */
type ListValues = { role: Role; pattern: string; name: string; id: string; limit: number };
/** Users alphabetically, by (name, id): maybe of one role, maybe matching a search, maybe after a cursor. */
const listPage = perShape((shape: { role: boolean; search: boolean; after: boolean }) =>
  prepare((db, p: ListValues) => {
    let q = db.selectFrom('user').select(COLUMNS);
    if (shape.role) q = q.where('role', '=', p.role);
    if (shape.search) q = q.where(sql<boolean>`(lower("name") like ${p.pattern} escape '\\' or lower("email") like ${p.pattern} escape '\\')`);
    if (shape.after) q = q.where((eb) => afterKey(eb, ['name', 'id'], [p.name, p.id], 'asc'));
    return q.orderBy('name').orderBy('id').limit(p.limit);
  }),
);
const userById = prepare((db, p: { id: string }) => db.selectFrom('user').select(COLUMNS).where('id', '=', p.id));
/**
 * Ids of admins who can still act (not blocked), their rows locked until the unit of work ends
 * (server/db/row-lock.ts), so that two admins demoting each other at once cannot leave none.
 * `not blocked` works for PostgreSQL booleans and SQLite 0/1 alike.
 */
const activeAdmins = prepare((db) =>
  locking(
    db,
    db
      .selectFrom('user')
      .select('id')
      .where('role', '=', sql.lit('admin'))
      .where(sql<boolean>`not ${sql.ref('blocked')}`),
  ),
);
/** A role change, a block or an unblock (or both), with the time of the change. */
const updateUser = perShape((shape: { role: boolean; blocked: boolean }) =>
  prepare((db, p: { id: string; role: Role; blocked: boolean | number; updatedAt: Date | string }) =>
    db
      .updateTable('user')
      .set({ updatedAt: p.updatedAt })
      .$if(shape.role, (q) => q.set({ role: p.role }))
      .$if(shape.blocked, (q) => q.set({ blocked: p.blocked }))
      .where('id', '=', p.id),
  ),
);
const deleteSessionsOf = prepare((db, p: { userId: string }) => db.deleteFrom('session').where('userId', '=', p.userId));

/** Built on the database, or on a unit of work's transaction (`await work.db()`) for the writes that go together. */
export function adminUsersRepository(k: Kysely<Database>) {
  const { bool, date } = authColumns(k);

  return {
    async list(opts: { q?: string; role?: Role; cursor?: string; limit: number }) {
      const after = decodeCursor(opts.cursor, ['string', 'string']);
      const shape = { role: Boolean(opts.role), search: Boolean(opts.q), after: after !== undefined };
      const values = {
        ...(opts.role ? { role: opts.role } : {}),
        ...(opts.q ? { pattern: likePattern(opts.q) } : {}),
        ...(after ? { name: after[0], id: after[1] } : {}),
        limit: opts.limit + 1,
      };
      const { rows } = await listPage(shape)(k, values as ListValues);
      return pageFrom(rows, opts.limit, (row) => [row.name, row.id]);
    },

    async findById(id: string) {
      return (await userById(k, { id })).rows[0];
    },

    /** Ids of admins who can still act (not blocked), locked until the unit of work ends. */
    async activeAdminIds(): Promise<string[]> {
      return (await activeAdmins(k, {})).rows.map((r) => r.id);
    },

    async update(id: string, patch: { role?: Role; blocked?: boolean }) {
      const shape = { role: patch.role !== undefined, blocked: patch.blocked !== undefined };
      const values = {
        id,
        updatedAt: date(new Date()),
        ...(patch.role !== undefined ? { role: patch.role } : {}),
        ...(patch.blocked !== undefined ? { blocked: bool(patch.blocked) } : {}),
      };
      await updateUser(shape)(k, values as { id: string; role: Role; blocked: boolean | number; updatedAt: Date | string });
    },

    /** Signs the user out everywhere: their better-auth sessions are looked up on every request. */
    async deleteSessionsOf(userId: string) {
      await deleteSessionsOf(k, { userId });
    },
  };
}

export type AdminUserRow = NonNullable<Awaited<ReturnType<ReturnType<typeof adminUsersRepository>['findById']>>>;
