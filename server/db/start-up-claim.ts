// One-time start-up work across processes: several processes started together on one database
// (a rolling deploy, a scaled service) each try to claim it, and one insert wins. Kysely's
// Migrator already locks migrations; seeding demo data is claimed here
// (docs/decisions/036-startup-and-photo-ownership.md).
import type { Kysely } from 'kysely';
import { prepare } from './prepared.ts';
import type { Database } from './schema.ts';

const insertClaim = prepare((db, p: { name: string; claimedAt: string }) =>
  db.insertInto('start_up_claim').values({ name: p.name, claimedAt: p.claimedAt }).onConflict((oc) => oc.column('name').doNothing()).returning('name'),
);
const deleteClaim = prepare((db, p: { name: string }) => db.deleteFrom('start_up_claim').where('name', '=', p.name));

/**
 * Runs `work` in the one process whose claim of `name` wins, and returns its result; the others
 * (and every later start) get null without waiting. A failed `work` gives the claim back, so the
 * next start tries again.
 */
export async function onceAcrossProcesses<T>(db: Kysely<Database>, name: string, now: Date, work: () => Promise<T>): Promise<T | null> {
  if ((await insertClaim(db, { name, claimedAt: now.toISOString() })).rows.length === 0) return null;
  try {
    return await work();
  } catch (err) {
    await deleteClaim(db, { name }).catch(() => undefined);
    throw err;
  }
}
