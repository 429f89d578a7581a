// SQLite plans a query with its LIMIT's value when the LIMIT is a bound parameter (`limit ?`),
// and so marks the statement to be compiled again whenever that parameter is bound, which
// better-sqlite3 does on every run: every paged list was prepared anew on each request, however
// well its statement was cached (a student's booked sessions spent 8 % of its CPU in
// sqlite3Reprepare). Written `limit ? + 0`, the LIMIT is an expression, not a parameter: the
// plan does not depend on it and the prepared statement is kept. Same rows, same order.
import { BinaryOperationNode, type KyselyPlugin, type LimitNode, OperationNodeTransformer, OperatorNode, type QueryId, ValueNode } from 'kysely';

class LimitAsExpression extends OperationNodeTransformer {
  protected override transformLimit(node: LimitNode, queryId?: QueryId): LimitNode {
    const limit = this.transformNode(node.limit, queryId);
    if (!ValueNode.is(limit) || limit.immediate) return { ...node, limit };
    return { ...node, limit: BinaryOperationNode.create(limit, OperatorNode.create('+'), ValueNode.createImmediate(0)) };
  }
}

const transformer = new LimitAsExpression();

/** The SQLite database's Kysely plugin: every bound LIMIT written as an expression. */
export const boundLimitsAsExpressions: KyselyPlugin = {
  transformQuery: ({ node }) => transformer.transformNode(node),
  transformResult: async ({ result }) => result,
};
