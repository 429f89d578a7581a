// The only SQL of the operator's CLI that no feature already has: what `show` prints about a user.
import { authColumns } from '#server/db/auth-columns.ts';
import type { Db } from '#server/db/database.ts';

export function operatorRepository(db: Db) {
  const k = db.kysely;
  const count = async (query: Promise<{ n: number | string | bigint } | undefined>) => Number((await query)?.n ?? 0);

  return {
    findUserByEmail(email: string) {
      return k.selectFrom('user').select(['id', 'name', 'email', 'role', 'emailVerified', 'blocked', 'createdAt', 'lastSeen']).where('email', '=', email.toLowerCase()).executeTakeFirst();
    },

    /** What the account holds: sign-in methods, open sessions and its rows in each feature. */
    async summaryOf(userId: string, now: Date) {
      const nowText = authColumns(db.dialect).date(now);
      const [providers, signedIn, bookings, tutoring, reviews, notes, materials] = await Promise.all([
        k.selectFrom('account').select('providerId').where('userId', '=', userId).orderBy('providerId').execute(),
        count(k.selectFrom('session').select((eb) => eb.fn.countAll().as('n')).where('userId', '=', userId).where('expiresAt', '>', nowText).executeTakeFirst()),
        count(k.selectFrom('booking').select((eb) => eb.fn.countAll().as('n')).where('studentId', '=', userId).executeTakeFirst()),
        count(k.selectFrom('study_session').select((eb) => eb.fn.countAll().as('n')).where('tutorId', '=', userId).executeTakeFirst()),
        count(k.selectFrom('review').select((eb) => eb.fn.countAll().as('n')).where('studentId', '=', userId).executeTakeFirst()),
        count(k.selectFrom('note').select((eb) => eb.fn.countAll().as('n')).where('studentId', '=', userId).executeTakeFirst()),
        count(k.selectFrom('material').select((eb) => eb.fn.countAll().as('n')).where('tutorId', '=', userId).executeTakeFirst()),
      ]);
      return { signInMethods: providers.map((p) => p.providerId), openSessions: signedIn, bookings, tutoring, reviews, notes, materials };
    },
  };
}
