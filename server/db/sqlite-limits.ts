// SQLite plans a query with its LIMIT's value when the LIMIT is a bound parameter (`limit ?`),
// and so marks the statement to be compiled again whenever that parameter is bound, which
// better-sqlite3 does on every run: every paged list was prepared anew on each request, however
// well its statement was cached (a student's booked sessions spent 8 % of its CPU in
// sqlite3Reprepare). Written `limit ? + 0`, the LIMIT is an expression, not a parameter: the
// plan does not depend on it and the prepared statement is kept. Same rows, same order.
// Done where Kysely writes the SQL, so that it costs nothing when a query runs.
import { type LimitNode, SqliteDialect, SqliteQueryCompiler, type QueryCompiler, ValueNode } from 'kysely';

class LimitAsExpressionCompiler extends SqliteQueryCompiler {
  protected override visitLimit(node: LimitNode): void {
    super.visitLimit(node);
    if (ValueNode.is(node.limit) && !node.limit.immediate) this.append(' + 0');
  }
}

/** Kysely's SQLite dialect, every bound LIMIT written as an expression. */
export class SqliteDialectWithLimitExpressions extends SqliteDialect {
  override createQueryCompiler(): QueryCompiler {
    return new LimitAsExpressionCompiler();
  }
}

