// The booking emails: confirmation with the .ics to the student, new booking to the tutor, a
// cancelled booking, a seat held for payment. Jobs of the outbox, enqueued in the transaction of
// what they tell; written when a worker sends them (server/email/outbox.ts, decision 044), the
// confirmation and the tutor's notice from the session as it is then. The tutor's notice is
// optional (docs/decisions/021-notification-emails.md): dropped when sent if the tutor turned new
// bookings off, so that the booking itself stays one read and one write. Every email is in its
// recipient's language (their account's, else English) as it is when sent.
import type { CoreDeps } from '#server/core-deps.ts';
import type { Mail } from '#server/email/mailer.ts';
import { defineEmails, queuedEmail, type EmailReader } from '#server/email/outbox.ts';
import type { StudySessionRow } from '#server/db/schema.ts';
import { isTurnedOff, optionalNotificationFooter, unsubscribeHeaders } from '#server/features/notifications/public.ts';
import { formatMoney } from '#server/i18n/translate.ts';
import type { NewJob } from '#server/jobs/jobs.ts';
import { calendarText, fileSlug, placeText, sessionCalendar, sessionEvent, tutorSessionUrl } from '#server/features/sessions/public.ts';
import type { PromotedStudent } from './bookings-repository.ts';

type Student = { id: string; name: string; email: string };

interface BookingMailArgs {
  sessionId: string;
  student: Student;
  promotedFromWaitlist: boolean;
}

interface CancelledMailArgs {
  /** The session as it was when the booking was cancelled: its .ics takes that event away. */
  session: StudySessionRow;
  student: Student;
  amountCents: number;
}

interface SeatHeldMailArgs {
  session: Pick<StudySessionRow, 'id' | 'title' | 'registrationFeeCents'>;
  student: Student;
  holdExpiresAt: string;
}

/** What booking a series did to one of its classes, as it committed (docs/decisions/064-series.md). */
export interface SeriesClassOutcome {
  sessionId: string;
  outcome: 'booked' | 'waitlisted' | 'awaiting_payment' | 'already' | 'closed';
  placeInLine: number | null;
}

interface SeriesMailArgs {
  seriesId: string;
  student: Student;
  /** Every class the booking went through, in class order. */
  classes: SeriesClassOutcome[];
  /** The one page to pay on for every class held for payment, and what it charges; absent in jobs queued before classes were paid together (each then names its own page). */
  payment?: { url: string; amountCents: number } | null;
}

declare module '#server/email/outbox.ts' {
  interface EmailKinds {
    'bookings.confirmation': BookingMailArgs;
    'bookings.tutor-notice': BookingMailArgs;
    'bookings.series-confirmation': SeriesMailArgs;
    'bookings.series-tutor-notice': SeriesMailArgs;
    'bookings.cancelled': CancelledMailArgs;
    'bookings.seat-held': SeatHeldMailArgs;
  }
}

/** The two emails of a booking (student and tutor), as jobs to enqueue with it. */
export function bookingEmailJobs(session: Pick<StudySessionRow, 'id'>, student: Student, opts: { promotedFromWaitlist: boolean }): NewJob[] {
  const args: BookingMailArgs = { sessionId: session.id, student: { id: student.id, name: student.name, email: student.email }, promotedFromWaitlist: opts.promotedFromWaitlist };
  // The tutor's address is read when the notice is written, so only the confirmation names its recipient now.
  return [queuedEmail('bookings.confirmation', args, student.email), queuedEmail('bookings.tutor-notice', args)];
}

/**
 * The two emails of a series booking (docs/decisions/064-series.md): one to the student listing
 * every class and what happened to it, with one calendar file holding an event per class booked,
 * and one notice to the tutor naming the classes booked (none when no class was booked). Enqueued
 * once every class's own booking has committed, carrying only what committed.
 */
export function seriesBookingEmailJobs(seriesId: string, student: Student, classes: SeriesClassOutcome[], payment: SeriesMailArgs['payment'] = null): NewJob[] {
  const args: SeriesMailArgs = { seriesId, student: { id: student.id, name: student.name, email: student.email }, classes, payment };
  const booked = classes.some((c) => c.outcome === 'booked');
  return [queuedEmail('bookings.series-confirmation', args, student.email), ...(booked ? [queuedEmail('bookings.series-tutor-notice', args)] : [])];
}

/**
 * A student cancelled their booking: the email's .ics takes the class out of their calendar
 * (METHOD:CANCEL, a higher SEQUENCE).
 */
export function bookingCancelledEmailJob(session: StudySessionRow, student: Student, amountCents: number): NewJob {
  return queuedEmail('bookings.cancelled', { session, student: { id: student.id, name: student.name, email: student.email }, amountCents }, student.email);
}

/** Students moved up from the waitlist: booked (free session), or offered a held seat to pay for. */
export function promotionEmailJobs(session: Pick<StudySessionRow, 'id' | 'title' | 'registrationFeeCents'>, promoted: PromotedStudent[]): NewJob[] {
  return promoted.flatMap((student) => {
    const who = { id: student.studentId, name: student.name, email: student.email };
    return student.holdExpiresAt ? [seatHeldEmailJob(session, who, student.holdExpiresAt)] : bookingEmailJobs(session, who, { promotedFromWaitlist: true });
  });
}

/**
 * A seat opened up in a paid session and is held for the first student in line, who must pay to
 * keep it: the email as a job of the outbox, enqueued in the transaction that holds the seat.
 */
export function seatHeldEmailJob(session: Pick<StudySessionRow, 'id' | 'title' | 'registrationFeeCents'>, student: Student, holdExpiresAt: string): NewJob {
  const held = { id: session.id, title: session.title, registrationFeeCents: session.registrationFeeCents };
  return queuedEmail('bookings.seat-held', { session: held, student: { id: student.id, name: student.name, email: student.email }, holdExpiresAt }, student.email);
}

/** How the booking emails are written when sent; a session deleted meanwhile sends no confirmation or notice. */
export function bookingEmails(deps: CoreDeps, findSession: (id: string) => Promise<StudySessionRow | undefined>) {
  return defineEmails({
    'bookings.confirmation': async (args, to) => {
      const session = await findSession(args.sessionId);
      if (!session) return null;
      return confirmationMail(deps, await to.readerOf(args.student.id), session, args.student, args);
    },
    'bookings.tutor-notice': async (args, to) => {
      const session = await findSession(args.sessionId);
      if (!session || (await isTurnedOff(deps.db, session.tutorId, 'bookingNotices'))) return null;
      return tutorNoticeMail(deps, await to.readerOf(session.tutorId), session, args.student, args);
    },
    'bookings.series-confirmation': async (args, to) => {
      const found = await classesOf(args.classes, findSession);
      if (found.length === 0) return null;
      return seriesConfirmationMail(deps, await to.readerOf(args.student.id), found, args.student, args.payment ?? null);
    },
    'bookings.series-tutor-notice': async (args, to) => {
      const booked = (await classesOf(args.classes, findSession)).filter((c) => c.outcome === 'booked');
      const first = booked[0]?.session;
      if (!first || (await isTurnedOff(deps.db, first.tutorId, 'bookingNotices'))) return null;
      return seriesTutorNoticeMail(deps, await to.readerOf(first.tutorId), booked, args.student);
    },
    'bookings.cancelled': async ({ session, student, amountCents }, to) => {
      const reader = await to.readerOf(student.id);
      const { t } = reader;
      const ics = sessionCalendar(deps, t, session, student, { method: 'CANCEL', sequenceBump: 1 });
      const lines = [
        t.t('email.booking.cancelled', { title: session.title, start: reader.moment(session.classStartDate) }),
        ...(amountCents > 0 ? [t.t('email.booking.refunded', { amount: formatMoney(t.language, amountCents, deps.config.currency) })] : []),
        '',
        t.t('email.booking.icsRemoves'),
        '',
        'StudyNest',
      ];
      return studentMail(deps, reader, student, t.t('email.booking.cancelledSubject', { title: session.title }), lines, ics);
    },
    'bookings.seat-held': async ({ session, student, holdExpiresAt }, to) => {
      const reader = await to.readerOf(student.id);
      const { t } = reader;
      const lines = [
        t.t('email.booking.held', { title: session.title }),
        t.t('email.booking.heldPay', { fee: formatMoney(t.language, session.registrationFeeCents, deps.config.currency), deadline: reader.moment(holdExpiresAt) }),
        '',
        t.t('email.booking.heldLink', { url: `${deps.config.baseUrl}/session/${session.id}` }),
      ];
      // Not optional (it has a deadline): one click turns off the optional ones (decision 021).
      return studentMail(deps, reader, student, t.t('email.booking.heldSubject', { title: session.title }), lines);
    },
  });
}

/**
 * An email to a student about their place (not optional: no notification footer): hello, then
 * `lines`, with the calendar file `ics` when there is one.
 */
function studentMail(deps: Pick<CoreDeps, 'config'>, { t }: EmailReader, student: Student, subject: string, lines: string[], ics?: { filename: string; body: string; contentType: string }): Mail {
  return {
    to: student.email,
    subject,
    text: [t.t('email.hello', { name: student.name }), '', ...lines].join('\n'),
    ...(ics ? { attachments: [{ filename: ics.filename, content: ics.body, contentType: ics.contentType }] } : {}),
    headers: unsubscribeHeaders(deps.config, student.id, null),
  };
}

function confirmationMail(deps: CoreDeps, reader: EmailReader, session: StudySessionRow, student: Student, opts: { promotedFromWaitlist: boolean }): Mail {
  const { t } = reader;
  const link = `${deps.config.baseUrl}/dashboard/view-booked-session/${session.id}`;
  const ics = sessionCalendar(deps, t, session, student, { method: 'PUBLISH' });
  const title = session.title;
  // The confirmation goes to a booked student: an online class's link is theirs.
  const place = placeText(t, session, true);
  return studentMail(
    deps,
    reader,
    student,
    t.t(opts.promotedFromWaitlist ? 'email.booking.promotedSubject' : 'email.booking.confirmedSubject', { title }),
    [
      opts.promotedFromWaitlist ? t.t('email.booking.promoted', { title }) : t.t('email.booking.booked', { title, tutor: session.tutorName }),
      '',
      t.t('email.booking.classTime', { time: reader.span(session.classStartDate, session.classEndDate) }),
      ...(place ? [t.t('email.booking.where', { place })] : []),
      t.t('email.booking.cancelUntil', { hours: session.cancellationCutoffHours }),
      '',
      t.t('email.booking.yourBooking', { url: link }),
      t.t('email.booking.icsAdds'),
    ],
    ics,
  );
}

function tutorNoticeMail(deps: CoreDeps, { t }: EmailReader, session: StudySessionRow, student: Student, opts: { promotedFromWaitlist: boolean }): Mail {
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
      t.t('email.booking.roster', { url: tutorSessionUrl(deps.config.baseUrl, session) }),
      ...optionalNotificationFooter(deps.config, t, 'bookingNotices'),
    ].join('\n'),
    headers: unsubscribeHeaders(deps.config, session.tutorId, 'bookingNotices'),
  };
}

type FoundClass = SeriesClassOutcome & { session: StudySessionRow };

/** The classes of a series email as they are when it is written; a class deleted meanwhile is left out. */
async function classesOf(classes: SeriesClassOutcome[], findSession: (id: string) => Promise<StudySessionRow | undefined>): Promise<FoundClass[]> {
  const found = await Promise.all(classes.map(async (c) => ({ ...c, session: await findSession(c.sessionId) })));
  return found.filter((c): c is FoundClass => c.session !== undefined);
}

/** One line per class: its time in the reader's zone and language, and what booking the series did to it. */
function seriesClassLine(deps: CoreDeps, reader: EmailReader, c: FoundClass, paidTogether: boolean): string {
  const { t } = reader;
  const time = reader.span(c.session.classStartDate, c.session.classEndDate);
  switch (c.outcome) {
    case 'booked':
      return t.t('email.booking.series.booked', { time });
    case 'waitlisted':
      return t.t('email.booking.series.waitlisted', { time, place: c.placeInLine ?? 0 });
    case 'awaiting_payment':
      if (paidTogether) return t.t('email.booking.series.awaitingSharedPayment', { time, fee: formatMoney(t.language, c.session.registrationFeeCents, deps.config.currency) });
      return t.t('email.booking.series.awaitingPayment', { time, fee: formatMoney(t.language, c.session.registrationFeeCents, deps.config.currency), url: `${deps.config.baseUrl}/session/${c.session.id}` });
    case 'already':
      return t.t('email.booking.series.already', { time });
    case 'closed':
      return t.t('email.booking.series.closed', { time });
  }
}

function seriesConfirmationMail(deps: CoreDeps, reader: EmailReader, classes: FoundClass[], student: Student, payment: { url: string; amountCents: number } | null): Mail {
  const { t } = reader;
  const first = classes[0]!.session;
  const booked = classes.filter((c) => c.outcome === 'booked');
  // Each class booked now gets its event, under the UID its own confirmation would have used: a
  // later change or cancel of that one class updates the same calendar entry.
  const events = booked.map((c) => sessionEvent(deps, t, c.session, student));
  const slug = fileSlug(first.title, 'series');
  const ics = events.length > 0 ? { filename: `studynest-${slug}-series.ics`, body: calendarText(t, events, { method: 'PUBLISH' }), contentType: 'text/calendar; charset=utf-8; method=PUBLISH' } : undefined;
  // Where, when every class is in the same place (a class moved elsewhere says so on its own page);
  // a booked student may see an online class's link.
  const places = new Set(classes.map((c) => placeText(t, c.session, booked.length > 0)));
  const place = places.size === 1 ? [...places][0] : null;
  return studentMail(
    deps,
    reader,
    student,
    t.t('email.booking.series.subject', { title: first.title }),
    [
      t.t('email.booking.series.intro', { title: first.title, tutor: first.tutorName, count: classes.length }),
      '',
      ...classes.map((c) => `- ${seriesClassLine(deps, reader, c, payment !== null)}`),
      '',
      // The classes held are paid together, once (docs/decisions/064-series.md).
      ...(payment
        ? [t.t('email.booking.series.payOnce', { amount: formatMoney(t.language, payment.amountCents, deps.config.currency), count: classes.filter((c) => c.outcome === 'awaiting_payment').length, url: payment.url }), '']
        : []),
      ...(place ? [t.t('email.booking.where', { place }), ''] : []),
      t.t('email.booking.cancelUntil', { hours: first.cancellationCutoffHours }),
      t.t('email.booking.series.yourBookings', { url: `${deps.config.baseUrl}/dashboard/view-booked-session` }),
      ...(ics ? [t.t('email.booking.series.icsAdds', { count: events.length })] : []),
    ],
    ics,
  );
}

function seriesTutorNoticeMail(deps: CoreDeps, reader: EmailReader, booked: FoundClass[], student: Student): Mail {
  const { t } = reader;
  const first = booked[0]!.session;
  return {
    to: first.tutorEmail,
    subject: t.t('email.booking.series.tutorSubject', { title: first.title }),
    text: [
      t.t('email.hello', { name: first.tutorName }),
      '',
      t.t('email.booking.series.tutorBooked', { student: student.name, email: student.email, title: first.title, count: booked.length }),
      '',
      ...booked.map((c) => `- ${reader.span(c.session.classStartDate, c.session.classEndDate)}: ${t.t('email.booking.roster', { url: tutorSessionUrl(deps.config.baseUrl, c.session) })}`),
      ...optionalNotificationFooter(deps.config, t, 'bookingNotices'),
    ].join('\n'),
    headers: unsubscribeHeaders(deps.config, first.tutorId, 'bookingNotices'),
  };
}

