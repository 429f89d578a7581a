// The one keyset condition of every paged list (README, "page a list"): the rows strictly after
// the previous page's last row, for a list ordered by `columns` all ascending or all descending.
// Written out, since SQLite and PostgreSQL differ on row values, as
//   a >= x and (a > x or (b >= y and (b > y or …)))        (ascending; <= and < descending)
// whose leading `a >= x` lets both databases seek the index to the cursor instead of walking it
// from the first row: a page deep in a list costs what the first one does (scripts/bench). A list
// ordered partly ascending and partly descending composes it (sessions' admin list).
// keysetPage runs a whole page with it: cursor, condition, order, limit and next cursor.
import type { Expression, ExpressionBuilder, ReferenceExpression, SelectQueryBuilder, SqlBool, StringReference } from 'kysely';
import { decodeCursor, pageFrom } from './keyset-cursor.ts';

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

/**
 * One page of `query` (its filters written, no order or limit yet), in the order of `columns`, all
 * `order`: the rows after the cursor's key (`afterKey`), `limit + 1` of them read so that
 * `pageFrom` knows whether a next page exists. For a list whose key parts are all text.
 */
export async function keysetPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  sort: { columns: readonly StringReference<DB, TB>[]; order: 'asc' | 'desc'; keyOf: (row: O) => readonly string[] },
  page: { cursor?: string | undefined; limit: number },
) {
  const { columns, order, keyOf } = sort;
  const after = decodeCursor(page.cursor, columns.map(() => 'string' as const));
  let q = after ? query.where((eb) => afterKey(eb, columns, after, order)) : query;
  for (const column of columns) q = q.orderBy(column, order);
  const rows = await q.limit(page.limit + 1).execute();
  return pageFrom(rows, page.limit, keyOf);
}
