// The only SQL of the operator's CLI that no feature already has: what `show` prints about a user.
import { authColumns } from '#server/db/auth-columns.ts';
import type { Kysely } from 'kysely';
import { prepare } from '#server/db/prepared.ts';
import type { Database } from '#server/db/schema.ts';

// Prepared (decision 030).
const userByEmail = prepare((db, p: { email: string }) =>
  db.selectFrom('user').select(['id', 'name', 'email', 'role', 'emailVerified', 'blocked', 'createdAt', 'lastSeen']).where('email', '=', p.email),
);
const providersOf = prepare((db, p: { userId: string }) => db.selectFrom('account').select('providerId').where('userId', '=', p.userId).orderBy('providerId'));
const openSessionsOf = prepare((db, p: { userId: string; now: string | Date }) =>
  db.selectFrom('session').select((eb) => eb.fn.countAll().as('n')).where('userId', '=', p.userId).where('expiresAt', '>', p.now),
);
const bookingsOf = prepare((db, p: { userId: string }) => db.selectFrom('booking').select((eb) => eb.fn.countAll().as('n')).where('studentId', '=', p.userId));
const tutoringOf = prepare((db, p: { userId: string }) => db.selectFrom('study_session').select((eb) => eb.fn.countAll().as('n')).where('tutorId', '=', p.userId));
const reviewsOf = prepare((db, p: { userId: string }) => db.selectFrom('review').select((eb) => eb.fn.countAll().as('n')).where('studentId', '=', p.userId));
const notesOf = prepare((db, p: { userId: string }) => db.selectFrom('note').select((eb) => eb.fn.countAll().as('n')).where('studentId', '=', p.userId));
const materialsOf = prepare((db, p: { userId: string }) => db.selectFrom('material').select((eb) => eb.fn.countAll().as('n')).where('tutorId', '=', p.userId));

export function operatorRepository(k: Kysely<Database>) {
  const count = async (query: Promise<{ rows: Array<{ n: number | string | bigint }> }>) => Number((await query).rows[0]?.n ?? 0);

  return {
    async findUserByEmail(email: string) {
      return (await userByEmail(k, { email: email.toLowerCase() })).rows[0];
    },

    /** What the account holds: sign-in methods, open sessions and its rows in each feature. */
    async summaryOf(userId: string, now: Date) {
      const nowText = authColumns(k).date(now);
      const [providers, signedIn, bookings, tutoring, reviews, notes, materials] = await Promise.all([
        providersOf(k, { userId }),
        count(openSessionsOf(k, { userId, now: nowText })),
        count(bookingsOf(k, { userId })),
        count(tutoringOf(k, { userId })),
        count(reviewsOf(k, { userId })),
        count(notesOf(k, { userId })),
        count(materialsOf(k, { userId })),
      ]);
      return { signInMethods: providers.rows.map((p) => p.providerId), openSessions: signedIn, bookings, tutoring, reviews, notes, materials };
    },
  };
}
