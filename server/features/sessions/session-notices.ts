// The emails a change of a whole session sends to its students: called off, deleted,
// moved. Booked students get an .ics that updates the event they already have (METHOD:CANCEL, or
// the same UID with a higher SEQUENCE); students waiting or holding an unpaid seat had no event,
// so theirs carry none. Whole messages (emailJob), built in the transaction of the change: a
// deleted session cannot be read again when the email is sent. Each in its recipient's language.
import type { AppDeps } from '#server/app-deps.ts';
import type { Mail } from '#server/email/mailer.ts';
import { emailJob } from '#server/email/outbox.ts';
import type { StudySessionRow } from '#server/db/schema.ts';
import { unsubscribeHeaders } from '#server/features/notifications/public.ts';
import { formatMoney, formatUtc, translatorForAccount, type ServerTranslator } from '#server/i18n/translate.ts';
import type { NewJob } from '#server/jobs/jobs.ts';
import { placeText, sessionCalendar } from './session-calendar.ts';
import type { SessionPeople } from './session-repository.ts';

type Deps = Pick<AppDeps, 'config' | 'now'>;
type Person = { studentId: string; name: string; email: string; language: string | null };

/** One email to one person, in their language: its subject and lines from `write`, given their translator. */
function mail(deps: Deps, session: StudySessionRow, person: Person, write: (t: ServerTranslator) => { subject: string; lines: string[] }, ics?: { method: 'PUBLISH' | 'CANCEL' }): Mail {
  const t = translatorForAccount(person.language);
  const { subject, lines } = write(t);
  const file = ics ? sessionCalendar(deps, t, session, { id: person.studentId, name: person.name, email: person.email }, { method: ics.method }) : null;
  return {
    to: person.email,
    subject,
    text: [t.t('email.hello', { name: person.name }), '', ...lines, '', 'StudyNest'].join('\n'),
    ...(file && { attachments: [{ filename: file.filename, content: file.body, contentType: file.contentType }] }),
    // Not optional: it changes a class the student counts on.
    headers: unsubscribeHeaders(deps.config, person.studentId, null),
  };
}

/** "The class "<title>" with <tutor> on <start>" in every notice: its arguments. */
const what = (t: ServerTranslator, session: StudySessionRow) => ({ title: session.title, tutor: session.tutorName, start: formatUtc(t.language, session.classStartDate) });
const refund = (t: ServerTranslator, amountCents: number) => (amountCents > 0 ? ['', t.t('email.booking.refunded', { amount: formatMoney(t.language, amountCents) })] : []);

/** The session was called off (status 'cancelled', with its reason): everyone booked, holding or waiting. */
export function sessionCancelledEmailJobs(deps: Deps, session: StudySessionRow, people: SessionPeople): NewJob[] {
  const subject = (t: ServerTranslator) => t.t('email.notice.cancelledSubject', { title: session.title });
  const reason = (t: ServerTranslator) => t.t('email.notice.reason', { reason: session.cancellationReason ?? '' });
  return [
    ...people.booked.map((p) =>
      emailJob(
        p.status === 'confirmed'
          ? mail(deps, session, p, (t) => ({ subject: subject(t), lines: [t.t('email.notice.cancelled', what(t, session)), reason(t), ...refund(t, p.amountCents), '', t.t('email.booking.icsRemoves')] }), { method: 'CANCEL' })
          : mail(deps, session, p, (t) => ({ subject: subject(t), lines: [t.t('email.notice.cancelledHeld', what(t, session)), reason(t)] })),
      ),
    ),
    ...people.waiting.map((p) => emailJob(mail(deps, session, p, (t) => ({ subject: subject(t), lines: [t.t('email.notice.cancelledWaiting', what(t, session)), reason(t)] })))),
  ];
}

/** An admin deleted the session: booked students lose the class from their calendar; waiting ones are told. */
export function sessionDeletedEmailJobs(deps: Deps, session: StudySessionRow, people: SessionPeople): NewJob[] {
  const subject = (t: ServerTranslator) => t.t('email.notice.cancelledSubject', { title: session.title });
  // The event is taken away with a SEQUENCE above any file sent for it before.
  const gone = { ...session, calendarSequence: session.calendarSequence + 1 };
  const classOver = Date.parse(session.classEndDate) < deps.now().getTime();
  if (classOver) return [];
  return [
    ...people.booked.map((p) =>
      emailJob(
        p.status === 'confirmed'
          ? mail(deps, gone, p, (t) => ({ subject: subject(t), lines: [t.t('email.notice.removed', what(t, session)), ...refund(t, p.amountCents), '', t.t('email.booking.icsRemoves')] }), { method: 'CANCEL' })
          : mail(deps, gone, p, (t) => ({ subject: subject(t), lines: [t.t('email.notice.removedHeld', what(t, session))] })),
      ),
    ),
    ...people.waiting.map((p) => emailJob(mail(deps, gone, p, (t) => ({ subject: subject(t), lines: [t.t('email.notice.removedWaiting', what(t, session))] })))),
  ];
}

/** The class moved (time or place): booked students get the updated event, the others the news. */
export function sessionMovedEmailJobs(deps: Deps, before: StudySessionRow, session: StudySessionRow, people: SessionPeople): NewJob[] {
  const timeMoved = before.classStartDate !== session.classStartDate || before.classEndDate !== session.classEndDate;
  const changes = (t: ServerTranslator) => {
    const at = (iso: string) => formatUtc(t.language, iso);
    return timeMoved ? [t.t('email.notice.newTime', { start: at(session.classStartDate), end: at(session.classEndDate), oldStart: at(before.classStartDate), oldEnd: at(before.classEndDate) })] : [];
  };
  const link = `${deps.config.baseUrl}/session/${session.id}`;
  const placeMoved = before.locationKind !== session.locationKind || before.placeName !== session.placeName || before.placeAddress !== session.placeAddress || before.meetingUrl !== session.meetingUrl;
  // The meeting link only in what booked students get; the others read that the class is online.
  const where = (t: ServerTranslator, booked: boolean) => {
    const place = placeMoved ? placeText(t, session, booked) : null;
    return place ? [t.t('email.notice.newPlace', { place, old: placeText(t, before, booked) ?? t.t('email.notice.notSaid') })] : [];
  };
  const write = (key: 'email.notice.changed' | 'email.notice.changedHeld' | 'email.notice.changedWaiting', booked: boolean, extra: (t: ServerTranslator) => string[] = () => []) => (t: ServerTranslator) => ({
    subject: t.t('email.notice.changedSubject', { title: session.title }),
    lines: [t.t(key, { title: session.title, tutor: session.tutorName }), ...changes(t), ...where(t, booked), '', t.t('email.notice.details', { url: link }), ...extra(t)],
  });
  return [
    ...people.booked.map((p) =>
      emailJob(
        p.status === 'confirmed'
          ? mail(deps, session, p, write('email.notice.changed', true, (t) => [t.t('email.notice.icsUpdates')]), { method: 'PUBLISH' })
          : mail(deps, session, p, write('email.notice.changedHeld', false)),
      ),
    ),
    ...people.waiting.map((p) => emailJob(mail(deps, session, p, write('email.notice.changedWaiting', false)))),
  ];
}
