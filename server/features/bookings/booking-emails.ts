// The booking emails: confirmation with the .ics to the student, new booking
// to the tutor. Jobs of the outbox, enqueued in the booking's transaction; rendered when a worker
// sends them, from the session as it is then (server/email/outbox.ts). The tutor's notice is
// optional (docs/decisions/021-notification-emails.md): dropped when sent if the tutor turned new
// bookings off, so that the booking itself stays one read and one write. Every email is in its
// recipient's language (their account's, else English), read when it is written.
import type { AppDeps } from '#server/app-deps.ts';
import type { Mail } from '#server/email/mailer.ts';
import { emailJob, renderedEmailJob, type MailRenderer } from '#server/email/outbox.ts';
import type { StudySessionRow } from '#server/db/schema.ts';
import { isTurnedOff, optionalNotificationFooter, unsubscribeHeaders } from '#server/features/notifications/public.ts';
import { accountLanguageRepository } from '#server/i18n/account-language-repository.ts';
import { formatMoney, formatUtc, translatorForAccount, type ServerTranslator } from '#server/i18n/translate.ts';
import type { NewJob } from '#server/jobs/jobs.ts';
import { placeText, sessionCalendar } from '#server/features/sessions/public.ts';
import type { PromotedStudent } from './bookings-repository.ts';


interface BookingMailArgs {
  sessionId: string;
  student: { id: string; name: string; email: string };
  promotedFromWaitlist: boolean;
}

/** The two emails of a booking (student and tutor), as jobs to enqueue with it. */
export function bookingEmailJobs(session: Pick<StudySessionRow, 'id'>, student: { id: string; name: string; email: string }, opts: { promotedFromWaitlist: boolean }): NewJob[] {
  const args = { sessionId: session.id, student: { id: student.id, name: student.name, email: student.email }, promotedFromWaitlist: opts.promotedFromWaitlist } satisfies BookingMailArgs;
  // The tutor's address is read when the notice is written, so only the confirmation names its recipient now.
  return [renderedEmailJob('bookings.confirmation', args, student.email), renderedEmailJob('bookings.tutor-notice', args)];
}

/** How the booking emails are built when sent; a session deleted meanwhile sends nothing. */
export function bookingMailRenderers(deps: AppDeps, findSession: (id: string) => Promise<StudySessionRow | undefined>): Record<string, MailRenderer> {
  const languages = accountLanguageRepository(deps.db.kysely);
  return {
    'bookings.confirmation': async (args) => {
      const session = await findSession(String(args.sessionId));
      if (!session) return null;
      const mail = args as unknown as BookingMailArgs;
      return confirmationMail(deps, await languages.translatorOf(mail.student.id), session, mail.student, mail);
    },
    'bookings.tutor-notice': async (args) => {
      const session = await findSession(String(args.sessionId));
      if (!session || (await isTurnedOff(deps.db, session.tutorId, 'bookingNotices'))) return null;
      const mail = args as unknown as BookingMailArgs;
      return tutorNoticeMail(deps, await languages.translatorOf(session.tutorId), session, mail.student, mail);
    },
  };
}

/**
 * An email to a student about their place (not optional: no notification footer): hello, then
 * `lines`, with the calendar file `ics` when there is one. `t`: the student's language.
 */
function studentMail(deps: Pick<AppDeps, 'config'>, t: ServerTranslator, student: { id: string; name: string; email: string }, subject: string, lines: string[], ics?: { filename: string; body: string; contentType: string }): Mail {
  return {
    to: student.email,
    subject,
    text: [t.t('email.hello', { name: student.name }), '', ...lines].join('\n'),
    ...(ics ? { attachments: [{ filename: ics.filename, content: ics.body, contentType: ics.contentType }] } : {}),
    headers: unsubscribeHeaders(deps.config, student.id, null),
  };
}

function confirmationMail(deps: AppDeps, t: ServerTranslator, session: StudySessionRow, student: BookingMailArgs['student'], opts: { promotedFromWaitlist: boolean }): Mail {
  const link = `${deps.config.baseUrl}/dashboard/view-booked-session/${session.id}`;
  const ics = sessionCalendar(deps, t, session, student, { method: 'PUBLISH' });
  const title = session.title;
  // The confirmation goes to a booked student: an online class's link is theirs.
  const place = placeText(t, session, true);
  return studentMail(
    deps,
    t,
    student,
    t.t(opts.promotedFromWaitlist ? 'email.booking.promotedSubject' : 'email.booking.confirmedSubject', { title }),
    [
      opts.promotedFromWaitlist ? t.t('email.booking.promoted', { title }) : t.t('email.booking.booked', { title, tutor: session.tutorName }),
      '',
      t.t('email.booking.classTime', { start: formatUtc(t.language, session.classStartDate), end: formatUtc(t.language, session.classEndDate) }),
      ...(place ? [t.t('email.booking.where', { place })] : []),
      t.t('email.booking.cancelUntil', { hours: session.cancellationCutoffHours }),
      '',
      t.t('email.booking.yourBooking', { url: link }),
      t.t('email.booking.icsAdds'),
    ],
    ics,
  );
}

function tutorNoticeMail(deps: AppDeps, t: ServerTranslator, session: StudySessionRow, student: BookingMailArgs['student'], opts: { promotedFromWaitlist: boolean }): Mail {
  const seats = session.maxParticipants === null ? t.t('email.booking.bookedCount', { booked: session.bookedCount }) : t.t('email.booking.seatsTaken', { booked: session.bookedCount, max: session.maxParticipants });
  const who = { student: student.name, email: student.email, title: session.title };
  return {
    to: session.tutorEmail,
    subject: t.t('email.booking.tutorSubject', { title: session.title }),
    text: [
      t.t('email.hello', { name: session.tutorName }),
      '',
      t.t(opts.promotedFromWaitlist ? 'email.booking.tutorPromoted' : 'email.booking.tutorBooked', who),
      seats,
      '',
      t.t('email.booking.roster', { url: `${deps.config.baseUrl}/dashboard/session/${encodeURIComponent(session.tutorEmail)}/${session.id}` }),
      ...optionalNotificationFooter(deps.config, t, 'bookingNotices'),
    ].join('\n'),
    headers: unsubscribeHeaders(deps.config, session.tutorId, 'bookingNotices'),
  };
}

/**
 * A student cancelled their booking: the email's .ics takes the class out of their calendar
 * (METHOD:CANCEL, a higher SEQUENCE). `t`: the student's language.
 */
export function bookingCancelledEmailJob(deps: Pick<AppDeps, 'config' | 'now'>, t: ServerTranslator, session: StudySessionRow, student: { id: string; name: string; email: string }, amountCents: number): NewJob {
  const ics = sessionCalendar(deps, t, session, student, { method: 'CANCEL', sequenceBump: 1 });
  const lines = [
    t.t('email.booking.cancelled', { title: session.title, start: formatUtc(t.language, session.classStartDate) }),
    ...(amountCents > 0 ? [t.t('email.booking.refunded', { amount: formatMoney(t.language, amountCents) })] : []),
    '',
    t.t('email.booking.icsRemoves'),
    '',
    'StudyNest',
  ];
  return emailJob(studentMail(deps, t, student, t.t('email.booking.cancelledSubject', { title: session.title }), lines, ics));
}

/** Students moved up from the waitlist: booked (free session), or offered a held seat to pay for. */
export function promotionEmailJobs(deps: Pick<AppDeps, 'config'>, session: Pick<StudySessionRow, 'id' | 'title' | 'registrationFeeCents'>, promoted: PromotedStudent[]): NewJob[] {
  return promoted.flatMap((student) => {
    const who = { id: student.studentId, name: student.name, email: student.email };
    return student.holdExpiresAt ? [seatHeldEmailJob(deps, translatorForAccount(student.language), session, who, student.holdExpiresAt)] : bookingEmailJobs(session, who, { promotedFromWaitlist: true });
  });
}

/**
 * A seat opened up in a paid session and is held for the first student in line, who must pay to
 * keep it: the email as a job of the outbox, enqueued in the transaction that holds the seat.
 * `t`: the student's language.
 */
export function seatHeldEmailJob(
  deps: Pick<AppDeps, 'config'>,
  t: ServerTranslator,
  session: Pick<StudySessionRow, 'id' | 'title' | 'registrationFeeCents'>,
  student: { id: string; name: string; email: string },
  holdExpiresAt: string,
): NewJob {
  const lines = [
    t.t('email.booking.held', { title: session.title }),
    t.t('email.booking.heldPay', { fee: formatMoney(t.language, session.registrationFeeCents), deadline: formatUtc(t.language, holdExpiresAt) }),
    '',
    t.t('email.booking.heldLink', { url: `${deps.config.baseUrl}/session/${session.id}` }),
  ];
  // Not optional (it has a deadline): one click turns off the optional ones (decision 021).
  return emailJob(studentMail(deps, t, student, t.t('email.booking.heldSubject', { title: session.title }), lines));
}
