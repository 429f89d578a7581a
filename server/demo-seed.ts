// Demo data for a new, empty database: fixed emails (listed in the README), passwords
// generated now and printed once, so a demo account is never an open door.
import { randomBytes } from 'node:crypto';
import type { CoreDeps } from '#server/core-deps.ts';
import { onceAcrossProcesses } from '#server/db/start-up-claim.ts';
import { createUser, type CreatedUser, type DemoSeeder } from '#server/factories.ts';
import { seedDemoSessions } from '#server/features/sessions/session-demo-seed.ts';
import { seedDemoMaterials } from '#server/features/materials/material-demo-seed.ts';
import { seedDemoStudents } from '#server/features/bookings/student-demo-seed.ts';
import { seedDemoReviews } from '#server/features/reviews/review-demo-seed.ts';
import { seedDemoNotes } from '#server/features/notes/note-demo-seed.ts';

export const DEMO_ACCOUNTS = [
  { email: 'admin@studynest.example', name: 'Ada Admin', role: 'admin' },
  { email: 'tutor.maria@studynest.example', name: 'Maria Tutor', role: 'tutor' },
  { email: 'tutor.james@studynest.example', name: 'James Tutor', role: 'tutor' },
  { email: 'student.lee@studynest.example', name: 'Lee Student', role: 'student' },
  { email: 'student.sam@studynest.example', name: 'Sam Student', role: 'student' },
  { email: 'student.kim@studynest.example', name: 'Kim Student', role: 'student' },
] as const;

/** Later features add their demo content here (sessions, bookings…). */
export const DEMO_CONTENT: DemoSeeder[] = [seedDemoSessions, seedDemoStudents, seedDemoReviews, seedDemoNotes, seedDemoMaterials];

/**
 * Seeds an empty database and returns the demo accounts with their passwords; null when it has
 * users, or when another process starting at the same time seeds it (one claim wins).
 */
export async function seedDemoIfEmpty(deps: CoreDeps): Promise<CreatedUser[] | null> {
  const any = await deps.db.kysely.selectFrom('user').select('id').limit(1).executeTakeFirst();
  if (any) return null;
  return onceAcrossProcesses(deps.db.kysely, 'demo-seed', deps.now(), async () => {
    const users: CreatedUser[] = [];
    for (const account of DEMO_ACCOUNTS) {
      users.push(await createUser(deps, { ...account, password: randomBytes(9).toString('base64url') }));
    }
    for (const seed of DEMO_CONTENT) await seed(deps, users);
    return users;
  });
}
