// Seat holds end on time: a paid seat held for payment, or offered to the
// first student in line, is freed when its time is up, and the next student in line moves up
// (emailed in the same transaction). A recurring job (server/jobs) does it every few seconds
// whether or not anyone reads a page; a read that finds a hold past its time asks for that job
// to run at once (jobs.runScheduleNow) rather than show it. Idempotent: a hold is released only
// while it is still unpaid and due (a payment confirmed meanwhile wins).
import type { AppDeps } from '#server/app-deps.ts';
import type { JobHandler, Schedule } from '#server/jobs/jobs.ts';
import { recurringJob } from '#server/jobs/recurring-job.ts';
import { promotionEmailJobs } from './booking-emails.ts';
import { bookingsRepository } from './bookings-repository.ts';

export const EXPIRE_HOLDS_JOB = 'bookings.expire-holds';
/** How late a hold may end at most when nobody reads it. */
export const HOLD_EXPIRY_PERIOD_MS = 10_000;
/** Holds released per run; a run that takes them all goes on with the next batch. */
const BATCH = 100;

export function holdExpiry(deps: AppDeps): { schedule: Schedule; handler: JobHandler } {
  const bookings = bookingsRepository(deps.db);

  async function releaseDueHolds(): Promise<number> {
    let released = 0;
    for (;;) {
      const now = deps.now().toISOString();
      const due = await bookings.dueHolds(now, BATCH);
      for (const hold of due) {
        const session = await bookings.findSession(hold.sessionId);
        const result = await bookings.cancel({ sessionId: hold.sessionId, studentId: hold.studentId, now, onlyExpiredHold: true }, (promoted) =>
          session ? promotionEmailJobs(deps, session, promoted).map(deps.jobs.row) : [],
        );
        if (result) released++;
      }
      if (due.length < BATCH) break;
    }
    if (released > 0) {
      deps.jobs.wake();
      deps.log.info({ released }, 'released expired seat holds');
    }
    return released;
  }

  return recurringJob(EXPIRE_HOLDS_JOB, HOLD_EXPIRY_PERIOD_MS, releaseDueHolds);
}
