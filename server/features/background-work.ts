// What the app's workers run (server/jobs): every job kind's handler and the recurring jobs.
// Built once per app in buildApp and handed to its jobs; a kind missing here fails its jobs.
import type { AppDeps } from '#server/app-deps.ts';
import { authEmails } from '#server/auth/auth-emails.ts';
import { authPurge, PURGE_EXPIRED_AUTH_JOB } from '#server/auth/auth-purge.ts';
import { EMAIL_JOB, emailJobHandler, type EmailTemplates } from '#server/email/outbox.ts';
import { sentEmailRepository, sentEmailRetention } from '#server/email/sent-email-repository.ts';
import type { JobWork } from '#server/jobs/jobs.ts';
import { accountLanguageRepository } from '#server/i18n/account-language-repository.ts';
import { bookingEmails } from './bookings/booking-emails.ts';
import { bookingRefunds, REFUND_BOOKING_JOB } from './bookings/booking-refunds.ts';
import { bookingsRepository } from './bookings/bookings-repository.ts';
import { CLASS_REMINDERS_JOB, classReminders } from './bookings/class-reminders.ts';
import { EXPIRE_HOLDS_JOB, holdExpiry } from './bookings/hold-expiry.ts';
import { myDataEmails } from './my-data/my-data-emails.ts';
import { myDataService } from './my-data/public.ts';
import { MINIMUM_TO_RUN_JOB, minimumToRun } from './sessions/minimum-to-run.ts';
import { sessionEmails } from './sessions/session-notices.ts';
import { REMOVE_UNREFERENCED_UPLOADS_JOB, uploadCleanup } from './uploads/upload-cleanup.ts';
import { WEBHOOK_DELIVERY_JOB } from './webhooks/public.ts';
import { webhookDeliveryHandler } from './webhooks/webhook-delivery.ts';

export function backgroundWork(deps: AppDeps): JobWork {
  const bookings = bookingsRepository(deps.db.kysely);
  const holds = holdExpiry(deps);
  const reminders = classReminders(deps);
  // Classes short of their minimum called off, the others confirmed, at their decision time.
  const minimums = minimumToRun(deps);
  const uploads = uploadCleanup(deps);
  const auth = authPurge(deps);
  // Large "Download my data" archives, built and emailed; old ones removed.
  const archives = myDataService(deps).archiveWork();
  // Sent emails are kept 30 days for their recipient's export.
  const sentEmails = sentEmailRepository(deps.db.kysely);
  const sentRetention = sentEmailRetention(deps);
  // Every kind of email with its template: the compiler refuses a kind declared without one
  // (EmailKinds, server/email/outbox.ts, decision 044).
  const templates: EmailTemplates = {
    ...bookingEmails(deps, (id) => bookings.findSession(id)),
    ...reminders.emails,
    ...sessionEmails(deps),
    ...minimums.emails,
    ...myDataEmails,
    ...authEmails(deps.config),
  };
  const languages = accountLanguageRepository(deps.db.kysely);
  return {
    handlers: {
      [EMAIL_JOB]: emailJobHandler({ mailer: deps.mailer, templates, readerSettingsOf: (userId) => languages.readerSettingsOf(userId), sent: (mail) => sentEmails.record(mail, deps.now()), log: deps.log }),
      [EXPIRE_HOLDS_JOB]: holds.handler,
      // Refunds owed by bookings released inside an account's erasure (decision 038).
      [REFUND_BOOKING_JOB]: bookingRefunds(deps).handler,
      [CLASS_REMINDERS_JOB]: reminders.handler,
      [MINIMUM_TO_RUN_JOB]: minimums.handler,
      [REMOVE_UNREFERENCED_UPLOADS_JOB]: uploads.handler,
      [PURGE_EXPIRED_AUTH_JOB]: auth.handler,
      ...archives.handlers,
      [sentRetention.schedule.kind]: sentRetention.handler,
      [WEBHOOK_DELIVERY_JOB]: webhookDeliveryHandler(deps),
    },
    schedules: [holds.schedule, reminders.schedule, minimums.schedule, uploads.schedule, auth.schedule, archives.schedule, sentRetention.schedule],
  };
}
