// Table types for Kysely. Column names are camelCase because better-auth shares the
// instance and uses camelCase for its own tables (user, session, account, verification).
// Timestamps of our own tables are ISO-8601 UTC strings on both dialects (see
// docs/decisions/002-timestamps-as-iso-text.md); better-auth's columns are native
// timestamps on PostgreSQL and ISO text on SQLite, so read them through toIso().
import type { ColumnType, Generated, Selectable } from 'kysely';

type AuthDate = ColumnType<Date | string, Date | string, Date | string>;
type AuthBool = ColumnType<boolean | number, boolean | number, boolean | number>;

export type Role = 'student' | 'tutor' | 'admin';
export type SessionStatus = 'pending' | 'approved' | 'rejected' | 'cancelled';
export type BookingStatus = 'confirmed' | 'pending_payment';
export type LocationKind = 'in_person' | 'online' | 'tba';
/** What a class's minimum to run decided (study_session.minimumOutcome). */
export type MinimumOutcome = 'confirmed' | 'called_off';
export type Attendance = 'present' | 'absent';

export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: AuthBool;
  image: string | null;
  createdAt: AuthDate;
  updatedAt: AuthDate;
  role: Role;
  blocked: AuthBool;
  lastSeen: AuthDate | null;
  /** The language chosen in Settings (i18n/languages.ts), or null: the browser's. */
  language: string | null;
  /** The account's time zone (an IANA name), in which its emails give times; null: not known, UTC. */
  timeZone: string | null;
}

export interface AuthSessionTable {
  id: string;
  expiresAt: AuthDate;
  token: string;
  createdAt: AuthDate;
  updatedAt: AuthDate;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
}

export interface AccountTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: AuthDate | null;
  refreshTokenExpiresAt: AuthDate | null;
  scope: string | null;
  password: string | null;
  createdAt: AuthDate;
  updatedAt: AuthDate;
}

export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: AuthDate;
  createdAt: AuthDate;
  updatedAt: AuthDate;
}

export interface RateLimitTable {
  id: string;
  key: string;
  count: number;
  lastRequest: ColumnType<number, number, number>;
}

export interface StudySessionTable {
  id: string;
  title: string;
  description: string;
  tutorId: string;
  tutorName: string;
  tutorEmail: string;
  registrationStartDate: string;
  registrationEndDate: string;
  classStartDate: string;
  classEndDate: string;
  durationMinutes: number;
  registrationFeeCents: Generated<number>;
  maxParticipants: number | null;
  cancellationCutoffHours: Generated<number>;
  status: Generated<SessionStatus>;
  rejectionReason: string | null;
  rejectionFeedback: string | null;
  /** Seats taken (confirmed bookings and unexpired payment holds); guarded by a conditional UPDATE. */
  bookedCount: Generated<number>;
  ratingSum: Generated<number>;
  ratingCount: Generated<number>;
  /** Why the session was called off (status 'cancelled'), as its students were told. */
  cancellationReason: ColumnType<string | null, string | null | undefined, string | null>;
  cancelledAt: ColumnType<string | null, string | null | undefined, string | null>;
  /** SEQUENCE of the session's calendar events: raised by each change students' calendars must follow. */
  calendarSequence: Generated<number>;
  /** Where the class happens; null = not said. The meeting URL only reaches booked students, the tutor and admins. */
  locationKind: ColumnType<LocationKind | null, LocationKind | null | undefined, LocationKind | null>;
  placeName: ColumnType<string | null, string | null | undefined, string | null>;
  placeAddress: ColumnType<string | null, string | null | undefined, string | null>;
  meetingUrl: ColumnType<string | null, string | null | undefined, string | null>;
  /** The IANA zone the tutor wrote the dates in (their browser's); null when unknown. */
  tutorTimeZone: ColumnType<string | null, string | null | undefined, string | null>;
  /** When an edit last set the class dates; null: they are the ones it was created with (createdAt). Reminders whose moment was past then are skipped. */
  classTimeSetAt: ColumnType<string | null, string | null | undefined, string | null>;
  /** When its tutor last moved the approved class (reschedule); a student booked before may cancel with a full refund for 48 hours after (migration 0029). */
  rescheduledAt: ColumnType<string | null, string | null | undefined, string | null>;
  /** The least number of booked students the class needs to run; null: none (migration 0032, docs/decisions/060-minimum-to-run.md). */
  minimumStudents: ColumnType<number | null, number | null | undefined, number | null>;
  /** How many hours before class start the minimum is decided (moves with the class); null without a minimum. */
  decisionHoursBefore: ColumnType<number | null, number | null | undefined, number | null>;
  /** What the decision was, once made: the class runs ('confirmed') or the system called it off; null until then. */
  minimumOutcome: ColumnType<MinimumOutcome | null, MinimumOutcome | null | undefined, MinimumOutcome | null>;
  minimumDecidedAt: ColumnType<string | null, string | null | undefined, string | null>;
  /** How many seats one booking may take (1: the booker's own, as before; migration 0033). */
  maxSeatsPerBooking: Generated<number>;
  /** The weekly series the class belongs to (its classes share it); null: a class on its own (migration 0035, docs/decisions/064-series.md). */
  seriesId: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: string;
  updatedAt: string;
}

export interface BookingTable {
  id: string;
  sessionId: string;
  studentId: string;
  studentEmail: string;
  status: Generated<BookingStatus>;
  amountCents: Generated<number>;
  holdExpiresAt: string | null;
  paymentRef: string | null;
  /** The payment provider paymentRef belongs to (its registered name: 'stripe', 'test'); null with no payment started. */
  paymentProvider: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * The whole payment paymentRef names when several bookings share it (a series booked at once,
   * migration 0039): amountCents is this booking's share, the part refunded with it. Null: the
   * payment is this booking's alone.
   */
  paymentTotalCents: ColumnType<number | null, number | null | undefined, number | null>;
  createdAt: string;
  /** The class start the 24-hour / 1-hour reminder was sent for (a moved class gets new ones). */
  reminded24hFor: ColumnType<string | null, string | null | undefined, string | null>;
  reminded1hFor: ColumnType<string | null, string | null | undefined, string | null>;
  /** Marked by the tutor once class has started; null = not marked. */
  attendance: ColumnType<Attendance | null, Attendance | null | undefined, Attendance | null>;
  attendanceMarkedAt: ColumnType<string | null, string | null | undefined, string | null>;
  /** Seats this booking takes (counted in study_session.bookedCount; migration 0033). */
  seats: Generated<number>;
}

export interface WaitlistEntryTable {
  id: string;
  sessionId: string;
  studentId: string;
  createdAt: string;
  /** Seats the entry waits for: promoted only when all of them are free (migration 0033). */
  seats: Generated<number>;
}

/** One named seat of a group booking or waitlist entry, by its booker (docs/decisions/061-group-bookings.md). */
export interface BookingAttendeeTable {
  sessionId: string;
  studentId: string;
  /** 1, 2, …: the order the booker named them in; a group that took fewer seats keeps the first ones. */
  position: number;
  name: string;
  email: string | null;
}

export interface ReviewTable {
  id: string;
  sessionId: string;
  studentId: string;
  studentName: string;
  rating: number;
  review: string;
  createdAt: string;
  updatedAt: string;
}

export interface NoteTable {
  id: string;
  studentId: string;
  title: string;
  details: string;
  createdAt: string;
  updatedAt: string;
}

export interface MaterialTable {
  id: string;
  sessionId: string;
  tutorId: string;
  title: string;
  /** Stored file name under DATA_DIR/materials (never public). */
  fileKey: string | null;
  fileName: string | null;
  mimeType: string | null;
  fileSize: number | null;
  link: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A profile photo under DATA_DIR/uploads; removed a day after upload unless a user's image. */
export interface UploadTable {
  name: string;
  createdAt: string;
  /** Who uploaded it; null: the sign-up page, until that sign-up takes it (migration 0022). */
  ownerId: string | null;
}

/** One-time start-up work done by one process of several (server/db/start-up-claim.ts, migration 0023). */
export interface StartUpClaimTable {
  name: string;
  claimedAt: string;
}

export type JobStatus = 'queued' | 'running' | 'dead';

/** Background work (server/jobs): see docs/decisions/017-durable-jobs.md. */
export interface JobTable {
  id: string;
  kind: string;
  /** JSON text. */
  payload: string;
  status: Generated<JobStatus>;
  runAt: string;
  attempts: Generated<number>;
  maxAttempts: number;
  lastError: string | null;
  lockedBy: string | null;
  lockedUntil: string | null;
  key: string | null;
  createdAt: string;
  /** An email job's recipient, lower-cased (the export's exact match); null for other jobs (migration 0024). */
  recipient: string | null;
  /** The id of the request that enqueued it, carried into its log lines (migration 0031). */
  requestId: string | null;
  /** When its last finished try started (a failure, a recurring job's run); null before one (migration 0030). */
  lastRunAt: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Admin actions (server/audit/audit-log.ts): inserted in the action's transaction, never changed. */
export interface AuditLogTable {
  id: string;
  at: string;
  actorId: string | null;
  actor: string;
  action: string;
  targetType: string;
  targetId: string;
  /** JSON text. */
  details: string;
  ip: string | null;
}

/** An optional notification a user turned off (server/features/notifications); no row = on. */
export interface NotificationOptOutTable {
  userId: string;
  kind: string;
  createdAt: string;
}

/** An email sent, kept 30 days for the recipient's export (server/email/sent-email-repository.ts). */
export interface SentEmailTable {
  id: string;
  recipient: string;
  subject: string;
  /** Null when the message held a one-time link. */
  text: string | null;
  sentAt: string;
}

/** Failed sign-ins to one email address in the current window (server/audit/security-events.ts). */
export interface SignInFailureTable {
  email: string;
  windowStart: string;
  failures: number;
}

/** A user's private calendar feed (server/features/bookings/calendar-feed-service.ts); the token is the URL's secret. */
export interface CalendarFeedTable {
  userId: string;
  token: string;
  createdAt: string;
  /** The ETag of the content last served, and since when it has been that (the feed's Last-Modified). */
  contentTag: string | null;
  contentSince: string | null;
}

/** A tutor's public profile text; no row = no bio yet. */
export interface TutorProfileTable {
  userId: string;
  bio: string;
  updatedAt: string;
}

/** An API key (server/features/api-keys): its SHA-256, never the key. */
export interface ApiKeyTable {
  id: string;
  userId: string;
  name: string;
  prefix: string;
  hash: string;
  /** Space-separated scopes (contract/api-keys.ts). */
  scopes: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** The school's OpenID Connect provider as set in the dashboard (server/auth/single-sign-on-settings.ts); one row, id 'oidc'. */
export interface SingleSignOnSettingsTable {
  id: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Space-separated lower-case domains. */
  allowedDomains: string;
  requiredDomains: string;
  buttonLabel: string;
  roleClaim: string | null;
  /** Space-separated `domain=role` rules. */
  domainRoles: string;
  updatedAt: string;
  updatedBy: string | null;
}

/** A webhook endpoint (server/features/webhooks); `secret` is the `whsec_` signing secret. */
export interface WebhookEndpointTable {
  id: string;
  ownerId: string;
  url: string;
  secret: string;
  /** Space-separated event names (contract/webhooks.ts). */
  events: string;
  createdAt: string;
}

/** One event's delivery to one endpoint, as its last try left it (the try itself is a job). */
export interface WebhookDeliveryTable {
  id: string;
  endpointId: string;
  event: string;
  status: string;
  attempts: number;
  lastStatus: number | null;
  lastAt: string;
  lastBody: string;
  createdAt: string;
}

/** A learning platform registered for LTI 1.3 (server/features/lti); deployment ids space-separated. */
export interface LtiPlatformTable {
  id: string;
  name: string;
  issuer: string;
  clientId: string;
  deploymentIds: string;
  authUrl: string;
  tokenUrl: string;
  jwksUrl: string;
  /** Where the platform's services (NRPS memberships) are, when on another origin than the URLs above; null: those origins only (docs/decisions/068-lti-nrps.md). */
  servicesUrl: string | null;
  createdAt: string;
}

/** StudyNest's LTI signing key pair, as JWK JSON text. */
export interface LtiToolKeyTable {
  id: string;
  publicJwk: string;
  privateJwk: string;
  createdAt: string;
}

/** A third-party-initiated login waiting for its launch: its state and nonce, used once. */
export interface LtiLoginTable {
  state: string;
  nonce: string;
  platformId: string;
  expiresAt: string;
}

/** A launch checked inside the platform's iframe, to continue in its own window (its launch as JSON). */
export interface LtiContinueTable {
  code: string;
  platformId: string;
  launch: string;
  expiresAt: string;
}

/** An instructor's Deep Linking request (LTI Deep Linking 2.0), until their pick answers it. */
export interface LtiDeepLinkTable {
  id: string;
  platformId: string;
  userId: string;
  deploymentId: string;
  returnUrl: string;
  data: string | null;
  expiresAt: string;
}

/** A course (LTI context) a platform launched StudyNest from, with its NRPS memberships URL (docs/decisions/068-lti-nrps.md). */
export interface LtiContextTable {
  id: string;
  platformId: string;
  contextId: string;
  title: string | null;
  membershipsUrl: string | null;
  serviceVersions: string;
  updatedAt: string;
}

/** An account that launched from a course as its Instructor: who may import its roster. */
export interface LtiContextInstructorTable {
  contextRowId: string;
  userId: string;
  launchedAt: string;
}

export interface Database {
  user: UserTable;
  session: AuthSessionTable;
  account: AccountTable;
  verification: VerificationTable;
  rateLimit: RateLimitTable;
  study_session: StudySessionTable;
  booking: BookingTable;
  waitlist_entry: WaitlistEntryTable;
  booking_attendee: BookingAttendeeTable;
  review: ReviewTable;
  note: NoteTable;
  material: MaterialTable;
  upload: UploadTable;
  start_up_claim: StartUpClaimTable;
  job: JobTable;
  audit_log: AuditLogTable;
  notification_opt_out: NotificationOptOutTable;
  sent_email: SentEmailTable;
  sign_in_failure: SignInFailureTable;
  calendar_feed: CalendarFeedTable;
  tutor_profile: TutorProfileTable;
  api_key: ApiKeyTable;
  single_sign_on_settings: SingleSignOnSettingsTable;
  webhook_endpoint: WebhookEndpointTable;
  webhook_delivery: WebhookDeliveryTable;
  lti_platform: LtiPlatformTable;
  lti_tool_key: LtiToolKeyTable;
  lti_login: LtiLoginTable;
  lti_deep_link: LtiDeepLinkTable;
  lti_continue: LtiContinueTable;
  lti_context: LtiContextTable;
  lti_context_instructor: LtiContextInstructorTable;
}

export type UserRow = Selectable<UserTable>;
export type StudySessionRow = Selectable<StudySessionTable>;
