// The emails a change of a whole session sends: to its students when it is called off, deleted or
// moved, to its tutor when an admin approves or rejects it. Booked students get an .ics that
// updates the event they already have (METHOD:CANCEL, or the same UID with a higher SEQUENCE);
// students waiting or holding an unpaid seat had no event, so theirs carry none. Jobs of the
// outbox (decision 044), enqueued in the transaction of the change, each holding the session as
// it was then (a deleted session cannot be read again when the email is sent) and written when a
// worker sends it, in its recipient's language then.
import type { CoreDeps } from '#server/core-deps.ts';
import type { Mail } from '#server/email/mailer.ts';
import { defineEmails, queuedEmail, type EmailReader } from '#server/email/outbox.ts';
import type { StudySessionRow } from '#server/db/schema.ts';
import { unsubscribeHeaders } from '#server/features/notifications/public.ts';
import { formatMoney, type ServerTranslator } from '#server/i18n/translate.ts';
import type { NewJob } from '#server/jobs/jobs.ts';
import { placeText, sessionCalendar, tutorSessionUrl } from './session-calendar.ts';
import { cancellationReasonOf } from './session-dto.ts';
import type { SessionPeople } from './session-repository.ts';

type Deps = Pick<CoreDeps, 'config' | 'now'>;
type Person = { studentId: string; name: string; email: string };
/** Where the student stood: booked (the class is in their calendar), holding an unpaid seat, or waiting. */
type Standing = 'booked' | 'held' | 'waiting';

interface NoticeArgs {
  /** The session as the change left it (deleted: as it was). */
  session: StudySessionRow;
  person: Person;
  standing: Standing;
  /** Refunded to a booked student. */
  amountCents: number;
}

interface MovedArgs extends NoticeArgs {
  before: StudySessionRow;
  /** The tutor's words when they moved the class themselves (a reschedule); absent for an admin's edit and jobs queued before it. */
  message?: string;
  /** A reschedule's end of the free cancel for booked students (full refund, whatever the cutoff). */
  freeCancelUntil?: string;
}

/** What a reschedule adds to its emails: the tutor's message and until when booked students may cancel. */
export interface RescheduleNote {
  message: string;
  freeCancelUntil: string;
}

interface ReviewArgs {
  session: StudySessionRow;
  /** Approving a series: how many of its classes were approved at once (docs/decisions/064-series.md); absent for one class. */
  classes?: number;
}

declare module '#server/email/outbox.ts' {
  interface EmailKinds {
    'sessions.cancelled': NoticeArgs;
    'sessions.deleted': NoticeArgs;
    'sessions.moved': MovedArgs;
    'sessions.approved': ReviewArgs;
    'sessions.rejected': ReviewArgs;
  }
}

/** Everyone booked, holding or waiting, each with where they stood. */
function everyone(people: SessionPeople): Array<{ person: Person; standing: Standing; amountCents: number }> {
  return [
    ...people.booked.map((p) => ({ person: { studentId: p.studentId, name: p.name, email: p.email }, standing: p.status === 'confirmed' ? ('booked' as const) : ('held' as const), amountCents: p.amountCents })),
    ...people.waiting.map((p) => ({ person: { studentId: p.studentId, name: p.name, email: p.email }, standing: 'waiting' as const, amountCents: 0 })),
  ];
}

/** The session was called off (status 'cancelled', with its reason): everyone booked, holding or waiting. */
export function sessionCancelledEmailJobs(session: StudySessionRow, people: SessionPeople): NewJob[] {
  return everyone(people).map((p) => queuedEmail('sessions.cancelled', { session, ...p }, p.person.email));
}

/** An admin deleted the session: booked students lose the class from their calendar; waiting ones are told. Nothing once the class is over. */
export function sessionDeletedEmailJobs(deps: Pick<CoreDeps, 'now'>, session: StudySessionRow, people: SessionPeople): NewJob[] {
  if (Date.parse(session.classEndDate) < deps.now().getTime()) return [];
  return everyone(people).map((p) => queuedEmail('sessions.deleted', { session, ...p }, p.person.email));
}

/** The class moved (time or place): booked students get the updated event, the others the news. */
export function sessionMovedEmailJobs(before: StudySessionRow, session: StudySessionRow, people: SessionPeople, note?: RescheduleNote): NewJob[] {
  return everyone(people).map((p) => queuedEmail('sessions.moved', { before, session, ...p, ...note }, p.person.email));
}

/** An admin approved the tutor's session (`session` as approved), or `classes` classes of its series at once (`session`: the first). */
export function sessionApprovedEmailJob(session: StudySessionRow, classes?: number): NewJob {
  return queuedEmail('sessions.approved', { session, ...(classes !== undefined && { classes }) }, session.tutorEmail);
}

/** An admin rejected the tutor's session (`session` as rejected, with the reason and feedback). */
export function sessionRejectedEmailJob(session: StudySessionRow): NewJob {
  return queuedEmail('sessions.rejected', { session }, session.tutorEmail);
}

/** One email to one student: hello, the lines, the .ics of `ics` when given. Not optional: it changes a class the student counts on. */
function mail(deps: Deps, reader: EmailReader, session: StudySessionRow, person: Person, subject: string, lines: string[], ics?: { method: 'PUBLISH' | 'CANCEL' }): Mail {
  const { t } = reader;
  const file = ics ? sessionCalendar(deps, t, session, { id: person.studentId, name: person.name, email: person.email }, { method: ics.method }) : null;
  return {
    to: person.email,
    subject,
    text: [t.t('email.hello', { name: person.name }), '', ...lines, '', 'StudyNest'].join('\n'),
    ...(file && { attachments: [{ filename: file.filename, content: file.body, contentType: file.contentType }] }),
    headers: unsubscribeHeaders(deps.config, person.studentId, null),
  };
}

/** "The class "<title>" with <tutor> on <start>" in every notice: its arguments. */
const what = (reader: EmailReader, session: StudySessionRow) => ({ title: session.title, tutor: session.tutorName, start: reader.moment(session.classStartDate) });
const refund = (t: ServerTranslator, amountCents: number, currency: string) => (amountCents > 0 ? ['', t.t('email.booking.refunded', { amount: formatMoney(t.language, amountCents, currency) })] : []);

/** An email to the session's tutor, in their language: the account's, not the admin's who decided. */
function mailTutor(deps: Deps, { t }: EmailReader, row: StudySessionRow, subject: string, lines: string[]): Mail {
  const link = tutorSessionUrl(deps.config.baseUrl, row);
  return {
    to: row.tutorEmail,
    subject,
    text: [t.t('email.hello', { name: row.tutorName }), '', ...lines, '', t.t('email.review.seeSession', { url: link }), '', 'StudyNest'].join('\n'),
    headers: unsubscribeHeaders(deps.config, row.tutorId, null),
  };
}

/** How the session emails are written when sent. */
export function sessionEmails(deps: Deps) {
  return defineEmails({
    'sessions.cancelled': async ({ session, person, standing, amountCents }, to) => {
      const reader = await to.readerOf(person.studentId);
      const { t } = reader;
      const subject = t.t('email.notice.cancelledSubject', { title: session.title });
      // The system's own reason (too few students by the decision time) in the reader's language.
      const reason = t.t('email.notice.reason', { reason: cancellationReasonOf(session, t) ?? '' });
      if (standing === 'booked') return mail(deps, reader, session, person, subject, [t.t('email.notice.cancelled', what(reader, session)), reason, ...refund(t, amountCents, deps.config.currency), '', t.t('email.booking.icsRemoves')], { method: 'CANCEL' });
      return mail(deps, reader, session, person, subject, [t.t(standing === 'held' ? 'email.notice.cancelledHeld' : 'email.notice.cancelledWaiting', what(reader, session)), reason]);
    },
    'sessions.deleted': async ({ session, person, standing, amountCents }, to) => {
      const reader = await to.readerOf(person.studentId);
      const { t } = reader;
      const subject = t.t('email.notice.cancelledSubject', { title: session.title });
      // The event is taken away with a SEQUENCE above any file sent for it before.
      const gone = { ...session, calendarSequence: session.calendarSequence + 1 };
      if (standing === 'booked') return mail(deps, reader, gone, person, subject, [t.t('email.notice.removed', what(reader, session)), ...refund(t, amountCents, deps.config.currency), '', t.t('email.booking.icsRemoves')], { method: 'CANCEL' });
      return mail(deps, reader, gone, person, subject, [t.t(standing === 'held' ? 'email.notice.removedHeld' : 'email.notice.removedWaiting', what(reader, session))]);
    },
    'sessions.moved': async ({ before, session, person, standing, message, freeCancelUntil }, to) => {
      const reader = await to.readerOf(person.studentId);
      const { t } = reader;
      const timeMoved = before.classStartDate !== session.classStartDate || before.classEndDate !== session.classEndDate;
      const at = reader.moment;
      const changes = timeMoved ? [t.t('email.notice.newTime', { start: at(session.classStartDate), end: at(session.classEndDate), oldStart: at(before.classStartDate), oldEnd: at(before.classEndDate) })] : [];
      const placeMoved = before.locationKind !== session.locationKind || before.placeName !== session.placeName || before.placeAddress !== session.placeAddress || before.meetingUrl !== session.meetingUrl;
      // The meeting link only in what booked students get; the others read that the class is online.
      const booked = standing === 'booked';
      const place = placeMoved ? placeText(t, session, booked) : null;
      const where = place ? [t.t('email.notice.newPlace', { place, old: placeText(t, before, booked) ?? t.t('email.notice.notSaid') })] : [];
      const key = booked ? 'email.notice.changed' : standing === 'held' ? 'email.notice.changedHeld' : 'email.notice.changedWaiting';
      const lines = [
        t.t(key, { title: session.title, tutor: session.tutorName }),
        ...changes,
        ...where,
        ...(message ? ['', t.t('email.notice.tutorMessage', { tutor: session.tutorName, message })] : []),
        // A booked student who cannot come at the new time: a full refund whatever the cutoff, for a while.
        ...(booked && freeCancelUntil ? ['', t.t('email.notice.freeCancel', { until: at(freeCancelUntil) })] : []),
        '',
        t.t('email.notice.details', { url: `${deps.config.baseUrl}/session/${session.id}` }),
        ...(booked ? [t.t('email.notice.icsUpdates')] : []),
      ];
      return mail(deps, reader, session, person, t.t('email.notice.changedSubject', { title: session.title }), lines, booked ? { method: 'PUBLISH' } : undefined);
    },
    'sessions.approved': async ({ session, classes }, to) => {
      const reader = await to.readerOf(session.tutorId);
      const { t } = reader;
      const fee = session.registrationFeeCents === 0 ? t.t('email.review.free') : formatMoney(t.language, session.registrationFeeCents, deps.config.currency);
      const series = classes === undefined ? [] : [t.t('email.review.seriesApproved', { count: classes })];
      return mailTutor(deps, reader, session, t.t('email.review.approvedSubject', { title: session.title }), [t.t('email.review.approved', { title: session.title }), ...series, t.t('email.review.fee', { fee })]);
    },
    'sessions.rejected': async ({ session }, to) => {
      const reader = await to.readerOf(session.tutorId);
      const { t } = reader;
      return mailTutor(deps, reader, session, t.t('email.review.rejectedSubject', { title: session.title }), [
        t.t('email.review.rejected', { title: session.title }),
        t.t('email.notice.reason', { reason: session.rejectionReason ?? '' }),
        t.t('email.review.feedback', { feedback: session.rejectionFeedback ?? '' }),
        '',
        t.t('email.review.resubmit'),
      ]);
    },
  });
}
