// The emails a change of a whole session sends to its students (issue 19): called off, deleted,
// moved. Booked students get an .ics that updates the event they already have (METHOD:CANCEL, or
// the same UID with a higher SEQUENCE); students waiting or holding an unpaid seat had no event,
// so theirs carry none. Whole messages (emailJob), built in the transaction of the change: a
// deleted session cannot be read again when the email is sent.
import type { AppDeps } from '#server/app-deps.ts';
import type { Mail } from '#server/email/mailer.ts';
import { emailJob } from '#server/email/outbox.ts';
import type { StudySessionRow } from '#server/db/schema.ts';
import { unsubscribeHeaders } from '#server/features/notifications/public.ts';
import type { NewJob } from '#server/jobs/jobs.ts';
import { placeText, sessionCalendar } from './session-calendar.ts';
import type { SessionPeople } from './session-repository.ts';

type Deps = Pick<AppDeps, 'config' | 'now'>;
type Person = { studentId: string; name: string; email: string };

const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

function mail(deps: Deps, session: StudySessionRow, person: Person, subject: string, lines: string[], ics?: { method: 'PUBLISH' | 'CANCEL' }): Mail {
  const file = ics ? sessionCalendar(deps, session, { id: person.studentId, name: person.name, email: person.email }, { method: ics.method }) : null;
  return {
    to: person.email,
    subject,
    text: [`Hello ${person.name},`, '', ...lines, '', 'StudyNest'].join('\n'),
    ...(file && { attachments: [{ filename: file.filename, content: file.body, contentType: file.contentType }] }),
    // Not optional: it changes a class the student counts on.
    headers: unsubscribeHeaders(deps.config, person.studentId, null),
  };
}

/** The session was called off (status 'cancelled', with its reason): everyone booked, holding or waiting. */
export function sessionCancelledEmailJobs(deps: Deps, session: StudySessionRow, people: SessionPeople): NewJob[] {
  const what = `"${session.title}" with ${session.tutorName} on ${when(session.classStartDate)}`;
  const reason = `Reason: ${session.cancellationReason ?? ''}`;
  const subject = `Cancelled: ${session.title}`;
  return [
    ...people.booked.map((p) =>
      emailJob(
        p.status === 'confirmed'
          ? mail(deps, session, p, subject, [
              `The class ${what} has been cancelled.`,
              reason,
              ...(p.amountCents > 0 ? ['', `Your payment of ${money(p.amountCents)} has been refunded in full; your bank may take a few days to show it.`] : []),
              '',
              'The attached calendar file removes the class from your calendar.',
            ], { method: 'CANCEL' })
          : mail(deps, session, p, subject, [`The class ${what} has been cancelled, so the seat held for you is released. Nothing was charged.`, reason]),
      ),
    ),
    ...people.waiting.map((p) => emailJob(mail(deps, session, p, subject, [`The class ${what} has been cancelled, so its waitlist is closed.`, reason]))),
  ];
}

/** An admin deleted the session: booked students lose the class from their calendar; waiting ones are told. */
export function sessionDeletedEmailJobs(deps: Deps, session: StudySessionRow, people: SessionPeople): NewJob[] {
  const what = `"${session.title}" with ${session.tutorName} on ${when(session.classStartDate)}`;
  const subject = `Cancelled: ${session.title}`;
  // The event is taken away with a SEQUENCE above any file sent for it before.
  const gone = { ...session, calendarSequence: session.calendarSequence + 1 };
  const classOver = Date.parse(session.classEndDate) < deps.now().getTime();
  if (classOver) return [];
  return [
    ...people.booked.map((p) =>
      emailJob(
        p.status === 'confirmed'
          ? mail(deps, gone, p, subject, [
              `The class ${what} has been removed from StudyNest, so it will not take place.`,
              ...(p.amountCents > 0 ? ['', `Your payment of ${money(p.amountCents)} has been refunded in full; your bank may take a few days to show it.`] : []),
              '',
              'The attached calendar file removes the class from your calendar.',
            ], { method: 'CANCEL' })
          : mail(deps, gone, p, subject, [`The class ${what} has been removed from StudyNest, so the seat held for you is released. Nothing was charged.`]),
      ),
    ),
    ...people.waiting.map((p) => emailJob(mail(deps, gone, p, subject, [`The class ${what} has been removed from StudyNest, so its waitlist is closed.`]))),
  ];
}

/** The class moved (time or place): booked students get the updated event, the others the news. */
export function sessionMovedEmailJobs(deps: Deps, before: StudySessionRow, session: StudySessionRow, people: SessionPeople): NewJob[] {
  const subject = `Changed: ${session.title}`;
  const changes = [
    ...(before.classStartDate !== session.classStartDate || before.classEndDate !== session.classEndDate
      ? [`The class now takes place ${when(session.classStartDate)} to ${when(session.classEndDate)} (it was ${when(before.classStartDate)} to ${when(before.classEndDate)}).`]
      : []),
  ];
  const link = `${deps.config.baseUrl}/session/${session.id}`;
  const placeMoved = before.locationKind !== session.locationKind || before.placeName !== session.placeName || before.placeAddress !== session.placeAddress || before.meetingUrl !== session.meetingUrl;
  // The meeting link only in what booked students get; the others read that the class is online.
  const where = (booked: boolean) => (placeMoved && placeText(session, booked) ? [`Where: ${placeText(session, booked)} (it was ${placeText(before, booked) ?? 'not said'}).`] : []);
  return [
    ...people.booked.map((p) =>
      emailJob(
        p.status === 'confirmed'
          ? mail(deps, session, p, subject, [`"${session.title}" with ${session.tutorName} has changed.`, ...changes, ...where(true), '', `Details: ${link}`, 'The attached calendar file updates the class in your calendar.'], { method: 'PUBLISH' })
          : mail(deps, session, p, subject, [`"${session.title}" with ${session.tutorName}, whose seat is held for you, has changed.`, ...changes, ...where(false), '', `Details: ${link}`]),
      ),
    ),
    ...people.waiting.map((p) => emailJob(mail(deps, session, p, subject, [`"${session.title}" with ${session.tutorName}, whose waitlist you are on, has changed.`, ...changes, ...where(false), '', `Details: ${link}`]))),
  ];
}
