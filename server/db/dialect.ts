// Which database a Kysely instance (or one of its transactions) talks to: asked only inside
// server/db, where every rule that differs between them lives (docs/decisions/043-unit-of-work.md).
import { PostgresAdapter, type Kysely } from 'kysely';
import type { Database } from './schema.ts';

export type Dialect = 'sqlite' | 'postgres';

export const dialectOf = (db: Kysely<Database>): Dialect => (db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite');
