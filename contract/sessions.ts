// The study session as every client sees it, and the request/response schemas of the session
// calls. The server validates with these; the web app parses
// and builds its forms with them.
import { z } from 'zod';
import { dateTime, isoDate, pageOf, pageQuery, recordTimes } from './common.ts';
import { timeZoneOrNull } from './time-zone.ts';
import { viewerPlaceSchema } from './viewer-place.ts';

/** 'cancelled': an approved session called off; kept for history, never bookable again. */
export const sessionStatusSchema = z.enum(['pending', 'approved', 'rejected', 'cancelled']);
export type SessionStatus = z.infer<typeof sessionStatusSchema>;

/**
 * Where a class happens: at a place, online at a meeting URL, or explicitly "to be announced"
 * (tba), which its tutor must turn into one of the other two before an admin can approve it
 * (docs/decisions/063-place-to-be-announced.md).
 */
export const locationKindSchema = z.enum(['in_person', 'online', 'tba']);
export type LocationKind = z.infer<typeof locationKindSchema>;

/**
 * A minimum to run (docs/decisions/060-minimum-to-run.md): waiting for its decision, decided that
 * the class runs, or called off by the system because too few students had booked by then.
 */
export const minimumStatusSchema = z.enum(['undecided', 'confirmed', 'called_off']);
export type MinimumStatus = z.infer<typeof minimumStatusSchema>;

/** What a session's reviews add up to, on a session and on its tutor's page. */
const ratingSummary = {
  /** The average of the reviews' ratings; null without any. */
  averageRating: z.number().nullable(),
  reviewCount: z.number().int(),
};

export const sessionSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  tutorId: z.string(),
  tutorName: z.string(),
  /** Only in answers to the tutor and admins (and, in contract/bookings.ts, to students who booked): see publicSessionSchema. */
  tutorEmail: z.string(),
  registrationStartDate: dateTime,
  registrationEndDate: dateTime,
  classStartDate: dateTime,
  classEndDate: dateTime,
  /** Minutes between class start and end, computed by the server. */
  durationMinutes: z.number().int(),
  /** The same in words, e.g. "2 hours 30 minutes". */
  sessionDuration: z.string(),
  /** In dollars; 0 = free. */
  registrationFee: z.number(),
  maxParticipants: z.number().int().nullable(),
  seatsTaken: z.number().int(),
  /** How many seats one booking may take, each a named attendee (1: the booker's own seat; docs/decisions/061-group-bookings.md). */
  maxSeatsPerBooking: z.number().int(),
  cancellationCutoffHours: z.number().int(),
  /** The IANA zone the tutor wrote the dates in, e.g. "Europe/Madrid" (shown beside the viewer's own when they differ); null when unknown. */
  tutorTimeZone: z.string().nullable(),
  status: sessionStatusSchema,
  /** Only for the owning tutor and admins; null otherwise. */
  rejectionReason: z.string().nullable(),
  rejectionFeedback: z.string().nullable(),
  /** Why a cancelled session was called off (what its students were told); null otherwise. */
  cancellationReason: z.string().nullable(),
  cancelledAt: dateTime.nullable(),
  /** Where the class happens ('tba': to be announced); null when its tutor has not said (sessions written before places existed, API clients that leave it out). */
  locationKind: locationKindSchema.nullable(),
  /** In person: the place's name and address (public). */
  placeName: z.string().nullable(),
  placeAddress: z.string().nullable(),
  /** Online: the meeting URL, only for the tutor, admins and booked students (never in public answers). */
  meetingUrl: z.string().nullable(),
  ...ratingSummary,
  /** Approved and inside its registration window now: the green "Ongoing" badge. */
  isOpen: z.boolean(),
  /** The least number of booked students the class needs to run; null: none. */
  minimumStudents: z.number().int().nullable(),
  /** How many hours before class start the minimum is decided; null without a minimum. */
  decisionHoursBefore: z.number().int().nullable(),
  /** When it is decided: class start minus those hours (it moves with the class); null without a minimum. */
  decisionAt: dateTime.nullable(),
  /** null without a minimum. */
  minimumStatus: minimumStatusSchema.nullable(),
  /** Students still needed to reach the minimum ("needs 3 more to run"): minimum − seats taken while undecided, else 0. */
  studentsNeeded: z.number().int(),
  /** The weekly series the class belongs to (GET /api/series/{id} lists its classes); null: a class on its own. */
  seriesId: z.string().nullable(),
  ...recordTimes,
});
export type Session = z.infer<typeof sessionSchema>;

/**
 * One of a tutor's sessions as their lists show it (GET /api/view-sessions/{email}): Manage
 * Sessions' row (title and status, last update, class time in the tutor's zone, seats taken of
 * the limit, a rejection's reason and feedback, and Delete's "booked class still to come") and
 * Upload Materials' choice of approved sessions. Edit and View read the whole session from its own
 * routes (GET /api/session/{id}, GET /api/session/{email}/{id}); a list does not carry each one's
 * description, place or rules (docs/decisions/071-speed-at-full-scale.md).
 */
export const tutorSessionListItemSchema = sessionSchema.pick({
  id: true,
  title: true,
  status: true,
  updatedAt: true,
  classStartDate: true,
  classEndDate: true,
  tutorTimeZone: true,
  maxParticipants: true,
  seatsTaken: true,
  rejectionReason: true,
  rejectionFeedback: true,
});
export type TutorSessionListItem = z.infer<typeof tutorSessionListItemSchema>;
export const tutorSessionPageSchema = pageOf(tutorSessionListItemSchema);
export type TutorSessionPage = z.infer<typeof tutorSessionPageSchema>;

/**
 * A session as the admins' All Sessions shows it (GET /api/admin/sessions): its row (title and
 * status, tutor's name and email, registration window, class date, the fee once approved or else
 * the last update, a rejection's reason and feedback) and what Approve and Reject show of it (the
 * tutor, whether its place is still to be announced, its series, its seat limit). Edit and View
 * read the whole session from its own routes (docs/decisions/071-speed-at-full-scale.md).
 */
export const adminSessionListItemSchema = sessionSchema.pick({
  id: true,
  title: true,
  status: true,
  tutorName: true,
  tutorEmail: true,
  registrationStartDate: true,
  registrationEndDate: true,
  classStartDate: true,
  registrationFee: true,
  updatedAt: true,
  rejectionReason: true,
  rejectionFeedback: true,
  locationKind: true,
  seriesId: true,
  maxParticipants: true,
});
export type AdminSessionListItem = z.infer<typeof adminSessionListItemSchema>;
export const adminSessionPageSchema = pageOf(adminSessionListItemSchema);
export type AdminSessionPage = z.infer<typeof adminSessionPageSchema>;

/**
 * A session as anyone may see it (the public lists, a session's page, a student's bookings):
 * no email address. A tutor's email goes only to the tutor, admins and students who booked.
 */
export const publicSessionSchema = sessionSchema.omit({ tutorEmail: true, meetingUrl: true });
export type PublicSession = z.infer<typeof publicSessionSchema>;

/**
 * The public lists (Home, All Sessions): for a signed-in student each session also carries
 * `mine`, their own place on it (null: none), so that its card says "You are booked".
 * Absent for everyone else: their lists are the shared, cached ones.
 */
export const publicSessionPageSchema = pageOf(publicSessionSchema.extend({ mine: viewerPlaceSchema.nullable().optional() }));
export type PublicSessionPage = z.infer<typeof publicSessionPageSchema>;

/** GET /api/session/{id}: the tutor's email only for the tutor and admins (who edit from it); null for anyone else. */
export const sessionDetailsSchema = publicSessionSchema.extend({
  /** An online class's meeting URL: for its tutor, admins and the students booked on it; null for anyone else. */
  meetingUrl: z.string().nullable(),
  tutorEmail: z.string().nullable(),
  /** Students waiting for a seat: a student who joins now is this plus one in line (contract/bookability.ts). */
  waitlistLength: z.number().int(),
});
export type SessionDetails = z.infer<typeof sessionDetailsSchema>;

/** Home's tutors: a name and an id. */
export const tutorSchema = z.object({ id: z.string(), name: z.string() });
export type Tutor = z.infer<typeof tutorSchema>;
export const tutorPageSchema = pageOf(tutorSchema);
export type TutorPage = z.infer<typeof tutorPageSchema>;

/** GET /api/tutors/{id}: a tutor's public page: photo, name, bio, sessions and rating. */
export const tutorProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  /** The tutor's own words, from Settings; null until written. */
  bio: z.string().nullable(),
  /** Over all their approved sessions' reviews. */
  ...ratingSummary,
  /** Approved sessions whose class has not ended, soonest first (at most 20). */
  upcoming: z.array(publicSessionSchema),
  /** Approved sessions already held, latest first (at most 20). */
  past: z.array(publicSessionSchema),
});
export type TutorProfile = z.infer<typeof tutorProfileSchema>;

export const TUTOR_BIO_MAX = 1000;
/** GET and PUT /api/me/tutor-profile: the calling tutor's bio. */
export const tutorBioSchema = z.object({ bio: z.string() });
export const updateTutorBioBody = z.object({ bio: z.string().trim().max(TUTOR_BIO_MAX, 'errors.input.bioTooLong') });
export type UpdateTutorBioBody = z.input<typeof updateTutorBioBody>;

/** Query strings carry booleans as text: "true"/"1" on, anything else ("false", 5 characters at most) off. */
const queryFlag = z
  .union([z.boolean(), z.string().max(5, 'errors.input.flag')])
  .optional()
  .transform((v) => v === true || v === 'true' || v === '1');

const searchText = z.string().trim().max(100, 'errors.input.searchTooLong').optional();

/** Which classes a public list shows: those not ended yet (the default) or those already held. */
export const SESSION_LIST_WHEN = ['upcoming', 'past'] as const;
export type SessionListWhen = (typeof SESSION_LIST_WHEN)[number];
/** A public list's order: by class date (upcoming soonest first, past latest first; the default) or newest created first. */
export const SESSION_LIST_SORTS = ['class', 'newest'] as const;
export type SessionListSort = (typeof SESSION_LIST_SORTS)[number];
const listWhen = z.enum(SESSION_LIST_WHEN).default('upcoming');
const listSort = z.enum(SESSION_LIST_SORTS).default('class');

/** Home's Sessions section: a small first page of upcoming classes, soonest first. */
export const approvedSessionsQuery = pageQuery.extend({
  limit: z.coerce.number().int().min(1).max(100).default(6),
});

/**
 * GET /api/sessions: search by title or tutor name; `open` = registration window open now;
 * `when` upcoming or past classes; `sort` by class date or newest. A cursor belongs to its sort.
 */
export const sessionListQuery = pageQuery.extend({ q: searchText, open: queryFlag, when: listWhen, sort: listSort });
export type SessionListQuery = z.input<typeof sessionListQuery>;

/** GET /api/admin/sessions: every status, pending first. */
export const adminSessionListQuery = pageQuery.extend({ q: searchText, status: sessionStatusSchema.optional() });
export type AdminSessionListQuery = z.input<typeof adminSessionListQuery>;

export const tutorEmailParam = z.object({ email: z.string().min(3).max(254) });
export const tutorSessionParams = z.object({ email: z.string().min(3).max(254), id: z.string().min(1).max(64) });

export const MAX_CUTOFF_HOURS = 24 * 30;

const title = z.string().trim().min(1, 'errors.input.sessionTitleRequired').max(200, 'errors.input.sessionTitleTooLong');
const description = z.string().trim().min(1, 'errors.input.descriptionRequired').max(5000, 'errors.input.descriptionTooLong');
const maxParticipants = z
  .number()
  .int('errors.input.maxParticipantsWhole')
  .positive('errors.input.maxParticipantsPositive')
  .max(100_000, 'errors.input.maxParticipantsTooLarge')
  .nullable();
/** The least number of students a class may need to run, and how long before class that is decided. */
export const MAX_DECISION_HOURS = 24 * 30;
/** Decided this many hours before class when the tutor sets a minimum without saying when. */
export const DEFAULT_DECISION_HOURS = 48;
const minimumStudents = z
  .number()
  .int('errors.input.minimumStudentsWhole')
  .min(1, 'errors.input.minimumStudentsPositive')
  .max(100_000, 'errors.input.minimumStudentsTooLarge')
  .nullable();
const decisionHoursBefore = z
  .number()
  .int('errors.input.decisionHoursWhole')
  .min(1, 'errors.input.decisionHoursPositive')
  .max(MAX_DECISION_HOURS, 'errors.input.decisionHoursTooLarge');
/** The most seats one booking may take (a family, a study group). */
export const MAX_SEATS_PER_BOOKING = 10;
const maxSeatsPerBooking = z
  .number()
  .int('errors.input.seatsPerBookingWhole')
  .min(1, 'errors.input.seatsPerBookingRange')
  .max(MAX_SEATS_PER_BOOKING, 'errors.input.seatsPerBookingRange');
const cancellationCutoffHours = z
  .number()
  .int('errors.input.cutoffWhole')
  .min(0, 'errors.input.cutoffNegative')
  .max(MAX_CUTOFF_HOURS, 'errors.input.cutoffTooLarge');

// ——— Schedule rules, checked by the server; each refusal a key of its catalogues ———

/** Every date of a session lies within these (inclusive), whatever offset it was written with. */
export const SESSION_DATES_FROM = '2000-01-01T00:00:00.000Z';
export const SESSION_DATES_UNTIL = '2100-12-31T23:59:59.999Z';
/** A class lasts at most this long (a leap year). */
export const MAX_CLASS_DAYS = 366;

/** A session's four dates, in the order their rules are checked. */
export const SCHEDULE_FIELDS = ['registrationStartDate', 'registrationEndDate', 'classStartDate', 'classEndDate'] as const;
export type ScheduleField = (typeof SCHEDULE_FIELDS)[number];
export type SessionSchedule = Record<ScheduleField, string>;

const FROM_MS = Date.parse(SESSION_DATES_FROM);
const UNTIL_MS = Date.parse(SESSION_DATES_UNTIL);
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A schedule or place rule's refusal: a key of the server's catalogues (errors.sessionRules) whose
 * sentence names its fields, so the server says it alone ("Class End Date cannot be before the
 * Class Start Date.").
 */
export type RuleProblem = string;

const OUT_OF_RANGE: Record<ScheduleField, RuleProblem> = {
  registrationStartDate: 'errors.sessionRules.registrationStartDateRange',
  registrationEndDate: 'errors.sessionRules.registrationEndDateRange',
  classStartDate: 'errors.sessionRules.classStartDateRange',
  classEndDate: 'errors.sessionRules.classEndDateRange',
};

/** "Class End Date must be between 1 January 2000 and 31 December 2100." for a date outside them. */
export function sessionDateProblem(field: ScheduleField, value: string): RuleProblem | null {
  const ms = Date.parse(value);
  if (Number.isNaN(ms) || (ms >= FROM_MS && ms <= UNTIL_MS)) return null;
  return OUT_OF_RANGE[field];
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/** The calendar day (yyyy-MM-dd) an instant falls on in `zone`, to tell a wrong day from a wrong time. */
function dayIn(zone: string, ms: number): string {
  let format = dayFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(zone, format);
  }
  return format.format(ms);
}

/**
 * A rule between two of a schedule's moments, said of the day or of the time: when both fall
 * on the same day in the zone the dates were typed in, only the time can be wrong, and the
 * refusal says "Time" (the form's time field), else "Date".
 */
function dateOrTime(zone: string, a: number, b: number, keys: { date: RuleProblem; time: RuleProblem }): RuleProblem {
  return dayIn(zone, a) === dayIn(zone, b) ? keys.time : keys.date;
}

/**
 * What is wrong with a whole schedule, by field (the first rule a field breaks), in the order
 * the rules are listed; empty when nothing is. Dates that do not parse are left to their own
 * field's check. `zone`: the one the dates were typed in (the day a refusal speaks of).
 * A class ends after it starts; registration opens before it closes, and closes no later than
 * the class starts (after that nobody can book anyway).
 */
export function scheduleProblems(s: SessionSchedule, zone = 'UTC'): Partial<Record<ScheduleField, RuleProblem>> {
  const problems: Partial<Record<ScheduleField, RuleProblem>> = {};
  const add = (field: ScheduleField, problem: RuleProblem) => {
    problems[field] ??= problem;
  };
  for (const field of SCHEDULE_FIELDS) {
    const problem = sessionDateProblem(field, s[field]);
    if (problem) add(field, problem);
  }
  const t = (field: ScheduleField) => Date.parse(s[field]);
  if (SCHEDULE_FIELDS.some((field) => Number.isNaN(t(field)))) return problems;
  const day = timeZoneOrNull(zone) ?? 'UTC';
  const [regStart, regEnd, classStart, classEnd] = SCHEDULE_FIELDS.map(t) as [number, number, number, number];
  if (regEnd <= regStart) add('registrationEndDate', dateOrTime(day, regStart, regEnd, { date: 'errors.sessionRules.registrationEndBeforeStart', time: 'errors.sessionRules.registrationEndTimeNotAfterStart' }));
  if (classEnd <= classStart) add('classEndDate', dateOrTime(day, classStart, classEnd, { date: 'errors.sessionRules.classEndBeforeStart', time: 'errors.sessionRules.classEndTimeNotAfterStart' }));
  if (regStart > classEnd) add('registrationStartDate', 'errors.sessionRules.registrationStartAfterClassEnd');
  if (regEnd > classEnd) add('registrationEndDate', 'errors.sessionRules.registrationEndAfterClassEnd');
  if (regEnd > classStart) add('registrationEndDate', dateOrTime(day, classStart, regEnd, { date: 'errors.sessionRules.registrationEndAfterClassStart', time: 'errors.sessionRules.registrationEndTimeAfterClassStart' }));
  if (classEnd - classStart > MAX_CLASS_DAYS * DAY_MS) add('classEndDate', 'errors.sessionRules.classTooLong');
  return problems;
}

/**
 * A new class (or a class moved to a new start) starts in the future: its refusal, by field,
 * said of the day when that day is already over in `zone`, else of the time.
 */
export function classStartProblem(classStartDate: string, now: number, zone = 'UTC'): Partial<Record<'classStartDate', RuleProblem>> {
  const start = Date.parse(classStartDate);
  if (Number.isNaN(start) || start > now) return {};
  const day = timeZoneOrNull(zone) ?? 'UTC';
  return { classStartDate: dateOrTime(day, now, start, { date: 'errors.sessionRules.classStartDatePast', time: 'errors.sessionRules.classStartTimePast' }) };
}

export interface SessionMinimum {
  minimumStudents: number | null;
  decisionHoursBefore: number | null;
  maxParticipants: number | null;
  classStartDate: string;
}

/**
 * What is wrong with a minimum to run, by field: more students than the seats, or (given `now`:
 * a new minimum, a new decision time or a class moved while undecided) a decision time already
 * past. Shared by the server (on the values an edit results in) and the create body.
 */
export function minimumProblems(m: SessionMinimum, now: number | null): Partial<Record<'minimumStudents' | 'decisionHoursBefore', RuleProblem>> {
  if (m.minimumStudents === null) return {};
  const problems: Partial<Record<'minimumStudents' | 'decisionHoursBefore', RuleProblem>> = {};
  if (m.maxParticipants !== null && m.minimumStudents > m.maxParticipants) problems.minimumStudents = 'errors.sessionRules.minimumAboveCapacity';
  const start = Date.parse(m.classStartDate);
  const hours = m.decisionHoursBefore ?? DEFAULT_DECISION_HOURS;
  if (now !== null && !Number.isNaN(start) && start - hours * 3_600_000 <= now) problems.decisionHoursBefore = 'errors.sessionRules.decisionPassed';
  return problems;
}

const sessionDate = (field: ScheduleField) =>
  isoDate.superRefine((value, ctx) => {
    const problem = sessionDateProblem(field, value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const placeName = z.string().trim().max(200, 'errors.input.placeNameTooLong');
const placeAddress = z.string().trim().max(500, 'errors.input.addressTooLong');
const meetingUrl = z
  .string()
  .trim()
  .max(2000, 'errors.input.meetingLinkTooLong')
  .pipe(z.url({ protocol: /^https?$/, error: 'errors.input.meetingLinkHttp' }));

export interface SessionPlace {
  locationKind: LocationKind | null;
  placeName: string | null;
  placeAddress: string | null;
  meetingUrl: string | null;
}

/**
 * What is missing from a place, by field: in person needs a name and an address, online a
 * meeting link; "to be announced" needs nothing yet (approval does: placeToBeAnnounced).
 * Shared by the server (on the place an edit results in) and the form.
 */
export function placeProblems(p: SessionPlace): Partial<Record<'placeName' | 'placeAddress' | 'meetingUrl', RuleProblem>> {
  if (p.locationKind === 'in_person') {
    return { ...(!p.placeName && { placeName: 'errors.sessionRules.placeNameRequired' }), ...(!p.placeAddress && { placeAddress: 'errors.sessionRules.addressRequired' }) };
  }
  if (p.locationKind === 'online' && !p.meetingUrl) return { meetingUrl: 'errors.sessionRules.meetingLinkRequired' };
  return {};
}

/** Whether a session's place is still "to be announced": an admin cannot approve it yet. */
export const placeToBeAnnounced = (p: Pick<SessionPlace, 'locationKind'>) => p.locationKind === 'tba';

const scheduleFields = z.object({
  title,
  description,
  registrationStartDate: sessionDate('registrationStartDate'),
  registrationEndDate: sessionDate('registrationEndDate'),
  classStartDate: sessionDate('classStartDate'),
  classEndDate: sessionDate('classEndDate'),
  maxParticipants: maxParticipants.optional(),
  cancellationCutoffHours: cancellationCutoffHours.optional(),
  /** A minimum to run (null or absent: none); decided `decisionHoursBefore` hours before class (default 48). */
  minimumStudents: minimumStudents.optional(),
  decisionHoursBefore: decisionHoursBefore.optional(),
  /** Seats one booking may take (default 1); may change at any time: bookings already made keep theirs. */
  maxSeatsPerBooking: maxSeatsPerBooking.optional(),
  /** The zone the dates were typed in (the tutor's browser's): stored to show the tutor's time beside a student's. */
  timeZone: z.string().max(64).refine((zone) => timeZoneOrNull(zone) !== null, 'errors.input.timeZone').optional(),
  /** Where the class happens; the fields of the other kinds are dropped. Optional for API clients older than it (the form always sends one). */
  locationKind: locationKindSchema.optional(),
  placeName: placeName.optional(),
  placeAddress: placeAddress.optional(),
  meetingUrl: meetingUrl.optional(),
});

/**
 * POST /api/create-session/{email}. status, registrationFee, sessionDuration, tutorName and
 * tutorEmail of the original API's payload are not part of it: unknown keys are dropped, the server
 * sets them.
 */
export const createSessionBody = scheduleFields
  .extend({
    /** Adds the class to one of the tutor's series (docs/decisions/064-series.md): a class of its own, approved on its own. */
    seriesId: z.string().min(1).max(64).optional(),
  })
  .superRefine((body, ctx) => sessionBodyIssues(body, ctx));
export type CreateSessionBody = z.input<typeof createSessionBody>;

/** The rules of a new class's fields between them, each issue on its field (Create Session and Create Series). */
function sessionBodyIssues(body: z.output<typeof scheduleFields>, ctx: z.RefinementCtx): void {
  const place = { locationKind: body.locationKind ?? null, placeName: body.placeName || null, placeAddress: body.placeAddress || null, meetingUrl: body.meetingUrl || null };
  for (const [field, message] of Object.entries(placeProblems(place))) ctx.addIssue({ code: 'custom', path: [field], message });
  // The decision time's own rule (not in the past) needs the server's clock: checked there.
  const minimum = { minimumStudents: body.minimumStudents ?? null, decisionHoursBefore: body.decisionHoursBefore ?? null, maxParticipants: body.maxParticipants ?? null, classStartDate: body.classStartDate };
  for (const [field, message] of Object.entries(minimumProblems(minimum, null))) ctx.addIssue({ code: 'custom', path: [field], message });
  for (const [field, message] of Object.entries(scheduleProblems(body, body.timeZone))) {
    // Each date out of bounds has already been named by its own field.
    if (!sessionDateProblem(field as ScheduleField, body[field as ScheduleField])) ctx.addIssue({ code: 'custom', path: [field], message });
  }
}

// ——— A weekly series (docs/decisions/064-series.md): one session per class, linked by a series id ———

/** The most classes one series may have, and the most weeks between two of them. */
export const MAX_SERIES_CLASSES = 52;
export const MAX_SERIES_EVERY_WEEKS = 4;
/** A calendar day as the API takes it: yyyy-MM-dd (in the zone the dates were typed in). */
const calendarDay = z.string().max(10, 'errors.input.seriesDay').regex(/^\d{4}-\d{2}-\d{2}$/, 'errors.input.seriesDay');

/**
 * POST /api/create-series/{email}: the first class as Create Session takes it (its registration
 * opens for every class at once; each class's registration ends as long before it as the first's
 * does), repeated every `everyWeeks` weeks at the same time of day in `timeZone`, `classCount`
 * classes or until `untilDate` (the last day a class may fall on), but on the `skipDates`.
 */
export const createSeriesBody = scheduleFields
  .extend({
    everyWeeks: z.number().int('errors.input.seriesEveryWeeks').min(1, 'errors.input.seriesEveryWeeks').max(MAX_SERIES_EVERY_WEEKS, 'errors.input.seriesEveryWeeks').optional(),
    classCount: z.number().int('errors.input.seriesClassCount').min(2, 'errors.input.seriesClassCount').max(MAX_SERIES_CLASSES, 'errors.input.seriesClassCount').optional(),
    untilDate: calendarDay.optional(),
    skipDates: z.array(calendarDay).max(MAX_SERIES_CLASSES, 'errors.input.seriesTooManySkips').optional(),
  })
  .superRefine((body, ctx) => {
    sessionBodyIssues(body, ctx);
    // Exactly one way to say how long the series runs.
    if ((body.classCount === undefined) === (body.untilDate === undefined)) ctx.addIssue({ code: 'custom', path: ['classCount'], message: 'errors.input.seriesCountOrUntil' });
  });
export type CreateSeriesBody = z.input<typeof createSeriesBody>;

/** A series and its classes in class order: those anyone may see (approved, cancelled), or every class for its tutor and admins. */
export const seriesSchema = z.object({
  id: z.string(),
  title: z.string(),
  tutorId: z.string(),
  tutorName: z.string(),
  classes: z.array(publicSessionSchema),
});
export type Series = z.infer<typeof seriesSchema>;

/** POST /api/series/{id}/approve: an admin approves every pending class of the series at once, each at this fee. */
export const approveSeriesResultSchema = z.object({ approved: z.number().int(), series: seriesSchema });
/** POST /api/series/{id}/cancel: the classes called off (approved ones not started), with the reason their students are told. */
export const cancelSeriesResultSchema = z.object({ cancelled: z.number().int(), series: seriesSchema });

/**
 * PUT /api/session/{email}/{id}: any subset; dates, capacity, cutoff and minimum to run only
 * while pending or rejected (admins: always, the minimum until it is decided). Each date is bounded here; the rules between dates are checked by
 * the server on the schedule the edit results in (scheduleProblems).
 */
export const updateSessionBody = scheduleFields.partial();
export type UpdateSessionBody = z.input<typeof updateSessionBody>;

export const MAX_FEE_DOLLARS = 10_000;

export const approveSessionBody = z.object({
  registrationFee: z
    .number()
    .min(0, 'errors.input.feeNegative')
    .max(MAX_FEE_DOLLARS, 'errors.input.feeTooLarge')
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'errors.input.feeCents'),
  maxParticipants: maxParticipants.optional(),
});
export type ApproveSessionBody = z.input<typeof approveSessionBody>;

export const rejectSessionBody = z.object({
  reason: z.string().trim().min(1, 'errors.input.reasonRequired').max(500, 'errors.input.reasonTooLong'),
  feedback: z.string().trim().min(1, 'errors.input.feedbackRequired').max(2000, 'errors.input.feedbackTooLong'),
});
export type RejectSessionBody = z.input<typeof rejectSessionBody>;

/** POST /api/sessions/{id}/cancel: the owning tutor (while nobody has paid) or an admin calls an approved session off. */
export const cancelSessionBody = z.object({
  reason: z.string().trim().min(1, 'errors.input.reasonRequired').max(500, 'errors.input.reasonTooLong'),
});
export type CancelSessionBody = z.input<typeof cancelSessionBody>;

/**
 * POST /api/series/{id}/cancel: the reason, and optionally the class to start from (that class and
 * every later one; absent, every class not started).
 */
export const cancelSeriesBody = cancelSessionBody.extend({
  fromSessionId: z.string().min(1, 'errors.input.sessionRequired').max(64).optional(),
});
export type CancelSeriesBody = z.input<typeof cancelSeriesBody>;

export const RESCHEDULE_MESSAGE_MAX = 500;

/**
 * POST /api/sessions/{id}/reschedule: the tutor of an approved class (or an admin) moves it
 * before it starts: new class start and end, optionally a new registration end and place, and a
 * short message for its students. The rules between the dates are the server's (a moved class
 * starts in the future, ends after it starts, registration ends no later than its start).
 */
export const rescheduleSessionBody = z.object({
  classStartDate: sessionDate('classStartDate'),
  classEndDate: sessionDate('classEndDate'),
  registrationEndDate: sessionDate('registrationEndDate').optional(),
  timeZone: scheduleFields.shape.timeZone,
  locationKind: locationKindSchema.optional(),
  placeName: placeName.optional(),
  placeAddress: placeAddress.optional(),
  meetingUrl: meetingUrl.optional(),
  message: z.string().trim().min(1, 'errors.input.rescheduleMessageRequired').max(RESCHEDULE_MESSAGE_MAX, 'errors.input.rescheduleMessageTooLong'),
});
export type RescheduleSessionBody = z.input<typeof rescheduleSessionBody>;
