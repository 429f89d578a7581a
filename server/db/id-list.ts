// A list of ids (or names) as ONE parameter of a prepared query: a JSON array that the database
// reads back as rows, so that the query's SQL is the same for a list of any length (an
// `in (?, ?, …)` list would be another query per length; decision 030).
//
//   const byIds = prepare((db, p: { ids: string }) => db.selectFrom('user').selectAll().where('id', 'in', idList(db, p.ids)));
//   await byIds(db, { ids: JSON.stringify(ids) });
//
// The SQL differs by dialect, which a prepared query is compiled for (never by value).
import { PostgresAdapter, sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from './schema.ts';

export function idList(db: Kysely<Database>, json: string): RawBuilder<string> {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? sql<string>`(select value from json_array_elements_text(${json}::json))`
    : sql<string>`(select value from json_each(${json}))`;
}
