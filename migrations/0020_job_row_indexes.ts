// Never edit this file once landed: add a new migration instead.
// The booking storm: every booking writes two job rows (its emails) in its
// transaction, and each index of the job table is one more b-tree page written at every commit
// (docs/decisions/017-durable-jobs.md, "Trade-offs").
// On SQLite (one process, decision 034):
// - The key's uniqueness holds only for jobs that have a key (schedules, "Download my data"):
//   a partial unique index, instead of a unique column whose index also held a NULL entry for
//   every keyless job (every email).
// - The table is WITHOUT ROWID, stored in the order of its primary key (the time-ordered id): the
//   table and its primary key index are one b-tree instead of two.
// PostgreSQL keeps its unique constraint "job_key_key": in a rolling deploy the processes of the
// previous release still enqueue keyed jobs with `on conflict ("key")`, which a partial index
// cannot answer; this release's `on conflict ("key") where "key" is not null` is answered by
// either index.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect-columns.ts';

const COLUMNS = sql.raw('"id", "kind", "payload", "status", "runAt", "attempts", "maxAttempts", "lastError", "lockedBy", "lockedUntil", "key", "createdAt"');

/** SQLite: the job table rebuilt with its rows (a column's constraints cannot be altered in place). */
async function rebuildSqliteJobTable(db: Kysely<unknown>, shape: { withoutRowid: boolean; uniqueKeyColumn: boolean }): Promise<void> {
  await db.schema
    .createTable('job_next')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('runAt', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('maxAttempts', 'integer', (c) => c.notNull())
    .addColumn('lastError', 'text')
    .addColumn('lockedBy', 'text')
    .addColumn('lockedUntil', 'text')
    .addColumn('key', 'text', (c) => (shape.uniqueKeyColumn ? c.unique() : c))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .$call((table) => (shape.withoutRowid ? table.modifyEnd(sql`without rowid`) : table))
    .execute();
  await sql`insert into "job_next" (${COLUMNS}) select ${COLUMNS} from "job"`.execute(db);
  await db.schema.dropTable('job').execute();
  await db.schema.alterTable('job_next').renameTo('job').execute();
  await db.schema.createIndex('job_due_idx').on('job').columns(['status', 'runAt']).execute();
}

/**
 * Kysely runs SQLite's migrations outside a transaction (its SQLite adapter declares no
 * transactional DDL): the rebuild (create, copy, drop, rename, indexes) is one transaction of its
 * own, so that a failure in its middle (the copy fills the disk) or a crash leaves the table as it
 * was and the migration runs again at the next start. PostgreSQL's migrations already run in one.
 */
const atomically = (db: Kysely<unknown>, run: (db: Kysely<unknown>) => Promise<void>): Promise<void> => (db.isTransaction ? run(db) : db.transaction().execute(run));

export async function up(db: Kysely<unknown>): Promise<void> {
  await atomically(db, async (db) => {
    if (isPostgres(db)) return;
    await rebuildSqliteJobTable(db, { withoutRowid: true, uniqueKeyColumn: false });
    await db.schema.createIndex('job_key_idx').on('job').column('key').unique().where(sql.ref('key'), 'is not', null).execute();
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await atomically(db, async (db) => {
    if (isPostgres(db)) return;
    await db.schema.dropIndex('job_key_idx').execute();
    await rebuildSqliteJobTable(db, { withoutRowid: false, uniqueKeyColumn: true });
  });
}
