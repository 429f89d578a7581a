// Keyset cursors for `{ items, nextCursor }` lists: the sort key of the last row of a page,
// opaque to clients (base64url JSON). Never OFFSET: pages stay stable while rows are added.
import { badRequest } from '#server/errors.ts';

export function encodeCursor(key: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/** The key of `cursor` (undefined = first page); a cursor not made by us is a 400. */
export function decodeCursor<const T extends readonly ('string' | 'number')[]>(
  cursor: string | undefined,
  shape: T,
): { [K in keyof T]: T[K] extends 'number' ? number : string } | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    key = undefined;
  }
  if (!Array.isArray(key) || key.length !== shape.length || key.some((part, i) => typeof part !== shape[i])) {
    throw badRequest('errors.badCursor', { cursor: 'errors.validation.notValid' });
  }
  return key as { [K in keyof T]: T[K] extends 'number' ? number : string };
}

/** Splits a `limit + 1` query result into the page and the cursor of the next one. */
export function pageFrom<R>(rows: R[], limit: number, keyOf: (row: R) => readonly (string | number)[]) {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return { items, nextCursor: rows.length > limit && last ? encodeCursor(keyOf(last)) : null };
}
