// One way to write "only if" atomically (docs/decisions/029-one-way-to-run-atomically.md): a
// guard, an UPDATE … RETURNING that takes a row or none (a seat under the capacity guard), and
// steps written only when it took one (the booking row, leaving the line, the booking's emails
// as job rows). Features pass prepared queries with their values and never branch on the dialect:
//
//   const taken = await guardedWrite(db, takeSeat.withValues({ sessionId, now }), [
//     insertBooking.withValues(booking),
//     ...jobs.map(jobInsert),
//   ]);
//   if (taken.length === 0) … // full: nothing was written
//
// SQLite: its statements run synchronously in a SAVEPOINT of a transaction shared with the other
// guarded writes of the same event-loop turn, one COMMIT for all of them (group-commit.ts,
// decision 034); in a caller's transaction, as statements of it.
// PostgreSQL: ONE statement of data-modifying CTEs, one round trip, the guarded row locked only
// while it runs (a transaction of the same steps took six more round trips: decision 029):
//
//   with "guard" as (update … returning …),
//        "step_1" as (insert into "booking" (…) select $3, $4, … where exists (select 1 from "guard")),
//        "step_2" as (delete from "waitlist_entry" where … and exists (select 1 from "guard"))
//   select * from "guard"
//
// A step is an insert of one row, an update or a delete. Steps must not depend on each other's
// writes, nor write the guard's row or one row (or key) twice: in one PostgreSQL statement they
// all see the database as it was before it, in no set order. Any failing step (a unique
// violation) undoes the guard and every step.
import { DeleteQueryNode, InsertQueryNode, PostgresAdapter, PrimitiveValueListNode, QueryNode, UpdateQueryNode, ValuesNode, sql, type Compilable, type Kysely, type OperationNode, type OperationNodeSource } from 'kysely';
import { inGroupCommit } from './group-commit.ts';
import { perDatabase, prepare, type BoundQuery, type PreparedQuery } from './prepared.ts';
import type { Database } from './schema.ts';

/**
 * Runs `guard`, then `steps` only if it returned a row, atomically; the guard's rows (none:
 * nothing was written). Inside a caller's transaction (`db` a Kysely transaction) it is part of it.
 */
export async function guardedWrite<G>(db: Kysely<Database>, guard: BoundQuery<G>, steps: ReadonlyArray<BoundQuery<unknown>>): Promise<G[]> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const queries = [guard, ...steps];
    const values: Record<string, unknown> = {};
    queries.forEach((query, i) => {
      for (const [name, value] of Object.entries(query.values)) values[`${i}:${name}`] = value;
    });
    return (await oneStatement(db, queries)(db, values)).rows as G[];
  }
  const grouped = inGroupCommit(db, (sqlite) => {
    const { rows } = guard.runOn(sqlite, db);
    if (rows.length > 0) for (const step of steps) step.runOn(sqlite, db);
    return rows;
  });
  if (grouped) return grouped;
  const write = async (trx: Kysely<Database>) => {
    const { rows } = await guard.run(trx);
    if (rows.length > 0) for (const step of steps) await step.run(trx);
    return rows;
  };
  return db.isTransaction ? write(db) : db.transaction().execute(write);
}

type Statement = PreparedQuery<Record<string, unknown>, unknown>;

interface Shapes {
  /** The one statement of some prepared queries (guard first), by shape: the queries' numbers. */
  statements: Map<string, Statement>;
  /** A number for each prepared query, given at its first use. */
  ids: WeakMap<object, number>;
  lastId: number;
}

/** Each database's own: its statements are prepared for it alone. */
const shapesOf = perDatabase<Shapes>(() => ({ statements: new Map(), ids: new WeakMap(), lastId: 0 }));

const idOf = (shapes: Shapes, prepared: object): number => {
  let id = shapes.ids.get(prepared);
  if (id === undefined) shapes.ids.set(prepared, (id = ++shapes.lastId));
  return id;
};

/** The one statement of these prepared queries (guard first), prepared once per shape and database. */
function oneStatement(db: Kysely<Database>, queries: ReadonlyArray<BoundQuery<unknown>>): Statement {
  const shapes = shapesOf(db);
  const { statements } = shapes;
  const shape = queries.map((query) => idOf(shapes, query.prepared)).join(',');
  let statement = statements.get(shape);
  if (!statement) {
    const builds = queries.map((query) => query.build);
    // Each query's values are named `<its place>:<name>`, so that the steps' names never meet.
    statement = prepare((db, p: Record<string, unknown>) => {
      const [guard, ...steps] = builds.map((build, i) => build(db, new Proxy({}, { get: (_, name) => p[`${i}:${String(name)}`] })).toOperationNode());
      const ctes = [sql`"guard" as (${node(guard!)})`, ...steps.map((step, i) => sql`${sql.id(`step_${i + 1}`)} as (${node(onlyIfGuardTookARow(step))})`)];
      const raw = sql`with ${sql.join(ctes)} select * from "guard"`;
      return { compile: () => raw.compile(db), toOperationNode: () => raw.toOperationNode() } satisfies Compilable & OperationNodeSource;
    });
    // Shapes are few (a booking with 0, 1 or 2 emails…); stay bounded all the same.
    if (statements.size >= 100) statements.clear();
    statements.set(shape, statement);
  }
  return statement;
}

const node = (operation: OperationNode): OperationNodeSource => ({ toOperationNode: () => operation });
const guardTookARow = sql<boolean>`exists (select 1 from "guard")`.toOperationNode();

/** The step written only when the guard returned a row. */
function onlyIfGuardTookARow(step: OperationNode): OperationNode {
  if (UpdateQueryNode.is(step) || DeleteQueryNode.is(step)) return QueryNode.cloneWithWhere(step, guardTookARow);
  if (InsertQueryNode.is(step) && step.values && ValuesNode.is(step.values) && step.values.values.length === 1) {
    const row = step.values.values[0]!;
    const items = PrimitiveValueListNode.is(row) ? row.values : row.values.map(node);
    // `insert … select <the row's values> where …`: PostgreSQL types the parameters from the
    // insert's columns, as it does for `values (…)`.
    return InsertQueryNode.cloneWith(step, { values: sql`select ${sql.join(items)} where ${node(guardTookARow)}`.toOperationNode() });
  }
  throw new Error(`guardedWrite: a step is an insert of one row, an update or a delete (got ${step.kind})`);
}
