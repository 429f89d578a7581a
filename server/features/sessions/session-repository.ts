// The only SQL of the sessions feature. Lists are keyset pages on (createdAt, id) descending,
// served by the (status, createdAt, id) and (tutorId, createdAt, id) indexes of 0001, and the
// public list in class order on (classStartDate, id), by the (status, classStartDate, id) of 0029.
// Every query is prepared (decision 030); a list with optional filters or a cursor, and the
// guarded update, are one prepared query per shape (perShape).
import { sql, type ExpressionBuilder, type Kysely, type Updateable } from 'kysely';
import { afterKey } from '#server/db/keyset.ts';
import { prepare } from '#server/db/prepared.ts';
import { perShape } from '#server/db/prepared-shapes.ts';
import type { BookingStatus, Database, SessionStatus, StudySessionRow, StudySessionTable } from '#server/db/schema.ts';

type SessionEb = ExpressionBuilder<Database, 'study_session'>;

/** `%`, `_` and `\` in a search are literal characters, not wildcards. */
const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Title or tutor name matching `pattern` (a likePattern). */
function matchesSearch(eb: SessionEb, pattern: string) {
  return eb.or([
    sql<boolean>`lower(${eb.ref('study_session.title')}) like ${pattern} escape '\\'`,
    sql<boolean>`lower(${eb.ref('study_session.tutorName')}) like ${pattern} escape '\\'`,
  ]);
}

/**
 * The session's tutor is a tutor who can sign in now: a session of one an admin blocked or made
 * a student leaves the public lists (and cannot be booked) until that is undone (decision 039).
 */
function taughtNow(eb: SessionEb) {
  return eb.exists(
    eb
      .selectFrom('user as teacher')
      .select(sql`1`.as('one'))
      .whereRef('teacher.id', '=', 'study_session.tutorId')
      .where('teacher.role', '=', sql.lit('tutor'))
      // `not blocked` works for PostgreSQL booleans and SQLite 0/1 alike.
      .where(sql<boolean>`not ${sql.ref('teacher.blocked')}`),
  );
}

/** Rows after (createdAt, id) in the lists' newest-first order. */
const olderThan = (eb: SessionEb, after: readonly [string, string]) => afterKey(eb, ['study_session.createdAt', 'study_session.id'], after, 'desc');

export interface SessionListFilter {
  q?: string | undefined;
  /** Only sessions whose registration window contains this instant (ISO). */
  openAt?: string | undefined;
  /** Classes not ended at `now` (upcoming) or ended before it (past). */
  when: 'upcoming' | 'past';
  /** By class start (upcoming soonest first, past latest first) or newest created first. */
  sort: 'class' | 'newest';
  now: string;
  /** The sort's key of the previous page's last row: (classStartDate or createdAt, id). */
  after: readonly [string, string] | null;
  limit: number;
}

/** A class lasts at most this long (contract/sessions.ts MAX_CLASS_DAYS): a class not ended started less than this ago. */
const LONGEST_CLASS_MS = 366 * 24 * 60 * 60 * 1000;

/** Who a change of the session concerns: its booked students (with held seats) and those waiting; `language`: their account's, for their emails. */
export interface SessionPeople {
  booked: Array<{ studentId: string; name: string; email: string; language: string | null; status: BookingStatus; amountCents: number }>;
  waiting: Array<{ studentId: string; name: string; email: string; language: string | null }>;
}

/** A new session: what creating one writes (status, fee and counts are the caller's or the table's defaults). */
export type NewSession = Pick<
  StudySessionRow,
  | 'id'
  | 'title'
  | 'description'
  | 'tutorId'
  | 'tutorName'
  | 'tutorEmail'
  | 'registrationStartDate'
  | 'registrationEndDate'
  | 'classStartDate'
  | 'classEndDate'
  | 'durationMinutes'
  | 'registrationFeeCents'
  | 'maxParticipants'
  | 'cancellationCutoffHours'
  | 'maxSeatsPerBooking'
  | 'tutorTimeZone'
  | 'locationKind'
  | 'placeName'
  | 'placeAddress'
  | 'meetingUrl'
  | 'minimumStudents'
  | 'decisionHoursBefore'
  | 'seriesId'
  | 'status'
  | 'createdAt'
  | 'updatedAt'
>;

// ——— Tutors ———

const tutorByIdQuery = prepare((db, p: { id: string }) =>
  db
    .selectFrom('user')
    .leftJoin('tutor_profile', 'tutor_profile.userId', 'user.id')
    .select(['user.id', 'user.name', 'user.image', 'tutor_profile.bio'])
    .where('user.id', '=', p.id)
    .where('user.role', '=', sql.lit('tutor'))
    .where(sql<boolean>`not ${sql.ref('user.blocked')}`),
);
const approvedOfTutor = (db: Kysely<Database>, tutorId: string) =>
  db.selectFrom('study_session').selectAll().where('tutorId', '=', tutorId).where('status', '=', sql.lit('approved'));
/** A tutor's approved sessions not ended, soonest first; and those held, latest first. */
const tutorUpcoming = prepare((db, p: { tutorId: string; now: string; limit: number }) =>
  approvedOfTutor(db, p.tutorId).where('classEndDate', '>=', p.now).orderBy('classStartDate').orderBy('id').limit(p.limit),
);
const tutorPast = prepare((db, p: { tutorId: string; now: string; limit: number }) =>
  approvedOfTutor(db, p.tutorId).where('classEndDate', '<', p.now).orderBy('classStartDate', 'desc').orderBy('id', 'desc').limit(p.limit),
);
const tutorRatingsQuery = prepare((db, p: { tutorId: string }) =>
  db
    .selectFrom('study_session')
    .select((eb) => [eb.fn.sum<number | string | null>('ratingSum').as('sum'), eb.fn.sum<number | string | null>('ratingCount').as('count')])
    .where('tutorId', '=', p.tutorId)
    .where('status', '=', sql.lit('approved')),
);
const bioQuery = prepare((db, p: { userId: string }) => db.selectFrom('tutor_profile').select('bio').where('userId', '=', p.userId));
const saveBioQuery = prepare((db, p: { userId: string; bio: string; now: string }) =>
  db
    .insertInto('tutor_profile')
    .values({ userId: p.userId, bio: p.bio, updatedAt: p.now })
    .onConflict((oc) => oc.column('userId').doUpdateSet({ bio: p.bio, updatedAt: p.now })),
);

// ——— One session ———

const sessionById = prepare((db, p: { id: string }) => db.selectFrom('study_session').selectAll().where('id', '=', p.id));
/**
 * A session's page in one read (one round trip on PostgreSQL): the session, how many students
 * wait for a seat, whether its tutor still teaches (not blocked, still a tutor: decision 039),
 * and whether the viewer (a student's id, or '' for anyone else) holds a confirmed seat.
 */
const sessionDetailsById = prepare((db, p: { id: string; viewerId: string }) =>
  db
    .selectFrom('study_session as s')
    .selectAll('s')
    .select((eb) => [
      eb.selectFrom('waitlist_entry').select((w) => w.fn.countAll<number | string>().as('n')).whereRef('waitlist_entry.sessionId', '=', 's.id').as('waitingCount'),
      eb
        .exists(
          eb
            .selectFrom('user')
            .select(sql.lit(1).as('one'))
            .whereRef('user.id', '=', 's.tutorId')
            .where('user.role', '=', sql.lit('tutor'))
            .where(sql<boolean>`not ${sql.ref('user.blocked')}`),
        )
        .as('tutorTeaches'),
      eb
        .exists(eb.selectFrom('booking').select(sql.lit(1).as('one')).whereRef('booking.sessionId', '=', 's.id').where('booking.studentId', '=', p.viewerId).where('booking.status', '=', sql.lit('confirmed')))
        .as('viewerBooked'),
    ])
    .where('s.id', '=', p.id),
);
const anyBookingOf = prepare((db, p: { sessionId: string }) => db.selectFrom('booking').select('id').where('sessionId', '=', p.sessionId).limit(sql.lit(1)));
const insertSession = prepare((db, p: NewSession) =>
  db
    .insertInto('study_session')
    .values({
      id: p.id,
      title: p.title,
      description: p.description,
      tutorId: p.tutorId,
      tutorName: p.tutorName,
      tutorEmail: p.tutorEmail,
      registrationStartDate: p.registrationStartDate,
      registrationEndDate: p.registrationEndDate,
      classStartDate: p.classStartDate,
      classEndDate: p.classEndDate,
      durationMinutes: p.durationMinutes,
      registrationFeeCents: p.registrationFeeCents,
      maxParticipants: p.maxParticipants,
      cancellationCutoffHours: p.cancellationCutoffHours,
      maxSeatsPerBooking: p.maxSeatsPerBooking,
      tutorTimeZone: p.tutorTimeZone,
      locationKind: p.locationKind,
      placeName: p.placeName,
      placeAddress: p.placeAddress,
      meetingUrl: p.meetingUrl,
      minimumStudents: p.minimumStudents,
      decisionHoursBefore: p.decisionHoursBefore,
      seriesId: p.seriesId,
      status: p.status,
      createdAt: p.createdAt,
      updatedAt: p.updatedAt,
    })
    .returningAll(),
);
/** Confirmed bookings that were paid for. */
const paidBookingsOf = prepare((db, p: { sessionId: string }) =>
  db
    .selectFrom('booking')
    .select(['id', 'paymentProvider', 'paymentRef', 'amountCents', 'paymentTotalCents'])
    .where('sessionId', '=', p.sessionId)
    .where('status', '=', sql.lit('confirmed'))
    .where('amountCents', '>', sql.lit(0)),
);

// ——— Who a change concerns ———

const bookedPeople = prepare((db, p: { sessionId: string }) =>
  db
    .selectFrom('booking')
    .innerJoin('user', 'user.id', 'booking.studentId')
    .select(['booking.studentId', 'user.name', 'user.email', 'user.language', 'booking.status', 'booking.amountCents'])
    .where('booking.sessionId', '=', p.sessionId)
    .orderBy('booking.createdAt'),
);
const waitingPeople = prepare((db, p: { sessionId: string }) =>
  db
    .selectFrom('waitlist_entry')
    .innerJoin('user', 'user.id', 'waitlist_entry.studentId')
    .select(['waitlist_entry.studentId', 'user.name', 'user.email', 'user.language'])
    .where('waitlist_entry.sessionId', '=', p.sessionId)
    .orderBy('waitlist_entry.createdAt'),
);

/** Read in the transaction of the change, so that nobody who books or joins meanwhile is missed. */
async function peopleOf(db: Kysely<Database>, sessionId: string): Promise<SessionPeople> {
  const booked = (await bookedPeople(db, { sessionId })).rows;
  const waiting = (await waitingPeople(db, { sessionId })).rows;
  return { booked, waiting };
}

// ——— Cancel and delete ———

/** Calls an approved session off whose class has not started: status, reason, a new calendar SEQUENCE. */
const cancelApproved = prepare((db, p: { id: string; reason: string; now: string }) =>
  db
    .updateTable('study_session')
    .set((eb) => ({ status: sql.lit('cancelled'), cancellationReason: p.reason, cancelledAt: p.now, updatedAt: p.now, calendarSequence: eb('calendarSequence', '+', eb.lit(1)) }))
    .where('id', '=', p.id)
    .where('status', '=', sql.lit('approved'))
    .where('classStartDate', '>', p.now)
    .returningAll(),
);
/** The same, by the system for a class short of its minimum: recorded as its decision, made once. */
const cancelShortOfMinimum = prepare((db, p: { id: string; reason: string; now: string }) =>
  db
    .updateTable('study_session')
    .set((eb) => ({
      status: sql.lit('cancelled'),
      cancellationReason: p.reason,
      cancelledAt: p.now,
      updatedAt: p.now,
      calendarSequence: eb('calendarSequence', '+', eb.lit(1)),
      minimumOutcome: sql.lit('called_off'),
      minimumDecidedAt: p.now,
    }))
    .where('id', '=', p.id)
    .where('status', '=', sql.lit('approved'))
    .where('classStartDate', '>', p.now)
    .where('minimumStudents', 'is not', null)
    .where('minimumOutcome', 'is', null)
    .returningAll(),
);
/** A class that reached its minimum: recorded as running, once (a second run of the decision matches nothing). */
const confirmMinimumQuery = prepare((db, p: { id: string; now: string }) =>
  db
    .updateTable('study_session')
    .set({ minimumOutcome: sql.lit('confirmed'), minimumDecidedAt: p.now, updatedAt: p.now })
    .where('id', '=', p.id)
    .where('status', '=', sql.lit('approved'))
    .where('classStartDate', '>', p.now)
    .where('minimumStudents', 'is not', null)
    .where('minimumOutcome', 'is', null)
    .returningAll(),
);
/**
 * Approved classes with a minimum still undecided whose class starts within `until` (now plus the
 * longest decision time) and has not started: the decision's candidates, soonest first, on the
 * (status, classStartDate, id) index of 0029; the caller keeps those whose decision time has come.
 */
const undecidedMinimumsQuery = prepare((db, p: { now: string; until: string; afterStart: string; afterId: string; limit: number }) =>
  db
    .selectFrom('study_session')
    .selectAll()
    .where('status', '=', sql.lit('approved'))
    .where('classStartDate', '>', p.now)
    .where('classStartDate', '<=', p.until)
    .where('minimumStudents', 'is not', null)
    .where('minimumOutcome', 'is', null)
    .where((eb) => afterKey(eb, ['study_session.classStartDate', 'study_session.id'], [p.afterStart, p.afterId], 'asc'))
    .orderBy('classStartDate')
    .orderBy('id')
    .limit(p.limit),
);
const bookedStudentQuery = prepare((db, p: { sessionId: string; studentId: string }) =>
  db
    .selectFrom('booking')
    .innerJoin('user', 'user.id', 'booking.studentId')
    .select(['user.name', 'user.email'])
    .where('booking.sessionId', '=', p.sessionId)
    .where('booking.studentId', '=', p.studentId)
    .where('booking.status', '=', sql.lit('confirmed')),
);
const confirmedCountOf = prepare((db, p: { sessionId: string }) =>
  db.selectFrom('booking').select((eb) => eb.fn.countAll<number | string>().as('n')).where('sessionId', '=', p.sessionId).where('status', '=', sql.lit('confirmed')),
);
const deleteWaitlistOf = prepare((db, p: { sessionId: string }) => db.deleteFrom('waitlist_entry').where('sessionId', '=', p.sessionId));
const deleteHoldsOf = prepare((db, p: { sessionId: string }) => db.deleteFrom('booking').where('sessionId', '=', p.sessionId).where('status', '=', sql.lit('pending_payment')).returning('seats'));
const releaseSeats = prepare((db, p: { id: string; released: number }) =>
  db
    .updateTable('study_session')
    .set((eb) => ({ bookedCount: eb('bookedCount', '-', p.released) }))
    .where('id', '=', p.id)
    .returningAll(),
);
const materialFilesOf = prepare((db, p: { sessionId: string }) =>
  db.selectFrom('material').select('fileKey').where('sessionId', '=', p.sessionId).where('fileKey', 'is not', null),
);
const deleteBookingsOf = prepare((db, p: { sessionId: string }) => db.deleteFrom('booking').where('sessionId', '=', p.sessionId));
const deleteReviewsOf = prepare((db, p: { sessionId: string }) => db.deleteFrom('review').where('sessionId', '=', p.sessionId));
const deleteMaterialsOf = prepare((db, p: { sessionId: string }) => db.deleteFrom('material').where('sessionId', '=', p.sessionId));
const deleteSession = prepare((db, p: { id: string }) => db.deleteFrom('study_session').where('id', '=', p.id));
/** Deletes the session only if no booking exists, in one statement (no check-then-act race). */
const deleteUnbooked = prepare((db, p: { id: string }) =>
  db
    .deleteFrom('study_session')
    .where('id', '=', p.id)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('booking').select(sql`1`.as('one')).whereRef('booking.sessionId', '=', 'study_session.id')))),
);

/** The classes of a series in class order, on the (seriesId, classStartDate, id) index of 0035. */
const seriesClassesQuery = prepare((db, p: { seriesId: string }) =>
  db.selectFrom('study_session').selectAll().where('seriesId', '=', p.seriesId).orderBy('classStartDate').orderBy('id'),
);

const deletedAny = (result: { numAffectedRows?: bigint }) => (result.numAffectedRows ?? 0n) > 0n;

// ——— Lists, one prepared query per shape ———

/** The values of a list; a shape reads only its own. */
type ListValues = { pattern: string; openAt: string; status: SessionStatus; rank: number; createdAt: string; id: string; tutorId: string; limit: number; now: string; since: string; key: string };

/**
 * The public list: approved sessions of classes upcoming (not ended) or past, in class order
 * (upcoming soonest first, past latest first, on the (status, classStartDate, id) index of 0029,
 * bounded by class start so that neither walks the other's rows) or newest created first (the
 * (status, createdAt, id) index), maybe matching a search, maybe open for registration now.
 */
const approvedPage = perShape((shape: { search: boolean; open: boolean; after: boolean; when: 'upcoming' | 'past'; sort: 'class' | 'newest' }) =>
  prepare((db, p: ListValues) => {
    let query = db.selectFrom('study_session').selectAll().where('status', '=', sql.lit('approved')).where(taughtNow);
    query = shape.when === 'upcoming' ? query.where('classEndDate', '>=', p.now).where('classStartDate', '>', p.since) : query.where('classEndDate', '<', p.now).where('classStartDate', '<', p.now);
    if (shape.search) query = query.where((eb) => matchesSearch(eb, p.pattern));
    if (shape.open) query = query.where('registrationStartDate', '<=', p.openAt).where('registrationEndDate', '>=', p.openAt);
    if (shape.sort === 'newest') {
      if (shape.after) query = query.where((eb) => olderThan(eb, [p.key, p.id]));
      return query.orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(p.limit);
    }
    const order = shape.when === 'upcoming' ? 'asc' : 'desc';
    if (shape.after) query = query.where((eb) => afterKey(eb, ['study_session.classStartDate', 'study_session.id'], [p.key, p.id], order));
    return query.orderBy('classStartDate', order).orderBy('id', order).limit(p.limit);
  }),
);

/**
 * What a tutor's list reads of each session: what Manage Sessions' and Upload Materials' rows show
 * (the contract's tutorSessionListItemSchema), the tutor (whose rejection details these are) and
 * the keyset's createdAt. Not the whole row: Edit and View read the session by its id
 * (docs/decisions/071-speed-at-full-scale.md). A new field of the row is added here, to the
 * contract's item and to its mapping (session-dto.ts), not by reading the whole row again.
 */
const TUTOR_LISTED_COLUMNS = [
  'id',
  'title',
  'tutorId',
  'status',
  'createdAt',
  'updatedAt',
  'classStartDate',
  'classEndDate',
  'tutorTimeZone',
  'maxParticipants',
  'bookedCount',
  'rejectionReason',
  'rejectionFeedback',
] as const;
/** A row of a tutor's list, as session-dto.ts maps it. */
export type TutorListedRow = Pick<StudySessionRow, (typeof TUTOR_LISTED_COLUMNS)[number]>;

/** What the admins' list reads of each session: All Sessions' row and its Approve and Reject dialogs (adminSessionListItemSchema), the tutor and the keyset's createdAt. */
const ADMIN_LISTED_COLUMNS = [
  'id',
  'title',
  'tutorId',
  'tutorName',
  'tutorEmail',
  'status',
  'createdAt',
  'updatedAt',
  'registrationStartDate',
  'registrationEndDate',
  'classStartDate',
  'registrationFeeCents',
  'rejectionReason',
  'rejectionFeedback',
  'locationKind',
  'seriesId',
  'maxParticipants',
] as const;
/** A row of the admins' list, as session-dto.ts maps it. */
export type AdminListedRow = Pick<StudySessionRow, (typeof ADMIN_LISTED_COLUMNS)[number]>;

const tutorPage = perShape((shape: { after: boolean }) =>
  prepare((db, p: ListValues) => {
    let query = db.selectFrom('study_session').select(TUTOR_LISTED_COLUMNS).where('tutorId', '=', p.tutorId);
    if (shape.after) query = query.where((eb) => olderThan(eb, [p.createdAt, p.id]));
    return query.orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(p.limit);
  }),
);

/** Every session for admins: rank 0 for pending, 1 otherwise; the keyset is (rank, createdAt, id). */
const adminPage = perShape((shape: { status: boolean; search: boolean; after: boolean }) =>
  prepare((db, p: ListValues) => {
    const rank = sql<number>`case when ${sql.ref('study_session.status')} = 'pending' then 0 else 1 end`;
    let query = db.selectFrom('study_session').select(ADMIN_LISTED_COLUMNS).select(rank.as('rank'));
    if (shape.status) query = query.where('status', '=', p.status);
    if (shape.search) query = query.where((eb) => matchesSearch(eb, p.pattern));
    if (shape.after) {
      query = query.where((eb) => eb.or([eb(rank, '>', p.rank), eb.and([eb(rank, '=', p.rank), olderThan(eb, [p.createdAt, p.id])])]));
    }
    return query.orderBy(rank).orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(p.limit);
  }),
);

/** Tutors (not blocked) with at least one approved session, by (name, id). */
const tutorsPage = perShape((shape: { after: boolean }) =>
  prepare((db, p: { name: string; id: string; limit: number }) => {
    let query = db
      .selectFrom('user')
      .select(['user.id', 'user.name'])
      .where('user.role', '=', sql.lit('tutor'))
      // `not blocked` works for PostgreSQL booleans and SQLite 0/1 alike.
      .where(sql<boolean>`not ${sql.ref('user.blocked')}`)
      .where((eb) =>
        eb.exists(
          eb.selectFrom('study_session').select(sql`1`.as('one')).whereRef('study_session.tutorId', '=', 'user.id').where('study_session.status', '=', sql.lit('approved')),
        ),
      );
    if (shape.after) query = query.where((eb) => afterKey(eb, ['user.name', 'user.id'], [p.name, p.id], 'asc'));
    return query.orderBy('user.name').orderBy('user.id').limit(p.limit);
  }),
);

// ——— The guarded update ———

/**
 * The guarded update's shape: the columns the patch sets (sorted), the statuses it is limited to
 * (written as literals), and whether it sets a capacity, checked against the seats taken.
 */
type UpdateShape = { columns: readonly string[]; statuses: readonly SessionStatus[] | null; capacity: boolean };
const guardedUpdate = perShape((shape: UpdateShape) =>
  // `sessionId`, not `id`: the patch's own values are read by column name.
  prepare((db, p: Record<string, unknown> & { sessionId: string }) => {
    const set = Object.fromEntries(shape.columns.map((column) => [column, p[column]])) as Updateable<StudySessionTable>;
    let query = db.updateTable('study_session').set(set).where('id', '=', p.sessionId);
    if (shape.statuses) query = query.where('status', 'in', shape.statuses.map((status) => sql.lit(status)));
    if (shape.capacity) query = query.where('bookedCount', '<=', p.maxParticipants as number);
    return query.returningAll();
  }),
);

/** Rolls a cancel or a delete back (its unit of work): a student paid after the paid bookings were listed for refund. */
class PaidMeanwhile extends Error {}

/** 'paid-meanwhile' for a unit of work that cancel or deleteWithEverything rolled back for that reason. */
export async function orPaidMeanwhile<T>(unit: Promise<T>): Promise<T | 'paid-meanwhile'> {
  try {
    return await unit;
  } catch (error) {
    if (error instanceof PaidMeanwhile) return 'paid-meanwhile';
    throw error;
  }
}

/**
 * Built on the database, or on a unit of work's transaction (`await work.db()`): cancel and
 * deleteWithEverything write several rows and run only there.
 */
export function sessionRepository(db: Kysely<Database>) {
  return {
    /** A tutor who can sign in, with their bio (their public page); undefined for anyone else. */
    async tutorById(id: string) {
      return (await tutorByIdQuery(db, { id })).rows[0];
    },

    /** A tutor's approved sessions: those not ended (soonest first) or those held (latest first). */
    async tutorApproved(tutorId: string, now: string, which: 'upcoming' | 'past', limit: number) {
      return (await (which === 'upcoming' ? tutorUpcoming : tutorPast)(db, { tutorId, now, limit })).rows;
    },

    /** The sums of the ratings of a tutor's approved sessions. */
    async tutorRatings(tutorId: string): Promise<{ sum: number; count: number }> {
      const row = (await tutorRatingsQuery(db, { tutorId })).rows[0];
      return { sum: Number(row?.sum ?? 0), count: Number(row?.count ?? 0) };
    },

    async bioOf(userId: string): Promise<string | null> {
      const row = (await bioQuery(db, { userId })).rows[0];
      return row?.bio ?? null;
    },

    async saveBio(userId: string, bio: string, now: string): Promise<void> {
      await saveBioQuery(db, { userId, bio, now });
    },

    /** The session's booked and waiting students, now. */
    peopleOf(sessionId: string): Promise<SessionPeople> {
      return peopleOf(db, sessionId);
    },

    /**
     * Calls an approved session off whose class has not started: status, reason, a new calendar
     * SEQUENCE; unpaid seat holds and the waitlist go (confirmed bookings stay, for history). The
     * row as it is now and the people it concerned (for their emails), in a unit of work's
     * transaction; undefined when the session is not approved or its class has started. Throws
     * when one of them paid meanwhile (orPaidMeanwhile).
     */
    async cancel(id: string, input: { reason: string; now: string; refunded: readonly string[]; shortOfMinimum?: boolean }): Promise<{ row: StudySessionRow; people: SessionPeople } | undefined> {
      // The system's call-off also records its decision, and only while the minimum is undecided.
      const row = (await (input.shortOfMinimum ? cancelShortOfMinimum : cancelApproved)(db, { id, reason: input.reason, now: input.now })).rows[0];
      if (!row) return undefined;
      const people = await peopleOf(db, id);
      await deleteWaitlistOf(db, { sessionId: id });
      const holds = await deleteHoldsOf(db, { sessionId: id });
      // A group's hold held several seats (docs/decisions/061-group-bookings.md).
      const released = holds.rows.reduce((sum, hold) => sum + Number(hold.seats), 0);
      // A hold paid for since the caller listed (and refunded) the paid bookings: read after the
      // holds' delete, so a payment landing later finds no hold (and is refunded by payments).
      const paid = (await paidBookingsOf(db, { sessionId: id })).rows;
      if (paid.some((b) => !input.refunded.includes(b.id))) throw new PaidMeanwhile();
      const updated = released > 0 ? (await releaseSeats(db, { id, released })).rows[0]! : row;
      return { row: updated, people };
    },

    /** Records that a class reached its minimum and runs; undefined when already decided (or no longer approved, or started). */
    async confirmMinimum(id: string, now: string): Promise<StudySessionRow | undefined> {
      return (await confirmMinimumQuery(db, { id, now })).rows[0];
    },

    /** Approved classes with an undecided minimum starting after `now` and at most at `until`, soonest first, after the (classStartDate, id) `after`. */
    async undecidedMinimums(now: string, until: string, after: readonly [string, string], limit: number): Promise<StudySessionRow[]> {
      return (await undecidedMinimumsQuery(db, { now, until, afterStart: after[0], afterId: after[1], limit })).rows;
    },

    /** The name and address of a student with a confirmed booking of the session; undefined when they have none. */
    async bookedStudent(sessionId: string, studentId: string): Promise<{ name: string; email: string } | undefined> {
      return (await bookedStudentQuery(db, { sessionId, studentId })).rows[0];
    },

    /** Confirmed (paid or free) bookings of the session: what its minimum counts at the decision (a held, unpaid seat does not). */
    async confirmedCount(sessionId: string): Promise<number> {
      return Number((await confirmedCountOf(db, { sessionId })).rows[0]?.n ?? 0);
    },

    async insert(row: NewSession): Promise<StudySessionRow> {
      const inserted = (await insertSession(db, row)).rows[0];
      if (!inserted) throw new Error('study_session: the new row was not returned');
      return inserted;
    },

    /** Every class of a series, in class order (empty for no such series). */
    async seriesClasses(seriesId: string): Promise<StudySessionRow[]> {
      return (await seriesClassesQuery(db, { seriesId })).rows;
    },

    /** A session with what its page says beside it (sessionDetailsById); `viewerId`: a student's id, else ''. */
    async detailsById(id: string, viewerId: string): Promise<(StudySessionRow & { waitingCount: number; tutorTeaches: boolean; viewerBooked: boolean }) | undefined> {
      const row = (await sessionDetailsById(db, { id, viewerId })).rows[0];
      return row && { ...row, waitingCount: Number(row.waitingCount ?? 0), tutorTeaches: Boolean(row.tutorTeaches), viewerBooked: Boolean(row.viewerBooked) };
    },

    async findById(id: string): Promise<StudySessionRow | undefined> {
      return (await sessionById(db, { id })).rows[0];
    },

    /** Approved sessions of tutors who teach now, upcoming or past, in class order or newest first: the public list (Home, All Sessions). */
    async listApproved(filter: SessionListFilter) {
      const shape = { search: Boolean(filter.q), open: Boolean(filter.openAt), after: filter.after !== null, when: filter.when, sort: filter.sort };
      const values = {
        ...(filter.q ? { pattern: likePattern(filter.q) } : {}),
        ...(filter.openAt ? { openAt: filter.openAt } : {}),
        ...(filter.after ? { key: filter.after[0], id: filter.after[1] } : {}),
        now: filter.now,
        ...(filter.when === 'upcoming' ? { since: new Date(Date.parse(filter.now) - LONGEST_CLASS_MS).toISOString() } : {}),
        limit: filter.limit + 1,
      };
      return (await approvedPage(shape)(db, values as ListValues)).rows;
    },

    async listByTutor(tutorId: string, after: readonly [string, string] | null, limit: number) {
      const values = { tutorId, ...(after ? { createdAt: after[0], id: after[1] } : {}), limit: limit + 1 };
      return (await tutorPage({ after: after !== null })(db, values as ListValues)).rows;
    },

    /**
     * Every session for admins, pending first, then newest first. The keyset is
     * (rank, createdAt, id) with rank 0 for pending, 1 otherwise.
     */
    async listForAdmin(filter: { status?: SessionStatus | undefined; q?: string | undefined; after: readonly [number, string, string] | null; limit: number }) {
      const shape = { status: Boolean(filter.status), search: Boolean(filter.q), after: filter.after !== null };
      const values = {
        ...(filter.status ? { status: filter.status } : {}),
        ...(filter.q ? { pattern: likePattern(filter.q) } : {}),
        ...(filter.after ? { rank: filter.after[0], createdAt: filter.after[1], id: filter.after[2] } : {}),
        limit: filter.limit + 1,
      };
      return (await adminPage(shape)(db, values as ListValues)).rows;
    },

    /** Tutors (not blocked) with at least one approved session, by name. */
    async listTutorsWithApprovedSessions(after: readonly [string, string] | null, limit: number) {
      const values = { ...(after ? { name: after[0], id: after[1] } : {}), limit: limit + 1 };
      return (await tutorsPage({ after: after !== null })(db, values as { name: string; id: string; limit: number })).rows;
    },

    /**
     * Applies `patch` unless it would set a capacity below the seats already taken (checked in
     * the same statement, so a booking landing meanwhile cannot slip under it). Undefined = refused.
     */
    async updateGuarded(id: string, patch: Updateable<StudySessionTable>, where: { status?: readonly SessionStatus[] } = {}): Promise<StudySessionRow | undefined> {
      const values = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
      const shape: UpdateShape = {
        columns: Object.keys(values).sort(),
        statuses: where.status ?? null,
        capacity: values.maxParticipants !== null && values.maxParticipants !== undefined,
      };
      return (await guardedUpdate(shape)(db, { ...values, sessionId: id })).rows[0];
    },

    async hasBookings(id: string): Promise<boolean> {
      return (await anyBookingOf(db, { sessionId: id })).rows.length > 0;
    },

    /** Deletes the session only if no booking exists, in one statement (no check-then-act race). */
    async deleteIfUnbooked(id: string): Promise<boolean> {
      return deletedAny(await deleteUnbooked(db, { id }));
    },

    /** Confirmed bookings that were paid for: they must be refunded before the session goes. */
    async paidBookings(sessionId: string) {
      return (await paidBookingsOf(db, { sessionId })).rows;
    },

    /**
     * Admin delete: the session with its bookings, waitlist, reviews and materials, in a unit of
     * work's transaction. Returns the stored material files to remove from disk once it commits
     * and the people it concerned (null = no session). Throws when one of them paid meanwhile
     * (orPaidMeanwhile).
     */
    async deleteWithEverything(id: string, refunded: readonly string[]): Promise<{ fileKeys: string[]; people: SessionPeople } | null> {
      const people = await peopleOf(db, id);
      const files = (await materialFilesOf(db, { sessionId: id })).rows;
      await deleteWaitlistOf(db, { sessionId: id });
      // The holds first, then the paid bookings as they are now: one paid since the caller
      // refunded those it listed stops the delete (as in cancel).
      await deleteHoldsOf(db, { sessionId: id });
      const paid = (await paidBookingsOf(db, { sessionId: id })).rows;
      if (paid.some((b) => !refunded.includes(b.id))) throw new PaidMeanwhile();
      await deleteBookingsOf(db, { sessionId: id });
      await deleteReviewsOf(db, { sessionId: id });
      await deleteMaterialsOf(db, { sessionId: id });
      if (!deletedAny(await deleteSession(db, { id }))) return null;
      return { fileKeys: files.map((f) => f.fileKey!).filter(Boolean), people };
    },
  };
}

export type SessionRepository = ReturnType<typeof sessionRepository>;
