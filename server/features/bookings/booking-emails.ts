// The booking emails (PRODUCT.md §7): confirmation with the .ics to the student, new booking
// to the tutor. Jobs of the outbox, enqueued in the booking's transaction; rendered when a worker
// sends them, from the session as it is then (server/email/outbox.ts). The tutor's notice is
// optional (docs/decisions/021-notification-emails.md): dropped when sent if the tutor turned new
// bookings off, so that the booking itself stays one read and one write.
import type { AppDeps } from '#server/app-deps.ts';
import type { Mail } from '#server/email/mailer.ts';
import { emailJob, renderedEmailJob, type MailRenderer } from '#server/email/outbox.ts';
import type { StudySessionRow } from '#server/db/schema.ts';
import { isTurnedOff, optionalNotificationFooter, unsubscribeHeaders } from '#server/features/notifications/public.ts';
import type { NewJob } from '#server/jobs/jobs.ts';
import { placeText, sessionCalendar } from '#server/features/sessions/public.ts';
import type { PromotedStudent } from './bookings-repository.ts';

const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

interface BookingMailArgs {
  sessionId: string;
  student: { id: string; name: string; email: string };
  promotedFromWaitlist: boolean;
}

/** The two emails of a booking (student and tutor), as jobs to enqueue with it. */
export function bookingEmailJobs(session: Pick<StudySessionRow, 'id'>, student: { id: string; name: string; email: string }, opts: { promotedFromWaitlist: boolean }): NewJob[] {
  const args = { sessionId: session.id, student: { id: student.id, name: student.name, email: student.email }, promotedFromWaitlist: opts.promotedFromWaitlist } satisfies BookingMailArgs;
  return [renderedEmailJob('bookings.confirmation', args), renderedEmailJob('bookings.tutor-notice', args)];
}

/** How the booking emails are built when sent; a session deleted meanwhile sends nothing. */
export function bookingMailRenderers(deps: AppDeps, findSession: (id: string) => Promise<StudySessionRow | undefined>): Record<string, MailRenderer> {
  const withSession = (render: (session: StudySessionRow, args: BookingMailArgs) => Mail): MailRenderer => async (args) => {
    const session = await findSession(String(args.sessionId));
    return session ? render(session, args as unknown as BookingMailArgs) : null;
  };
  return {
    'bookings.confirmation': withSession((session, args) => confirmationMail(deps, session, args.student, args)),
    'bookings.tutor-notice': async (args) => {
      const session = await findSession(String(args.sessionId));
      if (!session || (await isTurnedOff(deps.db, session.tutorId, 'bookingNotices'))) return null;
      const mail = args as unknown as BookingMailArgs;
      return tutorNoticeMail(deps, session, mail.student, mail);
    },
  };
}

function confirmationMail(deps: AppDeps, session: StudySessionRow, student: BookingMailArgs['student'], opts: { promotedFromWaitlist: boolean }): Mail {
  const link = `${deps.config.baseUrl}/dashboard/view-booked-session/${session.id}`;
  const ics = sessionCalendar(deps, session, student, { method: 'PUBLISH' });
  return {
    to: student.email,
    subject: opts.promotedFromWaitlist ? `A seat opened up: you are booked for ${session.title}` : `Booking confirmed: ${session.title}`,
    text: [
      `Hello ${student.name},`,
      '',
      opts.promotedFromWaitlist
        ? `A seat opened up in "${session.title}" and you were first on the waitlist, so you are now booked.`
        : `You are booked for "${session.title}" with ${session.tutorName}.`,
      '',
      `Class: ${when(session.classStartDate)} to ${when(session.classEndDate)}`,
      // The confirmation goes to a booked student: an online class's link is theirs.
      ...(placeText(session, true) ? [`Where: ${placeText(session, true)}`] : []),
      `You can cancel until ${session.cancellationCutoffHours} hours before class starts.`,
      '',
      `Your booking: ${link}`,
      'The attached calendar file adds the class to Google Calendar, Outlook or Apple Calendar.',
    ].join('\n'),
    attachments: [{ filename: ics.filename, content: ics.body, contentType: ics.contentType }],
    headers: unsubscribeHeaders(deps.config, student.id, null),
  };
}

function tutorNoticeMail(deps: AppDeps, session: StudySessionRow, student: BookingMailArgs['student'], opts: { promotedFromWaitlist: boolean }): Mail {
  const seats = session.maxParticipants === null ? `${session.bookedCount} booked` : `${session.bookedCount} of ${session.maxParticipants} seats taken`;
  return {
    to: session.tutorEmail,
    subject: `New booking: ${session.title}`,
    text: [
      `Hello ${session.tutorName},`,
      '',
      opts.promotedFromWaitlist
        ? `${student.name} (${student.email}) moved up from the waitlist and booked "${session.title}".`
        : `${student.name} (${student.email}) booked "${session.title}".`,
      `${seats}.`,
      '',
      `Roster: ${deps.config.baseUrl}/dashboard/session/${encodeURIComponent(session.tutorEmail)}/${session.id}`,
      ...optionalNotificationFooter(deps.config, 'bookingNotices'),
    ].join('\n'),
    headers: unsubscribeHeaders(deps.config, session.tutorId, 'bookingNotices'),
  };
}

/** A student cancelled their booking: the email's .ics takes the class out of their calendar (METHOD:CANCEL, a higher SEQUENCE). */
export function bookingCancelledEmailJob(deps: Pick<AppDeps, 'config' | 'now'>, session: StudySessionRow, student: { id: string; name: string; email: string }, amountCents: number): NewJob {
  const ics = sessionCalendar(deps, session, student, { method: 'CANCEL', sequenceBump: 1 });
  return emailJob({
    to: student.email,
    subject: `Booking cancelled: ${session.title}`,
    text: [
      `Hello ${student.name},`,
      '',
      `Your booking for "${session.title}" on ${when(session.classStartDate)} is cancelled.`,
      ...(amountCents > 0 ? [`Your payment of $${(amountCents / 100).toFixed(2)} has been refunded in full; your bank may take a few days to show it.`] : []),
      '',
      'The attached calendar file removes the class from your calendar.',
      '',
      'StudyNest',
    ].join('\n'),
    attachments: [{ filename: ics.filename, content: ics.body, contentType: ics.contentType }],
    headers: unsubscribeHeaders(deps.config, student.id, null),
  });
}

/** Students moved up from the waitlist: booked (free session), or offered a held seat to pay for. */
export function promotionEmailJobs(deps: Pick<AppDeps, 'config'>, session: Pick<StudySessionRow, 'id' | 'title' | 'registrationFeeCents'>, promoted: PromotedStudent[]): NewJob[] {
  return promoted.flatMap((student) => {
    const who = { id: student.studentId, name: student.name, email: student.email };
    return student.holdExpiresAt ? [seatHeldEmailJob(deps, session, who, student.holdExpiresAt)] : bookingEmailJobs(session, who, { promotedFromWaitlist: true });
  });
}

/**
 * A seat opened up in a paid session and is held for the first student in line, who must pay to
 * keep it: the email as a job of the outbox, enqueued in the transaction that holds the seat.
 */
export function seatHeldEmailJob(
  deps: Pick<AppDeps, 'config'>,
  session: Pick<StudySessionRow, 'id' | 'title' | 'registrationFeeCents'>,
  student: { id: string; name: string; email: string },
  holdExpiresAt: string,
): NewJob {
  return emailJob({
    to: student.email,
    subject: `A seat opened up: pay to book ${session.title}`,
    text: [
      `Hello ${student.name},`,
      '',
      `A seat opened up in "${session.title}" and you were first on the waitlist, so it is held for you.`,
      `Pay the registration fee ($${(session.registrationFeeCents / 100).toFixed(2)}) by ${when(holdExpiresAt)} to book it; after that the seat goes to the next student in line.`,
      '',
      `Pay and book: ${deps.config.baseUrl}/session/${session.id}`,
    ].join('\n'),
    // Not optional (it has a deadline): one click turns off the optional ones (decision 021).
    headers: unsubscribeHeaders(deps.config, student.id, null),
  });
}
