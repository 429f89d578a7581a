// The SQL of attendance: the tutor's mark on each confirmed booking, and the roster
// as the CSV download lists it.
import { sql, type Kysely } from 'kysely';
import type { Db } from '#server/db/database.ts';
import { prepare } from '#server/db/prepared.ts';
import type { Attendance, Database } from '#server/db/schema.ts';

/** What commits with a mark (its audit entry): run in the mark's transaction, only when it marked something. */
export type WithMark<T> = (trx: Kysely<Database>, marked: T) => Promise<void>;

/** One confirmed booking's mark. */
const markBooking = prepare((db, p: { sessionId: string; studentId: string; attendance: Attendance; now: string }) =>
  db
    .updateTable('booking')
    .set({ attendance: p.attendance, attendanceMarkedAt: p.now })
    .where('sessionId', '=', p.sessionId)
    .where('studentId', '=', p.studentId)
    .where('status', '=', sql.lit('confirmed'))
    .returning('studentEmail'),
);
/** Every confirmed booking of the session not marked yet, marked present. */
const markUnmarkedPresent = prepare((db, p: { sessionId: string; now: string }) =>
  db.updateTable('booking').set({ attendance: sql.lit('present'), attendanceMarkedAt: p.now }).where('sessionId', '=', p.sessionId).where('status', '=', sql.lit('confirmed')).where('attendance', 'is', null),
);
/** The booked students, in booking order. */
const bookedStudentsOf = prepare((db, p: { sessionId: string }) =>
  db
    .selectFrom('booking')
    .innerJoin('user', 'user.id', 'booking.studentId')
    .select(['user.name', 'user.email', 'booking.createdAt', 'booking.amountCents', 'booking.attendance'])
    .where('booking.sessionId', '=', p.sessionId)
    .where('booking.status', '=', sql.lit('confirmed'))
    .orderBy('booking.createdAt')
    .orderBy('booking.id'),
);

export function attendanceRepository(database: Db) {
  const db = database.kysely;
  return {
    /** Marks one confirmed booking, `also` in the same transaction; false when the student holds none on this session. */
    async mark(sessionId: string, studentId: string, attendance: Attendance, now: string, also: WithMark<{ studentEmail: string }>): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const marked = (await markBooking(trx, { sessionId, studentId, attendance, now })).rows[0];
        if (marked) await also(trx, marked);
        return Boolean(marked);
      });
    },

    /** Marks present every confirmed booking not marked yet, `also` in the same transaction; how many. */
    async markAllUnmarkedPresent(sessionId: string, now: string, also: WithMark<number>): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const marked = Number((await markUnmarkedPresent(trx, { sessionId, now })).numAffectedRows ?? 0);
        if (marked > 0) await also(trx, marked);
        return marked;
      });
    },

    /** The booked students, in booking order, as the roster download lists them. */
    async bookedStudents(sessionId: string) {
      return (await bookedStudentsOf(db, { sessionId })).rows;
    },
  };
}
