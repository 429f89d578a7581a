// The one keyset condition of every paged list (README, "page a list"): the rows strictly after
// the previous page's last row, for a list ordered by `columns` all ascending or all descending.
// Written out, since SQLite and PostgreSQL differ on row values, as
//   a >= x and (a > x or (b >= y and (b > y or …)))        (ascending; <= and < descending)
// whose leading `a >= x` lets both databases seek the index to the cursor instead of walking it
// from the first row: a page deep in a list costs what the first one does (scripts/bench). A list
// ordered partly ascending and partly descending composes it (sessions' admin list).
// A page is one prepared query per shape (first page, page after: decision 030), its cursor read
// by decodeCursor and its next cursor made by pageFrom (keyset-cursor.ts).
import type { Expression, ExpressionBuilder, ReferenceExpression, SqlBool } from 'kysely';

export type KeyPart = string | number;

export function afterKey<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  columns: readonly ReferenceExpression<DB, TB>[],
  key: readonly KeyPart[],
  order: 'asc' | 'desc',
): Expression<SqlBool> {
  if (columns.length === 0 || columns.length !== key.length) throw new Error('afterKey: one key part per column');
  const strict = order === 'asc' ? '>' : '<';
  const [column, ...rest] = columns;
  const [value, ...after] = key;
  // Kysely types a comparison's value by its column; a key part is the cursor's, checked by decodeCursor.
  const cmp = (op: '>' | '<' | '>=' | '<=') => eb(column!, op, value as never);
  if (rest.length === 0) return cmp(strict);
  return eb.and([cmp(`${strict}=`), eb.or([cmp(strict), afterKey(eb, rest, after, order)])]);
}
