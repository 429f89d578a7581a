// Moving an approved class (docs/decisions/053-reschedule-and-class-order.md): its tutor, or an
// admin, before it starts. The permissions and rules are here, beside session-service.ts's, and
// use its date and place rules; SQL is the repository's.
import type { Updateable } from 'kysely';
import type { z } from 'zod';
import { scheduleProblems, type rescheduleSessionBody, type Session, type SessionSchedule } from '#contract/sessions.ts';
import { timeZoneOrNull } from '#contract/time-zone.ts';
import type { Language } from '#i18n/languages.ts';
import { actorOf, recordAudit } from '#server/audit/audit-log.ts';
import type { CurrentUser } from '#server/auth/current-user.ts';
import type { StudySessionTable } from '#server/db/schema.ts';
import { conflict, forbidden, notFound } from '#server/errors.ts';
import { sessionEvent, webhookJobs } from '#server/features/webhooks/public.ts';
import { graceAfterMove } from './cancel-window.ts';
import { toSessionDto } from './session-dto.ts';
import { durationMinutesBetween } from './session-duration.ts';
import { sessionMovedEmailJobs } from './session-notices.ts';
import { sessionRepository } from './session-repository.ts';
import { assertPlaceKept, changesOf, placeOf, refuseProblems, samePlace, type SessionsDeps } from './session-service.ts';

type RescheduleInput = z.output<typeof rescheduleSessionBody>;

const NO_SESSION = 'errors.sessions.noSession';
const toIso = (value: string) => new Date(value).toISOString();
const notApproved = (status: string) => ({ key: 'errors.sessions.notApprovedReschedule', values: { status } }) as const;

export function sessionReschedule(deps: SessionsDeps) {
  const repo = sessionRepository(deps.db.kysely);

  return {
    /**
     * Moves an approved class that has not started: new class start and end, maybe a new
     * registration end and place, and a message for its students. One unit of work: the row (a
     * new calendar SEQUENCE; the moment of the move, which opens booked students' 48 hours to
     * cancel with a full refund), an email to each booked and waiting student with the updated
     * event (same UID), the session.rescheduled webhooks, the audit entry, and the public lists' cache.
     */
    async reschedule(me: CurrentUser, id: string, body: RescheduleInput, language: Language, ip: string | null = null): Promise<Session> {
      if (me.role !== 'admin' && me.role !== 'tutor') throw forbidden('errors.sessions.rescheduleRoles');
      const row = await repo.findById(id);
      if (!row || (me.role === 'tutor' && row.tutorId !== me.id)) {
        // Another tutor's public session is not theirs to move; a private one is not found for them.
        if (row && (row.status === 'approved' || row.status === 'cancelled')) throw forbidden('errors.sessions.rescheduleOwn');
        throw notFound(NO_SESSION);
      }
      if (row.status === 'cancelled') throw conflict('errors.sessions.cancelledNoReschedule');
      // A pending or rejected session's dates are edited (PUT), not moved: nobody has booked it.
      if (row.status !== 'approved') throw conflict(notApproved(row.status));
      const now = deps.now();
      if (Date.parse(row.classStartDate) <= now.getTime()) throw conflict('errors.sessions.startedNoReschedule');

      const classStartDate = toIso(body.classStartDate);
      const classEndDate = toIso(body.classEndDate);
      // Registration closes no later than the class starts: a class moved before it closes then.
      const registrationEndDate = body.registrationEndDate ? toIso(body.registrationEndDate) : new Date(Math.min(Date.parse(row.registrationEndDate), Date.parse(classStartDate))).toISOString();
      const schedule: SessionSchedule = { registrationStartDate: row.registrationStartDate, registrationEndDate, classStartDate, classEndDate };
      refuseProblems({
        ...scheduleProblems(schedule),
        ...(Date.parse(classStartDate) <= now.getTime() && { classStartDate: 'errors.sessionRules.movedStartPast' }),
        ...(Date.parse(classEndDate) <= Date.parse(classStartDate) && { classEndDate: 'errors.sessionRules.movedEndNotAfterStart' }),
        ...(Date.parse(registrationEndDate) > Date.parse(classStartDate) && { registrationEndDate: 'errors.sessionRules.movedRegistrationAfterStart' }),
      });
      const place = placeOf(body, row);
      assertPlaceKept(row, place);
      const datesChanged = (Object.keys(schedule) as Array<keyof SessionSchedule>).some((k) => schedule[k] !== row[k]);
      if (!datesChanged && samePlace(place, row)) refuseProblems({ classStartDate: 'errors.sessionRules.movedNothing' });

      const at = now.toISOString();
      const patch: Updateable<StudySessionTable> = {
        ...schedule,
        ...place,
        durationMinutes: durationMinutesBetween(classStartDate, classEndDate),
        calendarSequence: row.calendarSequence + 1,
        rescheduledAt: at,
        updatedAt: at,
      };
      // Reminders of moments already past at this change are skipped (bookings' class-reminders.ts).
      if (row.classStartDate !== classStartDate) patch.classTimeSetAt = at;
      // The dates are now in the zone of whoever typed them.
      const zone = timeZoneOrNull(body.timeZone);
      if (zone) patch.tutorTimeZone = zone;
      const note = { message: body.message, freeCancelUntil: graceAfterMove(at, classStartDate).toISOString() };

      const updated = await deps.db.unitOfWork(async (work) => {
        const trx = await work.db();
        const done = await sessionRepository(trx).updateGuarded(id, patch, { status: ['approved'] });
        if (!done) return undefined;
        // Read in the change's transaction: nobody who books or joins meanwhile is missed.
        const people = await sessionRepository(trx).peopleOf(id);
        work.enqueue(sessionMovedEmailJobs(row, done, people, note).map(deps.jobs.row));
        const moved = { previousClassStartDate: row.classStartDate, previousClassEndDate: row.classEndDate, message: body.message };
        work.enqueue(await webhookJobs(trx, deps, sessionEvent('session.rescheduled', done, moved)));
        const details = { title: row.title, tutorEmail: row.tutorEmail, message: body.message, changes: changesOf(row, patch), bookedCount: people.booked.length, waitlisted: people.waiting.length };
        await recordAudit(trx, actorOf(me, ip), { action: 'session.rescheduled', targetType: 'session', targetId: row.id, details }, now);
        work.changed('publicLists');
        return done;
      });
      if (!updated) {
        // Cancelled or changed meanwhile.
        const current = await repo.findById(id);
        if (!current) throw notFound(NO_SESSION);
        throw conflict(current.status === 'cancelled' ? 'errors.sessions.cancelledNoReschedule' : notApproved(current.status));
      }
      return toSessionDto(updated, me, deps.now(), language);
    },
  };
}
