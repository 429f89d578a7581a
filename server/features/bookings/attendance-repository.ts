// The SQL of attendance (issue 19): the tutor's mark on each confirmed booking, and the roster
// as the CSV download lists it.
import type { Db } from '#server/db/database.ts';
import type { Attendance } from '#server/db/schema.ts';

export function attendanceRepository(database: Db) {
  const db = database.kysely;
  return {
    /** Marks one confirmed booking; false when the student holds none on this session. */
    async mark(sessionId: string, studentId: string, attendance: Attendance, now: string): Promise<boolean> {
      const result = await db
        .updateTable('booking')
        .set({ attendance, attendanceMarkedAt: now })
        .where('sessionId', '=', sessionId)
        .where('studentId', '=', studentId)
        .where('status', '=', 'confirmed')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Marks present every confirmed booking not marked yet; how many. */
    async markAllUnmarkedPresent(sessionId: string, now: string): Promise<number> {
      const result = await db
        .updateTable('booking')
        .set({ attendance: 'present', attendanceMarkedAt: now })
        .where('sessionId', '=', sessionId)
        .where('status', '=', 'confirmed')
        .where('attendance', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** The booked students, in booking order, as the roster download lists them. */
    bookedStudents(sessionId: string) {
      return db
        .selectFrom('booking')
        .innerJoin('user', 'user.id', 'booking.studentId')
        .select(['user.name', 'user.email', 'booking.createdAt', 'booking.amountCents', 'booking.attendance'])
        .where('booking.sessionId', '=', sessionId)
        .where('booking.status', '=', 'confirmed')
        .orderBy('booking.createdAt')
        .orderBy('booking.id')
        .execute();
    },
  };
}
