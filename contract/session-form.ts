// The create/edit/reschedule session forms' fields → the API's body, shared by the web app's route
// actions (web/src/features/sessions/pages/create-session-page.tsx, edit-session-page.tsx,
// reschedule-session-page.tsx), which run for a form sent by the app, before it is live or without
// JavaScript: one mapping.
// Dates are typed as dd/MM/yyyy and times as 24-hour HH:mm, whatever the browser's
// language, in the zone the form names in its `timeZone` field (the zone its labels say: the
// viewer's, docs/decisions/028-session-date-fields.md). Converted with Intl's offsets of that zone.
import { DEFAULT_DECISION_HOURS, SCHEDULE_FIELDS, type CreateSeriesBody, type CreateSessionBody, type RescheduleSessionBody, type ScheduleField, type SessionSchedule, type UpdateSessionBody } from './sessions.ts';
import { timeZoneOrNull } from './time-zone.ts';

/** dd/MM/yyyy, as the field's `pattern` (the HTML attribute's syntax). */
export const DATE_FIELD_PATTERN = String.raw`\d{2}/\d{2}/\d{4}`;
/** HH:mm, 24-hour. */
export const TIME_FIELD_PATTERN = String.raw`([01]\d|2[0-3]):[0-5]\d`;

/** The name of the time field that goes with a date field: classStartDate → classStartTime. */
export const timeFieldOf = (field: ScheduleField) => field.replace(/Date$/, 'Time');

export interface WallTime {
  /** dd/MM/yyyy */
  date: string;
  /** HH:mm */
  time: string;
}

const formats = new Map<string, Intl.DateTimeFormat>();
function numbersIn(zone: string, ms: number): number[] {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formats.set(zone, format);
  }
  const p = Object.fromEntries(format.formatToParts(ms).map((part) => [part.type, Number(part.value)]));
  return [p.year!, p.month!, p.day!, p.hour!, p.minute!];
}

const two = (n: number) => String(n).padStart(2, '0');

/** An instant as the form shows it in `zone`. */
export function wallTimeOf(instant: string | number | Date, zone: string): WallTime {
  const [y, mo, d, h, mi] = numbersIn(zone, new Date(instant).getTime());
  return { date: `${two(d!)}/${two(mo!)}/${String(y).padStart(4, '0')}`, time: `${two(h!)}:${two(mi!)}` };
}

/**
 * The instant a date and time typed in `zone` name (ISO, UTC), or null when they are not a real
 * date and time. In a zone's spring gap (a time that does not exist) the instant an hour later.
 */
export function instantOf(date: string, time: string, zone: string): string | null {
  const d = new RegExp(`^${DATE_FIELD_PATTERN}$`).test(date.trim()) ? date.trim().split('/').map(Number) : null;
  const t = new RegExp(`^${TIME_FIELD_PATTERN}$`).test(time.trim()) ? time.trim().split(':').map(Number) : null;
  if (!d || !t) return null;
  const [day, month, year] = d as [number, number, number];
  const wall = Date.UTC(year, month - 1, day, t[0], t[1]);
  const back = new Date(wall);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) return null;
  // The zone's offset at a first guess, then at the instant it gives (they differ across a change).
  const offsetAt = (ms: number) => {
    const [y, mo, dd, h, mi] = numbersIn(zone, ms);
    return Date.UTC(y!, mo! - 1, dd, h, mi) - Math.floor(ms / 60_000) * 60_000;
  };
  const first = wall - offsetAt(wall);
  return new Date(wall - offsetAt(first)).toISOString();
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** How long a proposed class lasts. */
export const PROPOSED_CLASS_MINUTES = 90;

/**
 * Create Session's first proposal, a schedule the server accepts as it is: the class a week from
 * now at the next whole hour of `zone` (the form's), for 90 minutes; registration open from now
 * (to the minute, the fields' precision) until the class starts.
 */
export function proposedSchedule(now: number, zone: string): SessionSchedule {
  const inAWeek = wallTimeOf(now + 7 * 24 * HOUR_MS, zone);
  const hourStarted = Date.parse(instantOf(inAWeek.date, `${inAWeek.time.slice(0, 2)}:00`, zone) ?? new Date(now).toISOString());
  const classStart = hourStarted + HOUR_MS;
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    registrationStartDate: iso(Math.floor(now / MINUTE_MS) * MINUTE_MS),
    registrationEndDate: iso(classStart),
    classStartDate: iso(classStart),
    classEndDate: iso(classStart + PROPOSED_CLASS_MINUTES * MINUTE_MS),
  };
}

type Read = (name: string) => string;

/** The zone the form's dates were typed in: its `timeZone` field, else `fallback` (the tz cookie's, else UTC). */
export function formZone(read: Read, fallback: string | null): string {
  return timeZoneOrNull(read('timeZone')) ?? fallback ?? 'UTC';
}

/** A date field's instant; when it is not one, the text as typed (the API names the field). */
function dateValue(read: Read, field: ScheduleField, zone: string): string {
  const date = read(field);
  const time = read(timeFieldOf(field));
  return instantOf(date, time, zone) ?? `${date} ${time}`.trim();
}

type PlaceBody = Pick<CreateSessionBody, 'locationKind' | 'placeName' | 'placeAddress' | 'meetingUrl'>;

/** Where the class happens: the chosen kind's fields only (none when no kind is chosen). */
function placeOf(read: Read): PlaceBody {
  const kind = read('locationKind');
  if (kind === 'in_person') return { locationKind: kind, placeName: read('placeName').trim(), placeAddress: read('placeAddress').trim() };
  if (kind === 'online') return { locationKind: kind, meetingUrl: read('meetingUrl').trim() };
  if (kind === 'tba') return { locationKind: kind };
  return {};
}

/** Whether date field `field` (and its time) holds `instant` as the form drew it in `zone`. */
function typedAsDrawn(read: Read, field: ScheduleField, instant: string, zone: string): boolean {
  const was = wallTimeOf(instant, zone);
  return read(field) === was.date && read(timeFieldOf(field)) === was.time;
}

/** Create Session's body. */
export function createSessionFormBody(read: Read, zoneFallback: string | null): CreateSessionBody {
  const zone = formZone(read, zoneFallback);
  const dates = Object.fromEntries(SCHEDULE_FIELDS.map((field) => [field, dateValue(read, field, zone)])) as Record<ScheduleField, string>;
  const max = read('maxParticipants').trim();
  // A minimum to run: empty for none; its decision time defaults to 48 hours before class.
  const minimum = read('minimumStudents').trim();
  const hours = read('decisionHoursBefore').trim();
  // A form without the field (one drawn before it existed) leaves the session's as it is.
  const seats = read('maxSeatsPerBooking').trim();
  return {
    title: read('title'),
    description: read('description'),
    ...dates,
    maxParticipants: max === '' ? null : Number(max),
    cancellationCutoffHours: Number(read('cancellationCutoffHours')),
    minimumStudents: minimum === '' ? null : Number(minimum),
    ...(minimum === '' ? {} : { decisionHoursBefore: hours === '' ? DEFAULT_DECISION_HOURS : Number(hours) }),
    ...(seats !== '' && { maxSeatsPerBooking: Number(seats) }),
    timeZone: zone,
    ...placeOf(read),
  };
}

/** A day typed dd/MM/yyyy as the API's yyyy-MM-dd; anything else as typed (the API names the field). */
const apiDay = (typed: string) => (new RegExp(`^${DATE_FIELD_PATTERN}$`).test(typed.trim()) ? typed.trim().split('/').reverse().join('-') : typed.trim());

/**
 * Create Series' body (docs/decisions/064-series.md): its first class as Create Session's, every
 * `everyWeeks` weeks, `classCount` classes or until the day `untilDate` (one of the two: the count
 * when both are typed), but on the days of `skipDates` (dd/MM/yyyy, separated by commas or spaces).
 */
export function createSeriesFormBody(read: Read, zoneFallback: string | null): CreateSeriesBody {
  const count = read('classCount').trim();
  const until = read('untilDate').trim();
  const every = read('everyWeeks').trim();
  const skip = read('skipDates').split(/[\s,;]+/).filter(Boolean);
  return {
    ...createSessionFormBody(read, zoneFallback),
    ...(every !== '' && { everyWeeks: Number(every) }),
    ...(count !== '' ? { classCount: Number(count) } : until !== '' ? { untilDate: apiDay(until) } : {}),
    ...(skip.length > 0 && { skipDates: skip.map(apiDay) }),
  };
}

/**
 * Edit Session's body: title, details and place; the schedule when the form has it (pending or
 * rejected, or an admin), and of its dates only those typed differently from `current`'s (the
 * fields have minute precision, the stored instants may not).
 */
export function updateSessionFormBody(read: Read, zoneFallback: string | null, current: Record<ScheduleField, string>): UpdateSessionBody {
  const schedule = createSessionFormBody(read, zoneFallback);
  const body: UpdateSessionBody = { title: schedule.title, description: schedule.description, ...placeOf(read) };
  if (schedule.maxSeatsPerBooking !== undefined) body.maxSeatsPerBooking = schedule.maxSeatsPerBooking;
  if (read('registrationStartDate') === '') return body;
  const zone = schedule.timeZone!;
  const changed = SCHEDULE_FIELDS.filter((field) => !typedAsDrawn(read, field, current[field], zone));
  for (const field of changed) body[field] = schedule[field];
  if (changed.length > 0) body.timeZone = zone;
  body.maxParticipants = schedule.maxParticipants;
  body.cancellationCutoffHours = schedule.cancellationCutoffHours;
  body.minimumStudents = schedule.minimumStudents;
  if (schedule.decisionHoursBefore !== undefined) body.decisionHoursBefore = schedule.decisionHoursBefore;
  return body;
}

/**
 * Reschedule's body (docs/decisions/053-reschedule-and-class-order.md): the class's start and end
 * (as stored when typed as drawn: the fields have minute precision, the stored instants may not),
 * the registration end only when typed differently from `current`'s (left out, the server brings
 * it back to the new start when that comes first), the place, and the message for the students.
 */
export function rescheduleSessionFormBody(read: Read, zoneFallback: string | null, current: Pick<SessionSchedule, 'registrationEndDate' | 'classStartDate' | 'classEndDate'>): RescheduleSessionBody {
  const zone = formZone(read, zoneFallback);
  const date = (field: 'classStartDate' | 'classEndDate') => (typedAsDrawn(read, field, current[field], zone) ? current[field] : dateValue(read, field, zone));
  const registrationEnd = typedAsDrawn(read, 'registrationEndDate', current.registrationEndDate, zone) ? {} : { registrationEndDate: dateValue(read, 'registrationEndDate', zone) };
  return { classStartDate: date('classStartDate'), classEndDate: date('classEndDate'), ...registrationEnd, timeZone: zone, ...placeOf(read), message: read('message') };
}
