// What the app's workers run (server/jobs): every job kind's handler and the recurring jobs.
// Built once per app in buildApp and handed to its jobs; a kind missing here fails its jobs.
import type { AppDeps } from '#server/app-deps.ts';
import { authPurge, PURGE_EXPIRED_AUTH_JOB } from '#server/auth/auth-purge.ts';
import { EMAIL_JOB, emailJobHandler } from '#server/email/outbox.ts';
import { sentEmailRepository, sentEmailRetention } from '#server/email/sent-email-repository.ts';
import type { JobWork } from '#server/jobs/jobs.ts';
import { bookingMailRenderers } from './bookings/booking-emails.ts';
import { bookingRefunds, REFUND_BOOKING_JOB } from './bookings/booking-refunds.ts';
import { bookingsRepository } from './bookings/bookings-repository.ts';
import { CLASS_REMINDERS_JOB, classReminders } from './bookings/class-reminders.ts';
import { EXPIRE_HOLDS_JOB, holdExpiry } from './bookings/hold-expiry.ts';
import { myDataService } from './my-data/public.ts';
import { REMOVE_UNREFERENCED_UPLOADS_JOB, uploadCleanup } from './uploads/upload-cleanup.ts';

export function backgroundWork(deps: AppDeps): JobWork {
  const bookings = bookingsRepository(deps.db);
  const holds = holdExpiry(deps);
  const reminders = classReminders(deps);
  const uploads = uploadCleanup(deps);
  const auth = authPurge(deps);
  // Large "Download my data" archives, built and emailed; old ones removed.
  const archives = myDataService(deps).archiveWork();
  // Sent emails are kept 30 days for their recipient's export.
  const sentEmails = sentEmailRepository(deps.db.kysely);
  const sentRetention = sentEmailRetention(deps);
  return {
    handlers: {
      [EMAIL_JOB]: emailJobHandler(deps.mailer, { ...bookingMailRenderers(deps, (id) => bookings.findSession(id)), ...reminders.renderers }, (mail) => sentEmails.record(mail, deps.now()), deps.log),
      [EXPIRE_HOLDS_JOB]: holds.handler,
      // Refunds owed by bookings released inside an account's erasure (decision 038).
      [REFUND_BOOKING_JOB]: bookingRefunds(deps).handler,
      [CLASS_REMINDERS_JOB]: reminders.handler,
      [REMOVE_UNREFERENCED_UPLOADS_JOB]: uploads.handler,
      [PURGE_EXPIRED_AUTH_JOB]: auth.handler,
      ...archives.handlers,
      [sentRetention.schedule.kind]: sentRetention.handler,
    },
    schedules: [holds.schedule, reminders.schedule, uploads.schedule, auth.schedule, archives.schedule, sentRetention.schedule],
  };
}
