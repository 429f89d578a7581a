// The SQL of attendance (issue 19): the tutor's mark on each confirmed booking, and the roster
// as the CSV download lists it.
import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import { prepare } from '#server/db/prepared.ts';
import type { Attendance } from '#server/db/schema.ts';

/** One confirmed booking's mark. */
const markBooking = prepare((db, p: { sessionId: string; studentId: string; attendance: Attendance; now: string }) =>
  db
    .updateTable('booking')
    .set({ attendance: p.attendance, attendanceMarkedAt: p.now })
    .where('sessionId', '=', p.sessionId)
    .where('studentId', '=', p.studentId)
    .where('status', '=', sql.lit('confirmed')),
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
    /** Marks one confirmed booking; false when the student holds none on this session. */
    async mark(sessionId: string, studentId: string, attendance: Attendance, now: string): Promise<boolean> {
      return Number((await markBooking(db, { sessionId, studentId, attendance, now })).numAffectedRows ?? 0) > 0;
    },

    /** Marks present every confirmed booking not marked yet; how many. */
    async markAllUnmarkedPresent(sessionId: string, now: string): Promise<number> {
      return Number((await markUnmarkedPresent(db, { sessionId, now })).numAffectedRows ?? 0);
    },

    /** The booked students, in booking order, as the roster download lists them. */
    async bookedStudents(sessionId: string) {
      return (await bookedStudentsOf(db, { sessionId })).rows;
    },
  };
}
