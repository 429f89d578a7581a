// A minimum to run (docs/decisions/060-minimum-to-run.md). A class may need a least number of
// booked students, decided a number of hours before it starts (its decision time: class start
// minus those hours, never stored, so a class moved takes it along). A recurring job (server/jobs)
// looks every 30 s for approved classes whose minimum is undecided and whose decision time has
// come before their start, and decides each once:
// - reached (confirmed bookings, paid or free; a seat held for payment does not count): recorded
//   as confirmed, and each booked student gets "your class is confirmed", a job per email enqueued
//   with the record in one unit of work;
// - not reached: called off by the system through the same path as "Cancel session"
//   (callOffClass: refunds, emails to everyone booked, holding or waiting, the calendar's
//   METHOD:CANCEL, webhooks, the audit entry, now with the system as its actor).
// Idempotent: both records are conditional updates of a minimum still undecided, so a second run
// (or another process) decides nothing again and sends nothing twice. A failed call-off (a refund
// that did not go through, a payment landing meanwhile) changes nothing and is tried at the next run.
import { MAX_DECISION_HOURS } from '#contract/sessions.ts';
import { SYSTEM } from '#server/audit/audit-log.ts';
import type { Mail } from '#server/email/mailer.ts';
import { defineEmails, queuedEmail } from '#server/email/outbox.ts';
import type { StudySessionRow } from '#server/db/schema.ts';
import { unsubscribeHeaders } from '#server/features/notifications/public.ts';
import { recurringJob } from '#server/jobs/recurring-job.ts';
import { decisionAtOf } from './session-dto.ts';
import { placeText } from './session-calendar.ts';
import { sessionRepository } from './session-repository.ts';
import { callOffClass, type SessionsDeps } from './session-service.ts';

export const MINIMUM_TO_RUN_JOB = 'sessions.minimum-to-run';
const PERIOD_MS = 30_000;
const HOUR_MS = 3_600_000;
const BATCH = 200;

interface ConfirmedArgs {
  sessionId: string;
  studentId: string;
}

declare module '#server/email/outbox.ts' {
  interface EmailKinds {
    'sessions.minimum-confirmed': ConfirmedArgs;
  }
}

/** The reason stored with a class the system called off (the answers and emails say it in their reader's language). */
export const shortOfMinimumReason = (minimum: number) => `Fewer than ${minimum} students had booked by the decision time, so the class was called off automatically.`;

export function minimumToRun(deps: SessionsDeps) {
  const repo = sessionRepository(deps.db.kysely);
  const callOff = callOffClass(deps);

  /** Records the class as running and enqueues one email per booked student, together; nothing when already decided. */
  async function confirm(row: StudySessionRow): Promise<boolean> {
    const done = await deps.db.unitOfWork(async (work) => {
      const trx = await work.db();
      const confirmed = await sessionRepository(trx).confirmMinimum(row.id, deps.now().toISOString());
      if (!confirmed) return false;
      // Read in the decision's transaction: a student who books meanwhile is either counted here or booked after it.
      const people = await sessionRepository(trx).peopleOf(row.id);
      const booked = people.booked.filter((p) => p.status === 'confirmed');
      work.enqueue(booked.map((p) => deps.jobs.row(queuedEmail('sessions.minimum-confirmed', { sessionId: row.id, studentId: p.studentId }, p.email))));
      // The cards stop saying "needs N more".
      work.changed('publicLists');
      return true;
    });
    return done;
  }

  async function decide(row: StudySessionRow): Promise<void> {
    const minimum = row.minimumStudents!;
    if ((await repo.confirmedCount(row.id)) >= minimum) {
      await confirm(row);
      return;
    }
    const outcome = await callOff(row, { actor: SYSTEM, reason: shortOfMinimumReason(minimum), shortOfMinimum: true });
    // Paid for while being called off: nothing changed; the next run refunds that payment too.
    if (outcome === 'paid-meanwhile') deps.log.warn({ session: row.id }, 'minimum to run: a student paid while the class was being called off; tried again at the next run');
  }

  /** Every class whose decision time has come, each decided on its own (one that fails is logged and tried at the next run). */
  async function decideDue(): Promise<number> {
    const now = deps.now();
    const until = new Date(now.getTime() + MAX_DECISION_HOURS * HOUR_MS).toISOString();
    let after: readonly [string, string] = ['', ''];
    let decided = 0;
    for (;;) {
      const page = await repo.undecidedMinimums(now.toISOString(), until, after, BATCH);
      for (const row of page) {
        if ((decisionAtOf(row)?.getTime() ?? Infinity) > now.getTime()) continue;
        try {
          await decide(row);
          decided++;
        } catch (err) {
          deps.log.error({ err, session: row.id }, 'minimum to run: deciding the class failed; tried again at the next run');
        }
      }
      if (page.length < BATCH) break;
      const last = page[page.length - 1]!;
      after = [last.classStartDate, last.id];
    }
    return decided;
  }

  const emails = defineEmails({
    'sessions.minimum-confirmed': async ({ sessionId, studentId }, to) => {
      const session = await repo.findById(sessionId);
      // Called off or deleted since, or the student's booking is gone: nothing to confirm any more.
      const student = session?.status === 'approved' ? await repo.bookedStudent(sessionId, studentId) : undefined;
      if (!session || !student) return null;
      const reader = await to.readerOf(studentId);
      const { t } = reader;
      const place = placeText(t, session, true);
      const mail: Mail = {
        to: student.email,
        subject: t.t('email.minimum.confirmedSubject', { title: session.title }),
        text: [
          t.t('email.hello', { name: student.name }),
          '',
          t.t('email.minimum.confirmed', { title: session.title, tutor: session.tutorName }),
          t.t('email.booking.classTime', { time: reader.span(session.classStartDate, session.classEndDate) }),
          ...(place ? [t.t('email.booking.where', { place })] : []),
          '',
          t.t('email.booking.yourBooking', { url: `${deps.config.baseUrl}/dashboard/view-booked-session/${session.id}` }),
          '',
          'StudyNest',
        ].join('\n'),
        headers: unsubscribeHeaders(deps.config, studentId, null),
      };
      return mail;
    },
  });

  return { ...recurringJob(MINIMUM_TO_RUN_JOB, PERIOD_MS, decideDue), emails };
}
