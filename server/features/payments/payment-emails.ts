// The one payment email: a seat opened up in a paid session and is held for the first student
// in line, who must pay to keep it. (Confirmation emails are the bookings feature's.)
import type { AppDeps } from '#server/app-deps.ts';
import type { StudySessionRow } from '#server/db/schema.ts';
import { emailJob } from '#server/email/outbox.ts';
import type { NewJob } from '#server/jobs/jobs.ts';

const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/** The email as a job of the outbox, enqueued in the transaction that holds the seat. */
export function seatHeldEmailJob(
  deps: Pick<AppDeps, 'config'>,
  session: Pick<StudySessionRow, 'id' | 'title' | 'registrationFeeCents'>,
  student: { name: string; email: string },
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
  });
}
