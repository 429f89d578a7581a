// The booking emails (PRODUCT.md §7): confirmation with the .ics to the student, new booking
// to the tutor. Sent in the background: the booking has happened whatever the mail does.
import type { AppDeps } from '#server/app-deps.ts';
import { sendInBackground } from '#server/email/mailer.ts';
import type { StudySessionRow } from '#server/db/schema.ts';
import { sendSeatHeldEmail } from '#server/features/payments/payment-emails.ts';
import type { PromotedStudent } from './bookings-repository.ts';
import { sessionCalendar } from './session-calendar.ts';

const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

export function sendBookingEmails(
  deps: AppDeps,
  session: StudySessionRow,
  student: { id: string; name: string; email: string },
  opts: { promotedFromWaitlist: boolean; seatsTaken: number },
): void {
  const link = `${deps.config.baseUrl}/dashboard/view-booked-session/${session.id}`;
  // Rendered when the mail queue gets to it (with its .ics), not while the student waits.
  sendInBackground(deps.mailer, deps.log, () => {
    const ics = sessionCalendar(deps, session, student.id);
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
      `You can cancel until ${session.cancellationCutoffHours} hours before class starts.`,
      '',
      `Your booking: ${link}`,
      'The attached calendar file adds the class to Google Calendar, Outlook or Apple Calendar.',
    ].join('\n'),
    attachments: [{ filename: ics.filename, content: ics.body, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }],
    };
  });
  const seats = session.maxParticipants === null ? `${opts.seatsTaken} booked` : `${opts.seatsTaken} of ${session.maxParticipants} seats taken`;
  sendInBackground(deps.mailer, deps.log, () => ({
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
    ].join('\n'),
  }));
}

/** Students moved up from the waitlist: booked (free session), or offered a held seat to pay for. */
export function sendPromotionEmails(deps: AppDeps, session: StudySessionRow, promoted: PromotedStudent[], seatsTaken: number): void {
  for (const student of promoted) {
    const who = { id: student.studentId, name: student.name, email: student.email };
    if (student.holdExpiresAt) sendSeatHeldEmail(deps, session, who, student.holdExpiresAt);
    else sendBookingEmails(deps, session, who, { promotedFromWaitlist: true, seatsTaken });
  }
}
