// The migration list, in order. Bundled with the server (no directory scan at run time).
// Add new migrations at the end; never edit or reorder a landed one.
import type { Migration } from 'kysely';
import * as m0001 from './0001_init.ts';
import * as m0005 from './0005_waitlist_student_index.ts';
import * as m0006 from './0006_booking_hold_index.ts';
import * as m0007 from './0007_upload.ts';
import * as m0008 from './0008_jobs.ts';
import * as m0009 from './0009_role_repair.ts';
import * as m0010 from './0010_audit_log.ts';
import * as m0011 from './0011_notification_opt_out.ts';
import * as m0012 from './0012_session_cancellation.ts';
import * as m0013 from './0013_calendar_feed.ts';
import * as m0014 from './0014_place_attendance_profile.ts';
import * as m0015 from './0015_session_time_zone.ts';
import * as m0017 from './0017_sent_email_and_sign_in_failures.ts';
import * as m0018 from './0018_user_language.ts';
import * as m0019 from './0019_class_time_set_at.ts';
import * as m0020 from './0020_job_row_indexes.ts';
import * as m0022 from './0022_upload_owner.ts';
import * as m0023 from './0023_start_up_claim.ts';
import * as m0024 from './0024_email_job_recipient.ts';
import * as m0025 from './0025_booking_payment_provider.ts';
import * as m0026 from './0026_user_time_zone.ts';
import * as m0027 from './0027_api_key.ts';
import * as m0028 from './0028_webhooks.ts';
import * as m0029 from './0029_session_reschedule.ts';
import * as m0030 from './0030_job_last_run.ts';
import * as m0031 from './0031_job_request_id.ts';
import * as m0032 from './0032_minimum_to_run.ts';
import * as m0033 from './0033_group_bookings.ts';
import * as m0034 from './0034_lti.ts';
import * as m0035 from './0035_series.ts';
import * as m0036 from './0036_single_sign_on_settings.ts';
import * as m0038 from './0038_lti_nrps.ts';
import * as m0039 from './0039_shared_payment.ts';

export const migrations: Record<string, Migration> = {
  '0001_init': m0001,
  '0005_waitlist_student_index': m0005,
  '0006_booking_hold_index': m0006,
  '0007_upload': m0007,
  '0008_jobs': m0008,
  '0009_role_repair': m0009,
  '0010_audit_log': m0010,
  '0011_notification_opt_out': m0011,
  '0012_session_cancellation': m0012,
  '0013_calendar_feed': m0013,
  '0014_place_attendance_profile': m0014,
  '0015_session_time_zone': m0015,
  '0017_sent_email_and_sign_in_failures': m0017,
  '0018_user_language': m0018,
  '0019_class_time_set_at': m0019,
  '0020_job_row_indexes': m0020,
  '0022_upload_owner': m0022,
  '0023_start_up_claim': m0023,
  '0024_email_job_recipient': m0024,
  '0025_booking_payment_provider': m0025,
  '0026_user_time_zone': m0026,
  '0027_api_key': m0027,
  '0028_webhooks': m0028,
  '0029_session_reschedule': m0029,
  '0030_job_last_run': m0030,
  '0031_job_request_id': m0031,
  '0032_minimum_to_run': m0032,
  '0033_group_bookings': m0033,
  '0034_lti': m0034,
  '0035_series': m0035,
  '0036_single_sign_on_settings': m0036,
  '0038_lti_nrps': m0038,
  '0039_shared_payment': m0039,
};
