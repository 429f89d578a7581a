// Attendance: once class has started, the session's tutor (or an admin) marks each
// booked student present or absent, or every one not yet marked present at once; the roster
// downloads as CSV. A student sees their own mark on their booking; one marked absent cannot
// review (features/reviews).
import { stringify } from 'csv-stringify/sync';
import type { Attendance } from '#contract/bookings.ts';
import { timeZoneOrNull } from '#contract/time-zone.ts';
import type { CoreDeps } from '#server/core-deps.ts';
import { recordAdminAccess } from '#server/audit/admin-audit.ts';
import type { CurrentUser } from '#server/auth/current-user.ts';
import type { StudySessionRow } from '#server/db/schema.ts';
import { conflict, forbidden, notFound } from '#server/errors.ts';
import { fileSlug, isTutorOf } from '#server/features/sessions/public.ts';
import type { Language } from '#i18n/languages.ts';
import { formatDateTime, translatorFor } from '#server/i18n/translate.ts';
import { attendanceRepository } from './attendance-repository.ts';
import { bookingsRepository } from './bookings-repository.ts';


export function attendanceService(deps: CoreDeps) {
  const attendance = attendanceRepository(deps.db.kysely);
  const bookings = bookingsRepository(deps.db.kysely);

  /** The session, if the caller is its tutor or an admin (the roster's own rule). */
  async function managedSession(me: CurrentUser, sessionId: string): Promise<StudySessionRow> {
    const session = await bookings.findSession(sessionId);
    if (!session) throw notFound('errors.sessions.notFound');
    if (me.role !== 'admin' && !isTutorOf(session, me)) throw forbidden('errors.bookings.attendanceRoles');
    return session;
  }

  async function markable(me: CurrentUser, sessionId: string): Promise<StudySessionRow> {
    const session = await managedSession(me, sessionId);
    if (session.status === 'cancelled') throw conflict('errors.bookings.classCancelled');
    if (deps.now().getTime() < Date.parse(session.classStartDate)) throw conflict('errors.bookings.attendanceNotStarted');
    return session;
  }

  return {
    /** An admin's mark commits with its audit entry (decision 040). */
    async mark(me: CurrentUser, sessionId: string, studentId: string, value: Attendance, ip: string | null = null): Promise<{ studentId: string; attendance: Attendance }> {
      const session = await markable(me, sessionId);
      const marked = await deps.db.unitOfWork(async (work) => {
        const trx = await work.db();
        const booking = await attendanceRepository(trx).mark(sessionId, studentId, value, deps.now().toISOString());
        if (booking) await recordAdminAccess(trx, { me, ip }, { id: session.tutorId }, { action: 'session.attendance_marked', targetType: 'session', targetId: session.id, details: { title: session.title, tutorEmail: session.tutorEmail, studentId, studentEmail: booking.studentEmail, attendance: value } }, deps.now());
        return booking !== undefined;
      });
      if (!marked) throw notFound('errors.bookings.studentNotBooked');
      return { studentId, attendance: value };
    },

    async markAllPresent(me: CurrentUser, sessionId: string, ip: string | null = null): Promise<{ marked: number }> {
      const session = await markable(me, sessionId);
      const marked = await deps.db.unitOfWork(async (work) => {
        const trx = await work.db();
        const count = await attendanceRepository(trx).markAllUnmarkedPresent(sessionId, deps.now().toISOString());
        if (count > 0) await recordAdminAccess(trx, { me, ip }, { id: session.tutorId }, { action: 'session.attendance_marked', targetType: 'session', targetId: session.id, details: { title: session.title, tutorEmail: session.tutorEmail, attendance: 'present', allNotMarked: count } }, deps.now());
        return count;
      });
      return { marked };
    },

    /**
     * The roster as CSV (RFC 4180: CRLF records, every field quoted). Spreadsheet-safe:
     * a cell starting with = + - @ (or a tab or carriage return) is prefixed with ' so that no
     * spreadsheet runs a name as a formula (csv-stringify's escape_formulas). Its words (the
     * header, 'free', present/absent) in the caller's language; the booking times as the pages
     * write them (dd/MM/yyyy HH:mm) in the caller's own zone (user.timeZone, else UTC), which the
     * header names (decision 054); the amount stays machine-readable (12.50).
     */
    async rosterCsv(me: CurrentUser, sessionId: string, language: Language, ip: string | null = null): Promise<{ filename: string; body: string }> {
      const session = await managedSession(me, sessionId);
      const rows = await attendance.bookedStudents(sessionId);
      const named = await bookings.attendeesOf(sessionId);
      // An admin's download is recorded before it is answered (decision 040).
      await recordAdminAccess(deps.db.kysely, { me, ip }, { id: session.tutorId }, { action: 'session.roster_downloaded', targetType: 'session', targetId: session.id, details: { title: session.title, tutorEmail: session.tutorEmail, students: rows.length } }, deps.now());
      const { t } = translatorFor(language);
      const zone = timeZoneOrNull(me.timeZone) ?? 'UTC';
      const header = [t('roster.name'), t('roster.email'), t('roster.bookedAt', { zone }), t('roster.paid'), t('roster.attendance')];
      const marks: Record<Attendance, string> = { present: t('roster.present'), absent: t('roster.absent') };
      const paid = (cents: number) => (cents > 0 ? (cents / 100).toFixed(2) : t('roster.free'));
      // A group booking is one line a seat, named as its booker named them, each with its share of
      // what was paid and the booking's mark (docs/decisions/061-group-bookings.md); a seat without
      // its own email gives the booker's, whom the tutor reaches for it.
      const lines = rows.flatMap((r) => {
        const people = named.get(r.studentId) ?? [];
        const mark = r.attendance ? marks[r.attendance] : '';
        if (people.length === 0) return [[r.name, r.email, formatDateTime(zone, r.createdAt), paid(r.amountCents), mark]];
        const share = Math.round(r.amountCents / people.length);
        return people.map((p) => [t('roster.seatOf', { name: p.name, booker: r.name }), p.email ?? r.email, formatDateTime(zone, r.createdAt), paid(share), mark]);
      });
      const body = stringify(
        [header, ...lines],
        // Every field quoted: a spreadsheet that splits on ';' (Excel in most of Europe) keeps a
        // name like `x;=cmd|…` in one cell instead of starting a formula after the ';'.
        { record_delimiter: 'windows', escape_formulas: true, quoted: true },
      );
      const slug = fileSlug(session.title, 'session');
      return { filename: `roster-${slug}.csv`, body };
    },
  };
}
