// The only SQL of the audit log (audit-log.ts) and of its security events (security-events.ts):
// the log's rows, and the failed sign-ins counted per address. Prepared (decision 030); each run
// through the executor it is given, so that an entry commits with the action it records.
import { sql, type Kysely, type Selectable } from 'kysely';
import { perShape } from '#server/db/prepared-shapes.ts';
import { prepare } from '#server/db/prepared.ts';
import type { AuditLogTable, Database } from '#server/db/schema.ts';
import { afterKey } from '#server/db/keyset.ts';
import { decodeCursor, encodeCursor, pageFrom } from '#server/db/keyset-cursor.ts';

export type AuditRow = Selectable<AuditLogTable>;

export interface AuditFilter {
  /** An action (`session.approved`), or a family of them (`session`). */
  action?: string | undefined;
  /** Part of the actor (an email, "operator", "visitor"), the target id or the details, any case. */
  q?: string | undefined;
  targetId?: string | undefined;
  cursor?: string | undefined;
  limit: number;
}

const insertEntry = prepare((db, p: AuditRow) =>
  db.insertInto('audit_log').values({
    id: p.id,
    at: p.at,
    actorId: p.actorId,
    actor: p.actor,
    action: p.action,
    targetType: p.targetType,
    targetId: p.targetId,
    details: p.details,
    ip: p.ip,
  }),
);
const latestEntries = prepare((db, p: { limit: number }) => db.selectFrom('audit_log').selectAll().orderBy('at', 'desc').orderBy('id', 'desc').limit(p.limit));

/**
 * A search's shape: which filters it has, and whether it is after a cursor. Each shape is one
 * prepared query (decision 030), made at its first use: 3 × 2 × 2 × 2 at most.
 */
type SearchShape = {
  action: 'any' | 'one' | 'family';
  ofTarget: boolean;
  matching: boolean;
  after: boolean;
};
/** The values of a search; a shape reads only its own. */
type SearchValues = {
  action: string;
  targetId: string;
  pattern: string;
  at: string;
  id: string;
  limit: number;
};
const searchQueryOf = perShape((shape: SearchShape) =>
  prepare((db, p: SearchValues) => {
    let q = db.selectFrom('audit_log').selectAll();
    if (shape.action === 'one') q = q.where('action', '=', p.action);
    if (shape.action === 'family') q = q.where('action', 'like', p.action);
    if (shape.ofTarget) q = q.where('targetId', '=', p.targetId);
    if (shape.matching) {
      q = q.where(sql<boolean>`(lower("actor") like ${p.pattern} escape '\\' or lower("targetId") like ${p.pattern} escape '\\' or lower("details") like ${p.pattern} escape '\\')`);
    }
    // Newest first, by (at, id).
    if (shape.after) q = q.where((eb) => afterKey(eb, ['at', 'id'], [p.at, p.id], 'desc'));
    return q.orderBy('at', 'desc').orderBy('id', 'desc').limit(p.limit);
  }),
);

const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const userById = prepare((db, p: { id: string }) => db.selectFrom('user').select(['id', 'email']).where('id', '=', p.id));
const userByEmail = prepare((db, p: { email: string }) => db.selectFrom('user').select(['id', 'email']).where('email', '=', p.email));

/**
 * One failed sign-in to `email` counted, atomically whichever process answered: one row per
 * address; a window that started before `since` starts again at 1, at `at`.
 */
const countFailure = prepare((db, p: { email: string; at: string; since: string }) =>
  db
    .insertInto('sign_in_failure')
    .values({ email: p.email, windowStart: p.at, failures: sql.lit(1) })
    .onConflict((oc) =>
      oc.column('email').doUpdateSet({
        failures: sql<number>`case when "sign_in_failure"."windowStart" < ${p.since} then 1 else "sign_in_failure"."failures" + 1 end`,
        windowStart: sql<string>`case when "sign_in_failure"."windowStart" < ${p.since} then ${p.at} else "sign_in_failure"."windowStart" end`,
      }),
    )
    .returning('failures'),
);
const deleteWindowsBefore = prepare((db, p: { since: string }) => db.deleteFrom('sign_in_failure').where('windowStart', '<', p.since));
const deleteFailuresOf = prepare((db, p: { email: string }) => db.deleteFrom('sign_in_failure').where('email', '=', p.email));

/** The audit log's queries, run through `executor` (the database, or the action's transaction). */
export function auditRepository(executor: Kysely<Database>) {
  return {
    async insert(row: AuditRow): Promise<void> {
      await insertEntry(executor, row);
    },

    /** The newest entries first. */
    async latest(limit: number): Promise<AuditRow[]> {
      return (await latestEntries(executor, { limit })).rows;
    },

    /** A page of the log, newest first, by (at, id). */
    async search(filter: AuditFilter) {
      const after = decodeCursor(filter.cursor, ['string', 'string']);
      const action = filter.action;
      const shape: SearchShape = {
        action: !action ? 'any' : action.includes('.') ? 'one' : 'family',
        ofTarget: Boolean(filter.targetId),
        matching: Boolean(filter.q),
        after: after !== undefined,
      };
      const values = {
        ...(action ? { action: shape.action === 'one' ? action : `${action}.%` } : {}),
        ...(filter.targetId ? { targetId: filter.targetId } : {}),
        ...(filter.q ? { pattern: likePattern(filter.q) } : {}),
        ...(after ? { at: after[0], id: after[1] } : {}),
        limit: filter.limit + 1,
      };
      // A shape reads only the values it has (prepare checks each one it reads became a parameter).
      const { rows } = await searchQueryOf(shape)(executor, values as SearchValues);
      return pageFrom(rows, filter.limit, (row) => [row.at, row.id]);
    },

    /**
     * A page of the log, newest first, of the entries `matches` keeps (the words the page shows:
     * audit-log.ts), read in batches from the cursor. At most `maxScanned` entries are read for one
     * page: a page that stops there holds fewer than `limit` entries, and its cursor goes on from
     * the last entry read.
     */
    async searchWith(filter: Omit<AuditFilter, 'q'>, matches: (row: AuditRow) => boolean, batch = 200, maxScanned = 5000) {
      let after = decodeCursor(filter.cursor, ['string', 'string']);
      const action = filter.action;
      const found: AuditRow[] = [];
      let scanned = 0;
      for (;;) {
        const shape: SearchShape = { action: !action ? 'any' : action.includes('.') ? 'one' : 'family', ofTarget: Boolean(filter.targetId), matching: false, after: after !== undefined };
        const values = {
          ...(action ? { action: shape.action === 'one' ? action : `${action}.%` } : {}),
          ...(filter.targetId ? { targetId: filter.targetId } : {}),
          ...(after ? { at: after[0], id: after[1] } : {}),
          limit: batch,
        };
        const { rows } = await searchQueryOf(shape)(executor, values as SearchValues);
        for (const row of rows) {
          scanned++;
          if (matches(row)) found.push(row);
          if (found.length > filter.limit) return pageFrom(found, filter.limit, (r) => [r.at, r.id]);
          if (scanned >= maxScanned) return { items: found, nextCursor: encodeCursor([row.at, row.id]) };
        }
        const last = rows.at(-1);
        if (rows.length < batch || !last) return { items: found, nextCursor: null };
        after = [last.at, last.id];
      }
    },

    async userById(id: string): Promise<{ id: string; email: string } | undefined> {
      return (await userById(executor, { id })).rows[0];
    },

    async userByEmail(email: string): Promise<{ id: string; email: string } | undefined> {
      return (await userByEmail(executor, { email })).rows[0];
    },

    /** Counts a failed sign-in to `email` (a window started before `since` starts again at `at`); the count now. */
    async countSignInFailure(email: string, at: string, since: string): Promise<number> {
      const counted = (await countFailure(executor, { email, at, since })).rows[0];
      if (!counted) throw new Error('sign_in_failure: the count was not returned');
      return Number(counted.failures);
    },

    /** Forgets the windows that started before `since`. */
    async forgetWindowsBefore(since: string): Promise<void> {
      await deleteWindowsBefore(executor, { since });
    },

    /** Counting starts again for `email`. */
    async forgetFailuresOf(email: string): Promise<void> {
      await deleteFailuresOf(executor, { email });
    },
  };
}
