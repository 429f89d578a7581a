// Hot queries are built and compiled by Kysely once per dialect, then run with new values:
// building a join or a guarded UPDATE through the query builder costs 40–50 µs a call on the
// reference machine (a tenth of a signed-in read), and its SQL never changes, only its values.
//
//   const byStudent = prepare((db, p: { studentId: string; limit: number }) =>
//     db.selectFrom('note').selectAll().where('studentId', '=', p.studentId).limit(p.limit));
//   const rows = (await byStudent(db, { studentId, limit: 21 })).rows;
//
// The builder is called once with stand-ins for the values; each stand-in must reach the query as
// a bound parameter (a plain value in where/set/values/limit), never as SQL text: `prepare`
// checks that every one of them did. Values stay parameters, so nothing is ever spliced into SQL.
// The builder must not branch on a value (a stand-in is always a string): a query with another
// shape (say, with a cursor) is another `prepare`.
// Constants are written as literals (`sql.lit('pending_payment')`, `eb.lit(1)`), never as
// parameters: PostgreSQL's plan of a named statement cannot see a parameter (decision 015).
import type SQLite from 'better-sqlite3';
import type { Compilable, CompiledQuery, Kysely, OperationNodeSource, QueryResult } from 'kysely';
import type { Database } from './schema.ts';
import { cachedStatement } from './statement-cache.ts';

/**
 * A value of its own for each database, made at its first use: keyed by the Kysely instance's
 * adapter, which its transactions share (each createDb makes another). Two apps in one process
 * share nothing through it.
 */
export function perDatabase<T>(make: () => T): (db: Kysely<Database>) => T {
  const values = new WeakMap<object, T>();
  return (db) => {
    const adapter = db.getExecutor().adapter;
    let value = values.get(adapter);
    if (value === undefined) values.set(adapter, (value = make()));
    return value;
  };
}

interface PreparedState {
  /**
   * The better-sqlite3 handle behind the database (registered by createDb). A prepared read on
   * the root instance runs directly: synchronously, rows read as arrays and made into objects of
   * one shape. Kysely's path (executor, driver mutex, a chain of promises) and better-sqlite3's
   * object rows (properties added one at a time from C++) were about a third of the booked
   * sessions query (docs/decisions/014-direct-sqlite-reads.md). Inside a Kysely transaction every
   * prepared query, write or read, runs directly on the connection the transaction holds
   * (decision 028).
   */
  sqlite: SQLite.Database | undefined;
  /**
   * PostgreSQL statement names of the prepared queries' SQL on this database: each connection
   * parses and plans such a query once and then only binds values (server/db/database.ts). Only
   * SQL made by `prepare` is named, so the set of names is finite.
   */
  names: Map<string, string>;
}

const stateOf = perDatabase<PreparedState>(() => ({ sqlite: undefined, names: new Map() }));

/** The better-sqlite3 handle behind this database (undefined on PostgreSQL). */
export const sqliteOf = (db: Kysely<Database>): SQLite.Database | undefined => stateOf(db).sqlite;

export function registerSqliteHandle(kysely: Kysely<Database>, sqlite: SQLite.Database): void {
  stateOf(kysely).sqlite = sqlite;
}

/**
 * A statement of the transaction holding the process's one SQLite connection, run without
 * Kysely's executor; the result is the one Kysely's SQLite driver gives.
 */
function runInTransaction<O>(sqlite: SQLite.Database, query: CompiledQuery<O>): QueryResult<O> {
  const statement = cachedStatement(sqlite, query.sql);
  if (statement.reader) return { rows: statement.all(query.parameters) as O[] };
  const { changes, lastInsertRowid } = statement.run(query.parameters);
  return { rows: [], numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid) };
}

/**
 * Runs `work` synchronously in one `BEGIN IMMEDIATE … COMMIT` on the database's SQLite connection,
 * taken from Kysely's driver like any transaction (so it waits for a transaction in progress);
 * undefined when `db` is not SQLite or is already a transaction. Nothing else runs between its
 * BEGIN and COMMIT: no other request meets the connection in a transaction, and no await leaves
 * the write lock held while the event loop serves others (group-commit.ts).
 */
export function atomicallyOnSqlite<T>(db: Kysely<Database>, work: (sqlite: SQLite.Database) => T): Promise<T> | undefined {
  const sqlite = stateOf(db).sqlite;
  if (!sqlite || db.isTransaction) return undefined;
  return db.getExecutor().provideConnection(async () => {
    cachedStatement(sqlite, 'begin immediate').run();
    try {
      const result = work(sqlite);
      cachedStatement(sqlite, 'commit').run();
      return result;
    } catch (error) {
      if (sqlite.inTransaction) cachedStatement(sqlite, 'rollback').run();
      throw error;
    }
  });
}

interface DirectRead {
  statement: SQLite.Statement;
  /** How many columns toObject was made for. */
  width: number;
  /** The row's array made into an object of one shape (a repeated column name: the last wins). */
  toObject: (values: unknown[]) => Record<string, unknown>;
}

/**
 * A function making a row's values into an object with these keys, generated once per query so
 * that every row gets the same shape. The keys are JSON-quoted and computed (`["__proto__"]` is
 * a plain key), so no column name can become code.
 */
function rowMaker(columns: string[]): DirectRead['toObject'] {
  const fields = columns.map((column, i) => `[${JSON.stringify(column)}]: values[${i}]`).join(', ');
  return new Function('values', `return { ${fields} };`) as DirectRead['toObject'];
}

/** The statement name for this SQL on this database, if it is a prepared query's. */
export function statementName(db: Kysely<Database>, sql: string): string | undefined {
  return stateOf(db).names.get(sql);
}

/** A statement in array mode with the function making its rows into objects. */
function describe(statement: SQLite.Statement): DirectRead {
  const columns = statement.columns().map((column) => column.name);
  return { statement, width: columns.length, toObject: rowMaker(columns) };
}

const STAND_IN = '\u0000prepared-parameter:';


/**
 * A prepared query with the values of one run, not run yet: a step of a guarded write
 * (guarded-write.ts), which runs it, or composes its builder with others into one statement.
 */
export interface BoundQuery<O = unknown> {
  run(db: Kysely<Database>): Promise<QueryResult<O>>;
  /** Runs it at once on the SQLite connection, whose transaction the caller holds (`atomicallyOnSqlite`). */
  runOn(sqlite: SQLite.Database, db: Kysely<Database>): QueryResult<O>;
  /** The prepared query's builder, given values (or stand-ins) by name. */
  build(db: Kysely<Database>, params: Record<string, unknown>): Compilable<O> & OperationNodeSource;
  /** The prepared query itself: the same object for every run of it. */
  readonly prepared: object;
  readonly values: Readonly<Record<string, unknown>>;
}

export function prepare<P extends Record<string, unknown>, O>(build: (db: Kysely<Database>, params: P) => Compilable<O> & OperationNodeSource) {
  // Keyed by the dialect's adapter: SQLite and PostgreSQL write different SQL; a transaction
  // shares its database's adapter.
  const compiled = new WeakMap<object, { template: CompiledQuery<O>; params: Array<keyof P> }>();

  function compile(db: Kysely<Database>) {
    const used = new Set<string>();
    const standIns = new Proxy({} as P, {
      get: (_, key) => {
        used.add(String(key));
        return `${STAND_IN}${String(key)}`;
      },
    });
    const template = build(db, standIns).compile();
    const names = stateOf(db).names;
    if (!names.has(template.sql)) names.set(template.sql, `studynest_${names.size + 1}`);
    const isStandIn = (value: unknown): value is string => typeof value === 'string' && value.startsWith(STAND_IN);
    const params = template.parameters.filter(isStandIn).map((value) => value.slice(STAND_IN.length) as keyof P);
    const bound = new Set(params.map(String));
    const lost = [...used].filter((key) => !bound.has(key));
    if (lost.length > 0 || template.sql.includes(STAND_IN)) {
      throw new Error(`prepare: ${lost.join(', ') || 'a value'} did not become a bound parameter of: ${template.sql}`);
    }
    // PostgreSQL plans a named statement (database.ts) once for any values after a few runs: a
    // constant sent as a parameter is invisible to that plan. `status = $1` for the rare
    // 'pending_payment' was planned as a scan of every booking, and the booking storm fell from
    // 1,200 to 49 bookings/s. Constants are written into the SQL instead (sql.lit, eb.lit).
    if (params.length !== template.parameters.length) {
      throw new Error(`prepare: write constants as literals (sql.lit, eb.lit), not as parameters, in: ${template.sql}`);
    }
    return { template, params };
  }

  function compiledFor(db: Kysely<Database>) {
    const adapter = db.getExecutor().adapter;
    let entry = compiled.get(adapter);
    if (!entry) {
      entry = compile(db);
      compiled.set(adapter, entry);
    }
    return entry;
  }
  /** These values in the order of the query's parameters. */
  const parametersOf = (db: Kysely<Database>, values: P): unknown[] => compiledFor(db).params.map((key) => values[key]);

  /** The compiled query with these values bound (what `run` executes). */
  function compiledWith(db: Kysely<Database>, values: P): CompiledQuery<O> {
    return { ...compiledFor(db).template, parameters: parametersOf(db, values) };
  }

  // Per SQLite handle: the statement in array mode, or null when the query writes.
  const direct = new WeakMap<SQLite.Database, DirectRead | null>();
  function directRead(sqlite: SQLite.Database, db: Kysely<Database>): DirectRead | null {
    let read = direct.get(sqlite);
    if (read === undefined) {
      const statement = sqlite.prepare(compiledFor(db).template.sql);
      read = statement.reader ? describe(statement.raw(true)) : null;
      direct.set(sqlite, read);
    }
    return read;
  }

  const run = async (db: Kysely<Database>, params: P): Promise<QueryResult<O>> => {
    const sqlite = stateOf(db).sqlite;
    // A transaction's own query: the connection is its own until it commits (one connection,
    // Kysely's mutex), so the statement runs on it at once.
    if (sqlite && db.isTransaction && sqlite.inTransaction) return runInTransaction(sqlite, compiledWith(db, params));
    // Inside a Kysely transaction in progress on the connection, a read would see its
    // uncommitted writes: then wait for the connection like any other query.
    if (sqlite && !db.isTransaction && !sqlite.inTransaction) {
      const read = directRead(sqlite, db);
      if (read) {
        const values = read.statement.all(parametersOf(db, params)) as unknown[][];
        // SQLite prepares the statement again after a schema change: `select *` then has more
        // columns than the function was made for (a migration run by another connection).
        if (values.length > 0 && values[0]!.length !== read.width) Object.assign(read, describe(read.statement));
        return { rows: values.map((row) => read.toObject(row) as O) };
      }
    }
    return db.executeQuery<O>(compiledWith(db, params));
  };
  /** This query with these values, to run later or as a step of a guarded write (guarded-write.ts). */
  const withValues = (values: P): BoundQuery<O> => ({
    run: (db) => run(db, values),
    runOn: (sqlite, db) => runInTransaction(sqlite, compiledWith(db, values)),
    build: (db, params) => build(db, params as P),
    prepared: run,
    values,
  });
  return Object.assign(run, { compiledWith, withValues });
}

/** A query made by `prepare`. */
export type PreparedQuery<P extends Record<string, unknown>, O> = ReturnType<typeof prepare<P, O>>;
