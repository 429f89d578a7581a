// The SQL of calendar feeds (calendar-feed-service.ts): the token of each user, and the sessions
// a feed lists. Each read is one statement on an index: the token's unique index, then the
// student's bookings (booking_student_idx) and the tutor's sessions (study_session_tutor_idx).
import { sql, type Kysely } from 'kysely';
import { prepare } from '#server/db/prepared.ts';
import type { Database, StudySessionRow } from '#server/db/schema.ts';

const tokenOfUser = prepare((db, p: { userId: string }) => db.selectFrom('calendar_feed').select('token').where('userId', '=', p.userId));
/** A new token for the user, replacing any older one. */
const upsertToken = prepare((db, p: { userId: string; token: string; now: string }) =>
  db
    .insertInto('calendar_feed')
    .values({ userId: p.userId, token: p.token, createdAt: p.now, contentTag: sql.lit(null), contentSince: sql.lit(null) })
    .onConflict((oc) => oc.column('userId').doUpdateSet({ token: p.token, createdAt: p.now, contentTag: sql.lit(null), contentSince: sql.lit(null) })),
);
const ownerOfToken = prepare((db, p: { token: string }) =>
  db
    .selectFrom('calendar_feed')
    .innerJoin('user', 'user.id', 'calendar_feed.userId')
    .select(['user.id', 'user.name', 'user.email', 'user.role', 'user.updatedAt', 'calendar_feed.contentTag', 'calendar_feed.contentSince', 'calendar_feed.createdAt'])
    .where('calendar_feed.token', '=', p.token)
    .where(sql<boolean>`not ${sql.ref('user.blocked')}`),
);
const sessionsOfFeed = prepare((db, p: { userId: string; since: string; limit: number }) => {
  const booked = db
    .selectFrom('booking')
    .innerJoin('study_session', 'study_session.id', 'booking.sessionId')
    .selectAll('study_session')
    .where('booking.studentId', '=', p.userId)
    .where('booking.status', '=', sql.lit('confirmed'))
    .where('study_session.classEndDate', '>=', p.since);
  // Taught only while the owner is a tutor: one an admin made a student teaches nothing (decision 039).
  const taught = db
    .selectFrom('study_session')
    .innerJoin('user as teacher', 'teacher.id', 'study_session.tutorId')
    .selectAll('study_session')
    .where('study_session.tutorId', '=', p.userId)
    .where('teacher.role', '=', sql.lit('tutor'))
    .where('study_session.status', 'in', [sql.lit('approved' as const), sql.lit('cancelled' as const)])
    .where('study_session.classEndDate', '>=', p.since);
  return booked.unionAll(taught).orderBy('classStartDate').orderBy('id').limit(p.limit);
});
const recordContentTag = prepare((db, p: { userId: string; tag: string; since: string }) =>
  db.updateTable('calendar_feed').set({ contentTag: p.tag, contentSince: p.since }).where('userId', '=', p.userId),
);

export function calendarFeedRepository(db: Kysely<Database>) {
  return {
    async tokenOf(userId: string) {
      return (await tokenOfUser(db, { userId })).rows[0];
    },

    /** A new token for the user, replacing any older one. */
    async replaceToken(userId: string, token: string, now: string): Promise<void> {
      await upsertToken(db, { userId, token, now });
    },

    /** The feed's owner, if the token is current and the account can sign in. */
    async feedOwner(token: string) {
      return (await ownerOfToken(db, { token })).rows[0];
    },

    /**
     * The sessions in a feed: those the user booked (confirmed; a cancelled one stays, marked) and
     * those they teach as a tutor now (approved or cancelled), whose class ends after `since`, soonest first.
     */
    async feedSessions(userId: string, since: string, limit: number): Promise<StudySessionRow[]> {
      return (await sessionsOfFeed(db, { userId, since, limit })).rows;
    },

    /** Records a new content tag (and since when); several processes may race, any of them is true. */
    async recordContent(userId: string, tag: string, since: string): Promise<void> {
      await recordContentTag(db, { userId, tag, since });
    },
  };
}
