// Reminders: each booked student gets an email 24 hours and 1 hour before class
// starts. A recurring job (server/jobs) looks every 30 s for confirmed bookings whose reminder
// moment has come and whose class has not started, and for each, in one transaction, records
// the class start it reminded of (booking.reminded24hFor / reminded1hFor) and enqueues the email.
// So:
// - a reminder whose moment had passed when the student booked is recorded, never sent (a seat
//   held for payment is booked when paid: its passed reminders are recorded then, seat-holds.ts),
//   and so is one whose moment had passed when an edit moved the class to its time
//   (study_session.classTimeSetAt): no "starts in 1 hour" for a class brought forward to 30 min;
// - the 24-hour reminder is not sent once the 1-hour moment has come (a process that was down);
// - a cancelled booking has no row, and an email already queued for it renders to nothing;
// - a class moved to another time no longer matches what was recorded: its reminders come again
//   for the new time, and an email queued for the old time renders to nothing.
// - a student who turned class reminders off (server/features/notifications) has them recorded,
//   not sent; one who turns them off after the email was queued gets nothing either;
// - a student an admin blocked has them recorded, not sent (their calendar feed is closed too).
// Idempotent: the conditional update records each reminder once, whichever process runs it.
import type { CoreDeps } from '#server/core-deps.ts';
import type { Mail } from '#server/email/mailer.ts';
import { defineEmails, queuedEmail } from '#server/email/outbox.ts';
import { isTurnedOff, optionalNotificationFooter, unsubscribeHeaders, usersWithKindOff } from '#server/features/notifications/public.ts';
import { recurringJob } from '#server/jobs/recurring-job.ts';
import { bookingsRepository, type ReminderOffset } from './bookings-repository.ts';

export const CLASS_REMINDERS_JOB = 'bookings.class-reminders';
const PERIOD_MS = 30_000;
const HOUR_MS = 3_600_000;
const OFFSETS: Array<{ offset: ReminderOffset; beforeMs: number }> = [
  { offset: '24h', beforeMs: 24 * HOUR_MS },
  { offset: '1h', beforeMs: HOUR_MS },
];
const BATCH = 200;

/**
 * The reminders of a class starting at `classStartDate` whose moment has come at `at`, each as the
 * class start to record it for (null: still to come). A seat held for payment is booked when it is
 * paid: these are recorded as done then (seat-holds.ts), never sent late.
 */
export function passedReminders(classStartDate: string, at: Date): Record<ReminderOffset, string | null> {
  const start = Date.parse(classStartDate);
  const passed = (beforeMs: number) => (at.getTime() >= start - beforeMs ? classStartDate : null);
  return { '24h': passed(24 * HOUR_MS), '1h': passed(HOUR_MS) };
}

interface ReminderArgs {
  bookingId: string;
  offset: ReminderOffset;
  classStartDate: string;
}

declare module '#server/email/outbox.ts' {
  interface EmailKinds {
    'bookings.reminder': ReminderArgs;
  }
}

export function classReminders(deps: CoreDeps) {
  const bookings = bookingsRepository(deps.db.kysely);

  async function remindDue(): Promise<number> {
    const now = deps.now();
    let sent = 0;
    for (const { offset, beforeMs } of OFFSETS) {
      for (;;) {
        const due = await bookings.remindersDue(offset, now.toISOString(), new Date(now.getTime() + beforeMs).toISOString(), BATCH);
        const turnedOff = await usersWithKindOff(deps.db, due.map((booking) => booking.studentId), 'classReminders');
        for (const booking of due) {
          const moment = Date.parse(booking.classStartDate) - beforeMs;
          // Booked (or the class moved to this time) after its moment, (24 h) the 1-hour moment
          // has come meanwhile, the student turned reminders off, or an admin blocked them (as
          // their calendar feed): recorded, not sent.
          const skip =
            Date.parse(booking.createdAt) > moment ||
            (booking.classTimeSetAt !== null && Date.parse(booking.classTimeSetAt) > moment) ||
            (offset === '24h' && now.getTime() >= Date.parse(booking.classStartDate) - HOUR_MS) ||
            turnedOff.has(booking.studentId) ||
            booking.studentBlocked;
          const args: ReminderArgs = { bookingId: booking.id, offset, classStartDate: booking.classStartDate };
          const recorded = await deps.db.unitOfWork(async (work) => {
            if (!skip) work.enqueue(deps.jobs.row(queuedEmail('bookings.reminder', args)));
            return bookings.recordReminder(work, booking.id, offset, booking.classStartDate);
          });
          if (recorded && !skip) sent++;
        }
        if (due.length < BATCH) break;
      }
    }
    return sent;
  }

  const emails = defineEmails({
    'bookings.reminder': async (args, to) => {
      const found = await bookings.bookingWithSession(args.bookingId);
      // Cancelled, moved, or already started: nothing to remind of any more.
      if (!found || found.session.classStartDate !== args.classStartDate || deps.now().getTime() >= Date.parse(args.classStartDate)) return null;
      const { session, studentId, studentEmail, studentName } = found;
      if (await isTurnedOff(deps.db, studentId, 'classReminders')) return null;
      // In the student's language; `offset` picks "24 hours" or "1 hour" in it.
      const reader = await to.readerOf(studentId);
      const { t } = reader;
      const offset = args.offset === '1h' ? 'h1' : 'h24';
      const mail: Mail = {
        to: studentEmail,
        subject: t.t('email.reminder.subject', { title: session.title, offset }),
        text: [
          t.t('email.hello', { name: studentName }),
          '',
          t.t('email.reminder.body', { title: session.title, tutor: session.tutorName, offset }),
          t.t('email.booking.classTime', { time: reader.span(session.classStartDate, session.classEndDate) }),
          '',
          t.t('email.booking.yourBooking', { url: `${deps.config.baseUrl}/dashboard/view-booked-session/${session.id}` }),
          ...optionalNotificationFooter(deps.config, t, 'classReminders'),
        ].join('\n'),
        headers: unsubscribeHeaders(deps.config, studentId, 'classReminders'),
      };
      return mail;
    },
  });

  return { ...recurringJob(CLASS_REMINDERS_JOB, PERIOD_MS, remindDue), emails };
}
