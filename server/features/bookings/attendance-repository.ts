// The SQL of attendance: the tutor's mark on each confirmed booking, and the roster
// as the CSV download lists it.
import { sql, type Kysely } from 'kysely';
import { prepare } from '#server/db/prepared.ts';
import type { Attendance, Database } from '#server/db/schema.ts';

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
    .select(['booking.studentId', 'user.name', 'user.email', 'booking.createdAt', 'booking.amountCents', 'booking.attendance', 'booking.seats'])
    .where('booking.sessionId', '=', p.sessionId)
    .where('booking.status', '=', sql.lit('confirmed'))
    .orderBy('booking.createdAt')
    .orderBy('booking.id'),
);

/** Built on the database, or on a unit of work's transaction (`await work.db()`) for a mark and its audit entry. */
export function attendanceRepository(db: Kysely<Database>) {
  return {
    /** Marks one confirmed booking: its student's address, or undefined when the student holds none on this session. */
    async mark(sessionId: string, studentId: string, attendance: Attendance, now: string): Promise<{ studentEmail: string } | undefined> {
      return (await markBooking(db, { sessionId, studentId, attendance, now })).rows[0];
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
