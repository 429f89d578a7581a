// The SQL of calendar feeds (calendar-feed-service.ts): the token of each user, and the sessions
// a feed lists. Each read is one statement on an index: the token's unique index, then the
// student's bookings (booking_student_idx) and the tutor's sessions (study_session_tutor_idx).
import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { StudySessionRow } from '#server/db/schema.ts';

export function calendarFeedRepository(database: Db) {
  const db = database.kysely;
  return {
    tokenOf(userId: string) {
      return db.selectFrom('calendar_feed').select('token').where('userId', '=', userId).executeTakeFirst();
    },

    /** A new token for the user, replacing any older one. */
    async replaceToken(userId: string, token: string, now: string): Promise<void> {
      await db
        .insertInto('calendar_feed')
        .values({ userId, token, createdAt: now, contentTag: null, contentSince: null })
        .onConflict((oc) => oc.column('userId').doUpdateSet({ token, createdAt: now, contentTag: null, contentSince: null }))
        .execute();
    },

    /** The feed's owner, if the token is current and the account can sign in. */
    feedOwner(token: string) {
      return db
        .selectFrom('calendar_feed')
        .innerJoin('user', 'user.id', 'calendar_feed.userId')
        .select(['user.id', 'user.name', 'user.email', 'user.role', 'calendar_feed.contentTag', 'calendar_feed.contentSince', 'calendar_feed.createdAt'])
        .where('calendar_feed.token', '=', token)
        .where(sql<boolean>`not ${sql.ref('user.blocked')}`)
        .executeTakeFirst();
    },

    /**
     * The sessions in a feed: those the user booked (confirmed; a cancelled one stays, marked) and
     * those they teach (approved or cancelled), whose class ends after `since`, soonest first.
     */
    async feedSessions(userId: string, since: string, limit: number): Promise<StudySessionRow[]> {
      const booked = db
        .selectFrom('booking')
        .innerJoin('study_session', 'study_session.id', 'booking.sessionId')
        .selectAll('study_session')
        .where('booking.studentId', '=', userId)
        .where('booking.status', '=', 'confirmed')
        .where('study_session.classEndDate', '>=', since);
      const taught = db
        .selectFrom('study_session')
        .selectAll('study_session')
        .where('study_session.tutorId', '=', userId)
        .where('study_session.status', 'in', ['approved', 'cancelled'])
        .where('study_session.classEndDate', '>=', since);
      return booked.unionAll(taught).orderBy('classStartDate').orderBy('id').limit(limit).execute();
    },

    /** Records a new content tag (and since when); several processes may race, any of them is true. */
    async recordContent(userId: string, tag: string, since: string): Promise<void> {
      await db.updateTable('calendar_feed').set({ contentTag: tag, contentSince: since }).where('userId', '=', userId).execute();
    },
  };
}
