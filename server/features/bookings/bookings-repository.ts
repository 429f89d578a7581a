// The only SQL of the bookings feature. Seats are counted in study_session.bookedCount and
// taken with a conditional UPDATE inside the booking's transaction; the column's CHECK is the
// backstop (docs/decisions/003-capacity-guard.md).
import { sql, type Kysely } from 'kysely';
import { WAITLIST_OFFER_HOURS } from '#contract/bookings.ts';
import type { BookedSessionsWhen } from '#contract/bookings.ts';
import type { BookingState } from '#contract/viewer-place.ts';
import { isUniqueViolation } from '#server/db/constraint-errors.ts';
import { idList } from '#server/db/id-list.ts';
import { afterKey } from '#server/db/keyset.ts';
import { prepare } from '#server/db/prepared.ts';
import { locking } from '#server/db/row-lock.ts';
import type { Work } from '#server/db/unit-of-work.ts';
import type { Attendance, BookingStatus, Database, StudySessionRow } from '#server/db/schema.ts';
import { newId } from '#server/ids.ts';

/** An entry of the student's (a booking or a place in line) with its session's columns `S`: the whole row for one entry, what a list reads for a list. */
export type StudentEntryRow<S = StudySessionRow> = S & EntryFields;
/** An entry as the student's lists read it. */
export type ListedEntryRow = StudentEntryRow<ListedSession>;

interface EntryFields {
  entryId: string;
  entryCreatedAt: string;
  kind: BookingState;
  /** Set while a paid seat is held for payment. */
  holdExpiresAt: string | null;
  /** Position in the session's waitlist (meaningful for waitlisted entries only). */
  placeInLine: number;
  /**
   * A payment hold whose time is up bears on this entry: its own (awaiting payment), or one in
   * the session it waits for (releasing it moves the line). The list sweeps first, then.
   */
  holdDue: boolean;
  /** The tutor's mark of a booked student; null until marked, and for waitlist entries. */
  attendance: Attendance | null;
  /** Seats the booking takes or the entry waits for. */
  seats: number;
  /** The attendees the booker named, in order; empty for a seat of their own. */
  attendees: AttendeeRow[];
}

export interface AttendeeRow {
  name: string;
  email: string | null;
}

export interface RosterRow {
  grp: number;
  /** 1 while a paid seat is held for payment. */
  held: number;
  studentId: string;
  name: string;
  email: string;
  since: string;
  entryId: string;
  attendance: Attendance | null;
  seats: number;
}

export interface PromotedStudent {
  studentId: string;
  email: string;
  name: string;
  bookingId: string;
  /** Paid sessions: the seat is held until then for the student to pay (features/payments). */
  holdExpiresAt: string | null;
  /** Their account's language (user.language), for the email that tells them. */
  language?: string | null;
}

/** How long a student moved up from the waitlist of a paid session has to pay (they learn it by email). */
export const PROMOTED_HOLD_MS = WAITLIST_OFFER_HOURS * 3_600_000;

/** The class reminders (class-reminders.ts): 24 hours and 1 hour before class starts. */
export type ReminderOffset = '24h' | '1h';
const reminderColumn = { '24h': 'reminded24hFor', '1h': 'reminded1hFor' } as const;

export type BookOutcome = { kind: 'booked'; bookingId: string; bookedCount: number } | { kind: 'full' } | { kind: 'duplicate' };
/** What a group does when its seats are not all free (contract/bookings.ts, ifShort). */
export type GroupChoice = 'refuse' | 'wait' | 'takeFree';
export type GroupBookOutcome =
  | { kind: 'booked'; bookingId: string; bookedCount: number; seats: number }
  | { kind: 'waitlisted'; seats: number }
  | { kind: 'full' }
  | { kind: 'duplicate' }
  | { kind: 'waiting' };

/** The student's bookings and waitlist entries, as one list of entries `e`. */
const entriesOf = (db: Kysely<Database>, studentId: string, page?: { limit: number; after?: { createdAt: string; id: string } }) => {
  const bookings = db
    .selectFrom('booking')
    .select([
      'booking.id as entryId',
      'booking.sessionId as entrySessionId',
      'booking.createdAt as entryCreatedAt',
      sql<BookingState>`case when booking.status = 'pending_payment' then 'awaiting_payment' else 'booked' end`.as('kind'),
      'booking.holdExpiresAt as entryHoldExpiresAt',
      'booking.attendance as entryAttendance',
      'booking.seats as entrySeats',
    ])
    .where('booking.studentId', '=', studentId);
  const waiting = db
    .selectFrom('waitlist_entry')
    .select([
      'waitlist_entry.id as entryId',
      'waitlist_entry.sessionId as entrySessionId',
      'waitlist_entry.createdAt as entryCreatedAt',
      sql<BookingState>`'waitlisted'`.as('kind'),
      sql<string | null>`null`.as('entryHoldExpiresAt'),
      sql<Attendance | null>`null`.as('entryAttendance'),
      'waitlist_entry.seats as entrySeats',
    ])
    .where('waitlist_entry.studentId', '=', studentId);
  if (!page) return bookings.unionAll(waiting);
  // Newest first, a page: each half read through its student index (studentId, createdAt, id)
  // only as far as the page goes, so that the sessions joined below are the page's, not every
  // entry the student ever had (a page costs the same after years of bookings).
  const { limit, after } = page;
  const pagedBookings = bookings
    .$if(after !== undefined, (q) => q.where((eb) => afterKey(eb, ['booking.createdAt', 'booking.id'], [after!.createdAt, after!.id], 'desc')))
    .orderBy('booking.createdAt', 'desc')
    .orderBy('booking.id', 'desc')
    .limit(limit);
  const pagedWaiting = waiting
    .$if(after !== undefined, (q) => q.where((eb) => afterKey(eb, ['waitlist_entry.createdAt', 'waitlist_entry.id'], [after!.createdAt, after!.id], 'desc')))
    .orderBy('waitlist_entry.createdAt', 'desc')
    .orderBy('waitlist_entry.id', 'desc')
    .limit(limit);
  return db.selectFrom(pagedBookings.as('b')).selectAll().unionAll(db.selectFrom(pagedWaiting.as('w')).selectAll());
};

type EntriesPage = Parameters<typeof entriesOf>[2];

/** Each entry `e` joined to its session `s`, with the entry's place in line and whether a due hold bears on it; the caller picks the session's columns. */
const studentEntries = (db: Kysely<Database>, studentId: string, now: string, page?: EntriesPage) =>
  db
    .selectFrom(entriesOf(db, studentId, page).as('e'))
    .innerJoin('study_session as s', 's.id', 'e.entrySessionId')
    .select(['e.entryId', 'e.entryCreatedAt', 'e.kind', 'e.entryHoldExpiresAt as holdExpiresAt', 'e.entryAttendance as attendance', 'e.entrySeats as seats'])
    // Counted for waitlist entries only; the createdAt bound on its own lets the index give a range.
    .select(
      sql<number>`case when e.kind = 'waitlisted' then (select count(*) from waitlist_entry w where w."sessionId" = e."entrySessionId" and w."createdAt" <= e."entryCreatedAt" and (w."createdAt" < e."entryCreatedAt" or w.id <= e."entryId")) else 0 end`.as(
        'placeInLine',
      ),
    )
    .select(
      sql<boolean>`case when e.kind = 'awaiting_payment' then e."entryHoldExpiresAt" <= ${now} when e.kind = 'waitlisted' then exists (select 1 from booking d where d."sessionId" = e."entrySessionId" and d.status = 'pending_payment' and d."holdExpiresAt" <= ${now}) else ${sql.lit(false)} end`.as('holdDue'),
    )
    // Whether the booker named attendees on this entry (through the table's key): most entries
    // have none, and a page without any is answered without reading them (withAttendees).
    .select(sql<boolean>`exists (select 1 from booking_attendee a where a."sessionId" = e."entrySessionId" and a."studentId" = ${studentId})`.as('named'));

/**
 * What a list of the student's entries reads of each session: what its rows show (the
 * contract's bookedSessionSummarySchema) and what the entry's own fields are worked out from
 * (its cancel deadline, the tutor's email, the meeting link). Not the description or the rules:
 * the booking's own page reads the whole session (docs/decisions/071-speed-at-full-scale.md).
 */
const LISTED_SESSION_COLUMNS = [
  's.id',
  's.title',
  's.tutorId',
  's.tutorName',
  's.tutorEmail',
  's.classStartDate',
  's.classEndDate',
  's.durationMinutes',
  's.tutorTimeZone',
  's.status',
  's.locationKind',
  's.registrationFeeCents',
  's.seriesId',
  's.meetingUrl',
  's.cancellationCutoffHours',
  's.rescheduledAt',
] as const;
/** A column's name without its table, `s.title` → `title`. */
type Unqualified<C> = C extends `s.${infer Name}` ? Name : never;
export type ListedSession = Pick<StudySessionRow, Unqualified<(typeof LISTED_SESSION_COLUMNS)[number]>>;

const entryOfStudent = prepare((db, p: { studentId: string; sessionId: string; now: string }) =>
  studentEntries(db, p.studentId, p.now).selectAll('s').where('e.entrySessionId', '=', p.sessionId),
);
/** Newest first: the first page, and a page after (createdAt, id). */
const entriesFirstPage = prepare((db, p: { studentId: string; limit: number; now: string }) =>
  studentEntries(db, p.studentId, p.now, { limit: p.limit }).select(LISTED_SESSION_COLUMNS).orderBy('e.entryCreatedAt', 'desc').orderBy('e.entryId', 'desc').limit(p.limit),
);
const entriesPageAfter = prepare((db, p: { studentId: string; limit: number; createdAt: string; id: string; now: string }) =>
  studentEntries(db, p.studentId, p.now, { limit: p.limit, after: { createdAt: p.createdAt, id: p.id } })
    .select(LISTED_SESSION_COLUMNS)
    .orderBy('e.entryCreatedAt', 'desc')
    .orderBy('e.entryId', 'desc')
    .limit(p.limit),
);
const sessionById = prepare((db, p: { id: string }) => db.selectFrom('study_session').selectAll().where('id', '=', p.id));
/** A series' classes from the one starting at `from` on, in class order (the (seriesId, classStartDate, id) index of 0035). */
const seriesClassesFromQuery = prepare((db, p: { seriesId: string; from: string }) =>
  db.selectFrom('study_session').select(['id', 'classStartDate', 'status']).where('seriesId', '=', p.seriesId).where('classStartDate', '>=', p.from).orderBy('classStartDate').orderBy('id'),
);
/**
 * What booking (or joining the line) decides on, in one read: the session, the caller's own
 * booking status, and whether any payment hold is due to be released (then the caller sweeps
 * first: a released hold frees a seat).
 */
const sessionForStudentQuery = prepare((db, p: { sessionId: string; studentId: string; now: string }) =>
  db
    .selectFrom('study_session as s')
    .leftJoin('booking as own', (join) => join.onRef('own.sessionId', '=', 's.id').on('own.studentId', '=', p.studentId))
    .selectAll('s')
    .select('own.status as ownBookingStatus')
    // Its tutor can sign in and is still a tutor (decision 039).
    .select((eb) =>
      eb
        .exists(eb.selectFrom('user as teacher').select('teacher.id').whereRef('teacher.id', '=', 's.tutorId').where('teacher.role', '=', sql.lit('tutor')).where(sql<boolean>`not ${sql.ref('teacher.blocked')}`))
        .as('tutorTeaches'),
    )
    .select((eb) =>
      eb
        .exists(eb.selectFrom('booking as due').select('due.id').where('due.status', '=', sql.lit('pending_payment')).where('due.holdExpiresAt', '<=', p.now))
        .as('holdsDue'),
    )
    .where('s.id', '=', p.sessionId),
);
/** Holds whose time is up, oldest first (index booking_hold_idx): the expiry job's batch. */
const dueHoldsQuery = prepare((db, p: { now: string; limit: number }) =>
  db.selectFrom('booking').select(['id', 'sessionId', 'studentId']).where('status', '=', sql.lit('pending_payment')).where('holdExpiresAt', '<=', p.now).orderBy('holdExpiresAt').limit(p.limit),
);
const bookingOf = prepare((db, p: { sessionId: string; studentId: string }) =>
  db.selectFrom('booking').selectAll().where('sessionId', '=', p.sessionId).where('studentId', '=', p.studentId),
);
/**
 * Takes one seat if there is one: the capacity guard itself, evaluated by the database under the
 * row lock (docs/decisions/003-capacity-guard.md).
 */
const takeSeat = prepare((db, p: { sessionId: string; now: string }) =>
  db
    .updateTable('study_session')
    .set((eb) => ({ bookedCount: eb('bookedCount', '+', eb.lit(1)), updatedAt: p.now }))
    .where('id', '=', p.sessionId)
    .where((eb) => eb.or([eb('maxParticipants', 'is', null), eb('bookedCount', '<', eb.ref('maxParticipants'))]))
    .returning('bookedCount'),
);
/**
 * Takes `seats` seats at once if they are all free, or none: the same guard for a group
 * (docs/decisions/061-group-bookings.md). A one-seat booking keeps takeSeat, its statement of old.
 */
const takeSeats = prepare((db, p: { sessionId: string; seats: number; now: string }) =>
  db
    .updateTable('study_session')
    .set((eb) => ({ bookedCount: eb('bookedCount', '+', p.seats), updatedAt: p.now }))
    .where('id', '=', p.sessionId)
    .where((eb) => eb.or([eb('maxParticipants', 'is', null), eb(eb('bookedCount', '+', p.seats), '<=', eb.ref('maxParticipants'))]))
    .returning('bookedCount'),
);
/** The guarded write that takes a booking's seats: the one-seat statement for one seat. */
const seatsGuard = (input: { sessionId: string; seats: number; now: string }) =>
  input.seats === 1 ? takeSeat.withValues({ sessionId: input.sessionId, now: input.now }) : takeSeats.withValues(input);
/** A new booking's values: a free seat is 'confirmed'; a paid one is held ('pending_payment') until paid. */
type NewBooking = {
  id: string;
  sessionId: string;
  studentId: string;
  studentEmail: string;
  now: string;
  status: BookingStatus;
  amountCents: number;
  holdExpiresAt: string | null;
};
const insertBooking = prepare((db, p: NewBooking) =>
  db.insertInto('booking').values({
    id: p.id,
    sessionId: p.sessionId,
    studentId: p.studentId,
    studentEmail: p.studentEmail,
    createdAt: p.now,
    status: p.status,
    amountCents: p.amountCents,
    holdExpiresAt: p.holdExpiresAt,
  }),
);
/** A booking of several seats (a group): the same row with its seat count. */
const insertGroupBooking = prepare((db, p: NewBooking & { seats: number }) =>
  db.insertInto('booking').values({
    id: p.id,
    sessionId: p.sessionId,
    studentId: p.studentId,
    studentEmail: p.studentEmail,
    createdAt: p.now,
    status: p.status,
    amountCents: p.amountCents,
    holdExpiresAt: p.holdExpiresAt,
    seats: p.seats,
  }),
);
const bookingRow = (booking: NewBooking, seats: number) => (seats === 1 ? insertBooking.withValues(booking) : insertGroupBooking.withValues({ ...booking, seats }));
const insertAttendee = prepare((db, p: { sessionId: string; studentId: string; position: number; name: string; email: string | null }) =>
  db.insertInto('booking_attendee').values({ sessionId: p.sessionId, studentId: p.studentId, position: p.position, name: p.name, email: p.email }),
);
/** A booker's named attendees on a session: gone with their booking or place in line. */
const deleteAttendees = prepare((db, p: { sessionId: string; studentId: string }) =>
  db.deleteFrom('booking_attendee').where('sessionId', '=', p.sessionId).where('studentId', '=', p.studentId),
);
/** The attendees past the seats a group took (it took what was free): not booked, not kept. */
const dropAttendeesAfter = prepare((db, p: { sessionId: string; studentId: string; seats: number }) =>
  db.deleteFrom('booking_attendee').where('sessionId', '=', p.sessionId).where('studentId', '=', p.studentId).where('position', '>', p.seats),
);
const attendeesOfSession = prepare((db, p: { sessionId: string }) =>
  db.selectFrom('booking_attendee').select(['studentId', 'position', 'name', 'email']).where('sessionId', '=', p.sessionId).orderBy('studentId').orderBy('position'),
);
/** The attendees the student named on these sessions (a JSON list of ids), found through the table's key (sessionId, studentId, position). */
const attendeesOfStudent = prepare((db, p: { studentId: string; sessionIds: string }) =>
  db
    .selectFrom('booking_attendee')
    .select(['sessionId', 'position', 'name', 'email'])
    .where('sessionId', 'in', idList(db, p.sessionIds))
    .where('studentId', '=', p.studentId)
    .orderBy('sessionId')
    .orderBy('position'),
);
const waitlistLengthOthers = prepare((db, p: { sessionId: string; studentId: string }) =>
  db.selectFrom('waitlist_entry').select((eb) => eb.fn.countAll<number>().as('n')).where('sessionId', '=', p.sessionId).where('studentId', '<>', p.studentId),
);
const insertGroupWaitlistEntry = prepare((db, p: { id: string; sessionId: string; studentId: string; now: string; seats: number }) =>
  db.insertInto('waitlist_entry').values({ id: p.id, sessionId: p.sessionId, studentId: p.studentId, createdAt: p.now, seats: p.seats }),
);
const leaveLine = prepare((db, p: { sessionId: string; studentId: string }) =>
  db.deleteFrom('waitlist_entry').where('sessionId', '=', p.sessionId).where('studentId', '=', p.studentId),
);
const removeWaitlistEntry = prepare((db, p: { id: string }) => db.deleteFrom('waitlist_entry').where('id', '=', p.id));
/** Records the `column` reminder of a booking for this class start, unless it already is. */
const recordReminderOnce = (column: (typeof reminderColumn)[ReminderOffset]) =>
  prepare((db, p: { id: string; classStartDate: string }) =>
    db
      .updateTable('booking')
      .set({ [column]: p.classStartDate })
      .where('id', '=', p.id)
      .where((eb) => eb.or([eb(column, 'is', null), eb(column, '<>', p.classStartDate)]))
      .returning('id'),
  );
const recordReminderFor = { '24h': recordReminderOnce(reminderColumn['24h']), '1h': recordReminderOnce(reminderColumn['1h']) };
/**
 * Held → confirmed, only for the payment that holds it. The reminders whose moment passed while
 * the seat was only held are recorded as done (`reminded24hFor`, `reminded1hFor`: the class start,
 * or null): the student books now, and a reminder due before they booked is skipped.
 */
const confirmHeldSeat = prepare((db, p: { id: string; paymentRef: string; reminded24hFor: string | null; reminded1hFor: string | null }) =>
  db
    .updateTable('booking')
    .set({ status: sql.lit('confirmed'), holdExpiresAt: sql.lit(null), reminded24hFor: p.reminded24hFor, reminded1hFor: p.reminded1hFor })
    .where('id', '=', p.id)
    .where('status', '=', sql.lit('pending_payment'))
    .where('paymentRef', '=', p.paymentRef)
    .returning('id'),
);

/** The session's seats, its row locked until the unit ends: seat changes of one session take turns. */
const lockedSessionSeats = prepare((db, p: { sessionId: string }) =>
  locking(db, db.selectFrom('study_session').select(['id', 'bookedCount', 'maxParticipants', 'registrationFeeCents']).where('id', '=', p.sessionId)),
);
/** Frees the seats of a cancelled booking (all of a group's). */
const freeSeats = prepare((db, p: { sessionId: string; seats: number; now: string }) =>
  db
    .updateTable('study_session')
    .set((eb) => ({ bookedCount: eb('bookedCount', '-', p.seats), updatedAt: p.now }))
    .where('id', '=', p.sessionId),
);
const deleteBooking = prepare((db, p: { sessionId: string; studentId: string }) =>
  db.deleteFrom('booking').where('sessionId', '=', p.sessionId).where('studentId', '=', p.studentId).returning('seats'),
);
/** The payments sweep frees only a hold still unpaid when its time is up (a payment confirmed meanwhile wins). */
const deleteExpiredHold = prepare((db, p: { sessionId: string; studentId: string; now: string }) =>
  db
    .deleteFrom('booking')
    .where('sessionId', '=', p.sessionId)
    .where('studentId', '=', p.studentId)
    .where('status', '=', sql.lit('pending_payment'))
    .where('holdExpiresAt', '<=', p.now)
    .returning('seats'),
);
/** The first student in the session's line. */
const firstInLine = prepare((db, p: { sessionId: string }) =>
  db
    .selectFrom('waitlist_entry')
    .innerJoin('user', 'user.id', 'waitlist_entry.studentId')
    .select(['waitlist_entry.id', 'waitlist_entry.studentId', 'waitlist_entry.seats', 'user.email', 'user.name', 'user.language'])
    .where('waitlist_entry.sessionId', '=', p.sessionId)
    .orderBy('waitlist_entry.createdAt')
    .orderBy('waitlist_entry.id')
    .limit(sql.lit(1)),
);
const insertWaitlistEntry = prepare((db, p: { id: string; sessionId: string; studentId: string; now: string }) =>
  db.insertInto('waitlist_entry').values({ id: p.id, sessionId: p.sessionId, studentId: p.studentId, createdAt: p.now }),
);
const waitlistEntryOf = prepare((db, p: { sessionId: string; studentId: string }) =>
  db.selectFrom('waitlist_entry').selectAll().where('sessionId', '=', p.sessionId).where('studentId', '=', p.studentId),
);
const upcomingBookingsQuery = prepare((db, p: { studentId: string; now: string }) =>
  db
    .selectFrom('booking as b')
    .innerJoin('study_session as s', 's.id', 'b.sessionId')
    .select(['b.id', 'b.sessionId', 'b.status', 'b.amountCents', 'b.paymentProvider', 'b.paymentRef', 'b.paymentTotalCents', 's.classStartDate', 's.cancellationCutoffHours'])
    .where('b.studentId', '=', p.studentId)
    .where('s.classStartDate', '>', p.now)
    .orderBy('b.createdAt'),
);
/** Confirmed bookings of approved classes starting in (now, horizon] whose reminder in `column` is not recorded for their class start. */
const remindersDueQuery = (column: (typeof reminderColumn)[ReminderOffset]) =>
  prepare((db, p: { now: string; horizon: string; limit: number }) => {
    const recorded = `b.${column}` as const;
    return (
      db
        .selectFrom('booking as b')
        .innerJoin('study_session as s', 's.id', 'b.sessionId')
        .innerJoin('user as u', 'u.id', 'b.studentId')
        .select(['b.id', 'b.studentId', 'b.createdAt', 's.classStartDate', 's.classTimeSetAt', 'u.blocked as studentBlocked'])
        .where('b.status', '=', sql.lit('confirmed'))
        // A cancelled class sends no reminder.
        .where('s.status', '=', sql.lit('approved'))
        .where('s.classStartDate', '>', p.now)
        .where('s.classStartDate', '<=', p.horizon)
        .where((eb) => eb.or([eb(recorded, 'is', null), eb(recorded, '<>', eb.ref('s.classStartDate'))]))
        .orderBy('s.classStartDate')
        .limit(p.limit)
    );
  });
const remindersDueFor = { '24h': remindersDueQuery(reminderColumn['24h']), '1h': remindersDueQuery(reminderColumn['1h']) };
const bookingWithStudent = prepare((db, p: { id: string }) =>
  db
    .selectFrom('booking as b')
    .innerJoin('user as u', 'u.id', 'b.studentId')
    .select(['b.sessionId', 'b.studentId', 'u.email as studentEmail', 'u.name as studentName'])
    .where('b.id', '=', p.id),
);
const userByEmail = prepare((db, p: { email: string }) => db.selectFrom('user').select(['id', 'email']).where('email', '=', p.email));
const studentById = prepare((db, p: { id: string }) => db.selectFrom('user').select(['id', 'name', 'email']).where('id', '=', p.id));
const bookingById = prepare((db, p: { id: string }) => db.selectFrom('booking').selectAll().where('id', '=', p.id));
/** Booked Sessions' sections, each its first page and a page after (classStartDate, id). */
const entriesByClassQuery = (when: BookedSessionsWhen, paged: boolean) => {
  const order = when === 'upcoming' ? 'asc' : 'desc';
  return prepare((db, p: { studentId: string; limit: number; now: string; classStartDate: string; id: string }) =>
    studentEntries(db, p.studentId, p.now)
      .select(LISTED_SESSION_COLUMNS)
      .where('s.classEndDate', when === 'upcoming' ? '>=' : '<', p.now)
      .$if(paged, (q) => q.where((eb) => afterKey(eb, ['s.classStartDate', 'e.entryId'], [p.classStartDate, p.id], order)))
      .orderBy('s.classStartDate', order)
      .orderBy('e.entryId', order)
      .limit(p.limit),
  );
};
const entriesByClassFor = {
  upcoming: { first: entriesByClassQuery('upcoming', false), after: entriesByClassQuery('upcoming', true) },
  past: { first: entriesByClassQuery('past', false), after: entriesByClassQuery('past', true) },
};
/** Booked students (group 0, by booking time) then the waitlist (group 1, in line order): the first page and a page after (grp, since, entryId). */
const rosterQuery = (paged: boolean) =>
  prepare((db, p: { sessionId: string; limit: number; grp: number; since: string; entryId: string }) => {
    const entries = db
      .selectFrom('booking')
      .innerJoin('user', 'user.id', 'booking.studentId')
      .select([sql<number>`0`.as('grp'), sql<number>`case when booking.status = 'pending_payment' then 1 else 0 end`.as('held'), 'booking.studentId', 'user.name', 'user.email', 'booking.createdAt as since', 'booking.id as entryId', 'booking.attendance', 'booking.seats'])
      .where('booking.sessionId', '=', p.sessionId)
      .unionAll(
        db
          .selectFrom('waitlist_entry')
          .innerJoin('user', 'user.id', 'waitlist_entry.studentId')
          .select([sql<number>`1`.as('grp'), sql<number>`0`.as('held'), 'waitlist_entry.studentId', 'user.name', 'user.email', 'waitlist_entry.createdAt as since', 'waitlist_entry.id as entryId', sql<Attendance | null>`null`.as('attendance'), 'waitlist_entry.seats'])
          .where('waitlist_entry.sessionId', '=', p.sessionId),
      );
    return db
      .selectFrom(entries.as('r'))
      .selectAll('r')
      .$if(paged, (q) => q.where((eb) => afterKey(eb, ['r.grp', 'r.since', 'r.entryId'], [p.grp, p.since, p.entryId], 'asc')))
      .orderBy('r.grp')
      .orderBy('r.since')
      .orderBy('r.entryId')
      .limit(p.limit);
  });
const rosterFirstPage = rosterQuery(false);
const rosterPageAfter = rosterQuery(true);
/** Records the payment now paying for a held seat, at the price it charges, while it is held. */
const attachPaymentToHold = prepare((db, p: { id: string; paymentProvider: string; paymentRef: string; amountCents: number; paymentTotalCents: number | null }) =>
  db
    .updateTable('booking')
    .set({ paymentProvider: p.paymentProvider, paymentRef: p.paymentRef, amountCents: p.amountCents, paymentTotalCents: p.paymentTotalCents })
    .where('id', '=', p.id)
    .where('status', '=', sql.lit('pending_payment')),
);
/** The student's bookings and holds one payment pays for (read through the student's index). */
const bookingsPaidWith = prepare((db, p: { studentId: string; paymentRef: string }) =>
  db.selectFrom('booking').selectAll().where('studentId', '=', p.studentId).where('paymentRef', '=', p.paymentRef).orderBy('createdAt').orderBy('id'),
);
const waitlistLength = prepare((db, p: { sessionId: string }) =>
  db.selectFrom('waitlist_entry').select((eb) => eb.fn.countAll<number>().as('n')).where('sessionId', '=', p.sessionId),
);
/** How many of the waitlist are ahead of (and including) the entry (createdAt, id). */
const placeInLineQuery = prepare((db, p: { sessionId: string; createdAt: string; id: string }) =>
  db
    .selectFrom('waitlist_entry')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('sessionId', '=', p.sessionId)
    // Up to and including the entry: every entry not after it in line order.
    .where((eb) => eb.not(afterKey(eb, ['createdAt', 'id'], [p.createdAt, p.id], 'asc'))),
);

const lockSession = async (work: Work, sessionId: string) => (await lockedSessionSeats(await work.db(), { sessionId })).rows[0];

/**
 * Reads on `db`; writes that must be atomic with others take the caller's unit of work
 * (server/db/unit-of-work.ts), whose jobs commit with them. Reads inside a unit's transaction:
 * `bookingsRepository(await work.db())`.
 */
export function bookingsRepository(db: Kysely<Database>) {
  return {
    /** The classes of a series from the one starting at `from` on, in class order (docs/decisions/064-series.md). */
    async seriesClassesFrom(seriesId: string, from: string) {
      return (await seriesClassesFromQuery(db, { seriesId, from })).rows;
    },

    async findSession(id: string): Promise<StudySessionRow | undefined> {
      return (await sessionById(db, { id })).rows[0];
    },

    async findBooking(sessionId: string, studentId: string) {
      return (await bookingOf(db, { sessionId, studentId })).rows[0];
    },

    /** The student's bookings and seat holds on classes not started at `now` (an account being deleted). */
    async upcomingBookingsOf(studentId: string, now: string) {
      return (await upcomingBookingsQuery(db, { studentId, now })).rows;
    },

    /** The session, the student's own booking status on it (if any) and whether payment holds are due for release. */
    async findSessionForStudent(sessionId: string, studentId: string, now: string): Promise<{ session: StudySessionRow; ownBookingStatus: BookingStatus | null; holdsDue: boolean; tutorTeaches: boolean } | undefined> {
      const row = (await sessionForStudentQuery(db, { sessionId, studentId, now })).rows[0];
      if (!row) return undefined;
      const { ownBookingStatus, holdsDue, tutorTeaches, ...session } = row;
      return { session, ownBookingStatus: ownBookingStatus ?? null, holdsDue: Boolean(holdsDue), tutorTeaches: Boolean(tutorTeaches) };
    },

    async dueHolds(now: string, limit: number): Promise<Array<{ id: string; sessionId: string; studentId: string }>> {
      return (await dueHoldsQuery(db, { now, limit })).rows;
    },

    /**
     * Confirmed bookings of classes starting in (now, horizon] whose `offset` reminder was not
     * recorded for their current class start (never, or for a time the class has moved from).
     */
    async remindersDue(offset: ReminderOffset, now: string, horizon: string, limit: number): Promise<Array<{ id: string; studentId: string; createdAt: string; classStartDate: string; classTimeSetAt: string | null; studentBlocked: boolean }>> {
      return (await remindersDueFor[offset](db, { now, horizon, limit })).rows.map((row) => ({ ...row, studentBlocked: Boolean(row.studentBlocked) }));
    },

    /** Records the `offset` reminder of a booking for this class start, with the unit's jobs, once; false when already recorded (nothing written). */
    async recordReminder(work: Work, bookingId: string, offset: ReminderOffset, classStartDate: string): Promise<boolean> {
      const recorded = await work.guardedWrite(recordReminderFor[offset].withValues({ id: bookingId, classStartDate }));
      return recorded.length > 0;
    },

    /** A booking with its student's name and its session, or undefined once it is gone. */
    async bookingWithSession(bookingId: string): Promise<{ studentId: string; studentEmail: string; studentName: string; session: StudySessionRow } | undefined> {
      const row = (await bookingWithStudent(db, { id: bookingId })).rows[0];
      const session = row && (await this.findSession(row.sessionId));
      return row && session ? { studentId: row.studentId, studentEmail: row.studentEmail, studentName: row.studentName, session } : undefined;
    },

    async findWaitlistEntry(sessionId: string, studentId: string) {
      return (await waitlistEntryOf(db, { sessionId, studentId })).rows[0];
    },

    async findUserIdByEmail(email: string): Promise<{ id: string; email: string } | undefined> {
      return (await userByEmail(db, { email: email.toLowerCase() })).rows[0];
    },

    async entryOfStudent(studentId: string, sessionId: string, now: string): Promise<StudentEntryRow | undefined> {
      const row = (await entryOfStudent(db, { studentId, sessionId, now })).rows[0];
      return row && (await this.withAttendees<StudySessionRow>(studentId, [row]))[0];
    },

    /** Entries read from the list query, with their numbers as numbers and the attendees the student named on each. */
    async withAttendees<S extends { id: string }>(studentId: string, rows: ReadonlyArray<S & Omit<EntryFields, 'attendees'> & { named: boolean | number }>): Promise<Array<StudentEntryRow<S>>> {
      if (rows.length === 0) return [];
      const withNames = rows.filter((row) => row.named);
      const named = withNames.length === 0 ? [] : (await attendeesOfStudent(db, { studentId, sessionIds: JSON.stringify(withNames.map((row) => row.id)) })).rows;
      return rows.map((row) => ({
        ...row,
        placeInLine: Number(row.placeInLine),
        holdDue: Boolean(row.holdDue),
        seats: Number(row.seats),
        attendees: named.filter((a) => a.sessionId === row.id).map((a) => ({ name: a.name, email: a.email })),
      }));
    },

    /** Newest first; `after` is the (createdAt, id) of the previous page's last entry. */
    async entriesOfStudent(studentId: string, limit: number, now: string, after?: readonly [string, string]): Promise<ListedEntryRow[]> {
      const { rows } = after ? await entriesPageAfter(db, { studentId, limit, createdAt: after[0], id: after[1], now }) : await entriesFirstPage(db, { studentId, limit, now });
      return this.withAttendees(studentId, rows);
    },

    /**
     * Booked Sessions' sections: `upcoming`, classes not ended, soonest first; `past`,
     * classes ended, latest first. `after` is the (classStartDate, id) of the previous page's last entry.
     */
    async entriesByClass(studentId: string, when: BookedSessionsWhen, limit: number, now: string, after?: readonly [string, string]): Promise<ListedEntryRow[]> {
      const section = entriesByClassFor[when];
      const { rows } = after
        ? await section.after(db, { studentId, limit, now, classStartDate: after[0], id: after[1] })
        : await section.first(db, { studentId, limit, now, classStartDate: '', id: '' });
      return this.withAttendees(studentId, rows);
    },

    /**
     * Books a seat: the guarded seat update, then the booking row, leaving the waitlist and the
     * unit's jobs (emails), as ONE guarded write (server/db/guarded-write.ts). 'full' when the
     * guard matched no row; 'duplicate' when the unique (sessionId, studentId) constraint
     * refused the row (the seat taken with it is rolled back).
     */
    async book(work: Work, input: { sessionId: string; studentId: string; studentEmail: string; now: string; hold?: { amountCents: number; expiresAt: string } }): Promise<BookOutcome> {
      const bookingId = newId(Date.parse(input.now));
      try {
        const booking: NewBooking = {
          id: bookingId,
          sessionId: input.sessionId,
          studentId: input.studentId,
          studentEmail: input.studentEmail,
          now: input.now,
          // A paid session's seat is held (and counted) until the payment is seen: features/payments.
          status: input.hold ? 'pending_payment' : 'confirmed',
          amountCents: input.hold?.amountCents ?? 0,
          holdExpiresAt: input.hold?.expiresAt ?? null,
        };
        const [seat] = await work.guardedWrite(takeSeat.withValues({ sessionId: booking.sessionId, now: booking.now }), [
          insertBooking.withValues(booking),
          // A student who was waiting and got a seat directly leaves the line.
          leaveLine.withValues({ sessionId: booking.sessionId, studentId: booking.studentId }),
        ]);
        return seat ? { kind: 'booked', bookingId, bookedCount: Number(seat.bookedCount) } : { kind: 'full' };
      } catch (error) {
        if (isUniqueViolation(error)) return { kind: 'duplicate' };
        throw error;
      }
    },

    /**
     * Cancels a booking, frees its seat and, in the same unit, books the first students in line
     * into the free seats (the caller enqueues their emails in the unit). null when the student
     * had no booking.
     */
    async cancel(work: Work, input: { sessionId: string; studentId: string; now: string; onlyExpiredHold?: boolean }): Promise<{ promoted: PromotedStudent[] } | null> {
      // Lock first so that concurrent cancellations and waitlist joins take turns.
      const session = await lockSession(work, input.sessionId);
      if (!session) return null;
      const trx = await work.db();
      const ofStudent = { sessionId: input.sessionId, studentId: input.studentId };
      // The payments sweep frees only a hold still unpaid when its time is up (a payment confirmed meanwhile wins).
      const deleted = input.onlyExpiredHold ? await deleteExpiredHold(trx, { ...ofStudent, now: input.now }) : await deleteBooking(trx, ofStudent);
      const released = deleted.rows[0];
      if (!released) return null;
      // Every seat of the booking frees up (a group's all at once), and its named attendees go.
      await freeSeats(trx, { sessionId: input.sessionId, seats: Number(released.seats), now: input.now });
      await deleteAttendees(trx, ofStudent);

      const promoted: PromotedStudent[] = [];
      for (;;) {
        const next = (await firstInLine(trx, { sessionId: input.sessionId })).rows[0];
        if (!next) break;
        const bookingId = newId(Date.parse(input.now));
        // A group is promoted only when all its seats are free; those behind it wait their turn (in order).
        const seats = Number(next.seats);
        const fee = session.registrationFeeCents * seats;
        // Paid session: the seat is held for the student to pay, never booked unpaid.
        const holdExpiresAt = fee > 0 ? new Date(Date.parse(input.now) + PROMOTED_HOLD_MS).toISOString() : null;
        const booking: NewBooking = {
          id: bookingId,
          sessionId: input.sessionId,
          studentId: next.studentId,
          studentEmail: next.email,
          now: input.now,
          ...(holdExpiresAt ? { status: 'pending_payment', amountCents: fee, holdExpiresAt } : { status: 'confirmed', amountCents: 0, holdExpiresAt: null }),
        };
        const taken = await work.guardedWrite(seatsGuard({ sessionId: input.sessionId, seats, now: input.now }), [removeWaitlistEntry.withValues({ id: next.id }), bookingRow(booking, seats)]);
        if (taken.length === 0) break;
        promoted.push({ studentId: next.studentId, email: next.email, name: next.name, language: next.language, bookingId, holdExpiresAt });
      }
      return { promoted };
    },

    /** Joins the line of a full session, in the unit. 'not_full' when a seat is free (book instead). */
    async joinWaitlist(work: Work, input: { sessionId: string; studentId: string; now: string }): Promise<'joined' | 'not_full' | 'duplicate' | 'booked'> {
      try {
        const session = await lockSession(work, input.sessionId);
        if (!session) return 'not_full';
        const trx = await work.db();
        const booked = (await bookingOf(trx, { sessionId: input.sessionId, studentId: input.studentId })).rows[0];
        if (booked) return 'booked';
        if (session.maxParticipants === null || session.bookedCount < session.maxParticipants) return 'not_full';
        await insertWaitlistEntry(trx, { id: newId(Date.parse(input.now)), sessionId: input.sessionId, studentId: input.studentId, now: input.now });
        return 'joined';
      } catch (error) {
        if (isUniqueViolation(error)) return 'duplicate';
        throw error;
      }
    },

    async leaveWaitlist(sessionId: string, studentId: string): Promise<boolean> {
      const result = await leaveLine(db, { sessionId, studentId });
      // A group's named attendees leave the line with it.
      if ((result.numAffectedRows ?? 0n) > 0n) await deleteAttendees(db, { sessionId, studentId });
      return (result.numAffectedRows ?? 0n) > 0n;
    },

    /**
     * Books a group, or a booking whose booker named its attendees, in the unit
     * (docs/decisions/061-group-bookings.md). The session row is locked first, so that the seats
     * left, the line and the choice below are read and acted on by one booking at a time; the
     * seats are still taken through the capacity guard. A group never goes ahead of a line: while
     * anyone else waits, no seat is free to it. When its seats are not all free: `wait` joins the
     * line for all of them (promoted only when all are free), `takeFree` takes the seats that are
     * (its first attendees; the others are dropped), `refuse` books nothing ('full').
     */
    async bookGroup(
      work: Work,
      input: { sessionId: string; studentId: string; studentEmail: string; now: string; seats: number; attendees: readonly AttendeeRow[]; ifShort: GroupChoice; hold?: { feeCents: number; expiresAt: string } },
    ): Promise<GroupBookOutcome> {
      const session = await lockSession(work, input.sessionId);
      if (!session) return { kind: 'full' };
      const trx = await work.db();
      const ofStudent = { sessionId: input.sessionId, studentId: input.studentId };
      if ((await bookingOf(trx, ofStudent)).rows[0]) return { kind: 'duplicate' };
      if ((await waitlistEntryOf(trx, ofStudent)).rows[0]) return { kind: 'waiting' };
      const wanted = input.seats;
      const waiting = Number((await waitlistLengthOthers(trx, ofStudent)).rows[0]!.n);
      const free = waiting > 0 ? 0 : session.maxParticipants === null ? wanted : Math.max(0, session.maxParticipants - session.bookedCount);
      const seats = free >= wanted ? wanted : input.ifShort === 'takeFree' ? free : 0;
      if (seats === 0 && input.ifShort !== 'wait') return { kind: 'full' };
      // Names left by an entry released without them (a class called off, an erased account) make way.
      await deleteAttendees(trx, ofStudent);
      for (const [i, attendee] of input.attendees.entries()) await insertAttendee(trx, { ...ofStudent, position: i + 1, name: attendee.name, email: attendee.email });
      if (seats === 0) {
        await insertGroupWaitlistEntry(trx, { id: newId(Date.parse(input.now)), ...ofStudent, now: input.now, seats: wanted });
        return { kind: 'waitlisted', seats: wanted };
      }
      if (seats < wanted) await dropAttendeesAfter(trx, { ...ofStudent, seats });
      const bookingId = newId(Date.parse(input.now));
      const booking: NewBooking = {
        id: bookingId,
        sessionId: input.sessionId,
        studentId: input.studentId,
        studentEmail: input.studentEmail,
        now: input.now,
        status: input.hold ? 'pending_payment' : 'confirmed',
        amountCents: input.hold ? input.hold.feeCents * seats : 0,
        holdExpiresAt: input.hold?.expiresAt ?? null,
      };
      const [taken] = await work.guardedWrite(seatsGuard({ sessionId: input.sessionId, seats, now: input.now }), [bookingRow(booking, seats)]);
      // Under the row lock the guard agrees with the count read above; if it ever did not, nothing is booked.
      if (!taken) throw new Error('the capacity guard refused seats read as free under the session lock');
      return { kind: 'booked', bookingId, bookedCount: Number(taken.bookedCount), seats };
    },

    /** Every named attendee of the session's bookings and line, by booker, in the order named. */
    async attendeesOf(sessionId: string): Promise<Map<string, Array<{ name: string; email: string | null }>>> {
      const byStudent = new Map<string, Array<{ name: string; email: string | null }>>();
      for (const row of (await attendeesOfSession(db, { sessionId })).rows) {
        const list = byStudent.get(row.studentId) ?? [];
        list.push({ name: row.name, email: row.email });
        byStudent.set(row.studentId, list);
      }
      return byStudent;
    },

    /** Booked students (group 0, by booking time) then the waitlist (group 1, in line order). */
    async roster(sessionId: string, limit: number, after?: readonly [number, string, string]): Promise<RosterRow[]> {
      const { rows } = after
        ? await rosterPageAfter(db, { sessionId, limit, grp: after[0], since: after[1], entryId: after[2] })
        : await rosterFirstPage(db, { sessionId, limit, grp: 0, since: '', entryId: '' });
      return rows.map((row) => ({ ...row, grp: Number(row.grp), held: Number(row.held), seats: Number(row.seats) }));
    },

    /** A booking row by id (a seat hold being paid for, features/payments through seat-holds.ts). */
    async findBookingById(id: string) {
      return (await bookingById(db, { id })).rows[0];
    },

    async findStudent(id: string) {
      return (await studentById(db, { id })).rows[0];
    },

    /**
     * Records the payment now paying for a held seat, at the price it charges (its share, and the
     * whole payment's total when several holds share it); false when the hold has ended.
     */
    async attachPayment(bookingId: string, payment: { provider: string; ref: string }, amountCents: number, totalCents: number | null = null): Promise<boolean> {
      const result = await attachPaymentToHold(db, { id: bookingId, paymentProvider: payment.provider, paymentRef: payment.ref, amountCents, paymentTotalCents: totalCents });
      return (result.numAffectedRows ?? 0n) > 0n;
    },

    /** The student's bookings and holds paid for through `paymentRef` (one, or the classes of a series paid at once). */
    async paidWith(studentId: string, paymentRef: string) {
      return (await bookingsPaidWith(db, { studentId, paymentRef })).rows;
    },

    /**
     * Held → confirmed, only for the payment that holds it, with the unit's jobs (emails) in the
     * same guarded write. Conditional, so a replayed webhook, the success page and the webhook racing, or
     * a hold expiring at the same moment change the row at most once. `passedReminders`: the
     * reminders to record as done for the class start they name (class-reminders.ts, passedReminders).
     */
    async confirmHold(work: Work, bookingId: string, paymentRef: string, passedReminders: Record<ReminderOffset, string | null> = { '24h': null, '1h': null }): Promise<boolean> {
      const values = { id: bookingId, paymentRef, reminded24hFor: passedReminders['24h'], reminded1hFor: passedReminders['1h'] };
      const confirmed = await work.guardedWrite(confirmHeldSeat.withValues(values));
      return confirmed.length > 0;
    },

    async waitlistCount(sessionId: string): Promise<number> {
      const { rows } = await waitlistLength(db, { sessionId });
      return Number(rows[0]!.n);
    },

    /** How many of the waitlist are ahead of (and including) this entry. */
    async placeInLine(sessionId: string, entry: { createdAt: string; id: string }): Promise<number> {
      const { rows } = await placeInLineQuery(db, { sessionId, createdAt: entry.createdAt, id: entry.id });
      return Number(rows[0]!.n);
    },
  };
}
