// The only SQL of the sessions feature. Lists are keyset pages on (createdAt, id) descending,
// served by the (status, createdAt, id) and (tutorId, createdAt, id) indexes of 0001.
import { sql, type ExpressionBuilder, type Insertable, type Kysely, type Updateable } from 'kysely';
import { afterKey } from '#server/db/keyset.ts';
import type { BookingStatus, Database, SessionStatus, StudySessionRow, StudySessionTable } from '#server/db/schema.ts';

type SessionEb = ExpressionBuilder<Database, 'study_session'>;

/** `%`, `_` and `\` in a search are literal characters, not wildcards. */
const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function matchesSearch(eb: SessionEb, q: string) {
  const pattern = likePattern(q);
  return eb.or([
    sql<boolean>`lower(${eb.ref('study_session.title')}) like ${pattern} escape '\\'`,
    sql<boolean>`lower(${eb.ref('study_session.tutorName')}) like ${pattern} escape '\\'`,
  ]);
}

/** Rows after (createdAt, id) in the lists' newest-first order. */
const olderThan = (eb: SessionEb, after: readonly [string, string]) => afterKey(eb, ['study_session.createdAt', 'study_session.id'], after, 'desc');

export interface SessionListFilter {
  q?: string | undefined;
  /** Only sessions whose registration window contains this instant (ISO). */
  openAt?: string | undefined;
  after: readonly [string, string] | null;
  limit: number;
}

/** Who a change of the session concerns: its booked students (with held seats) and those waiting; `language`: their account's, for their emails. */
export interface SessionPeople {
  booked: Array<{ studentId: string; name: string; email: string; language: string | null; status: BookingStatus; amountCents: number }>;
  waiting: Array<{ studentId: string; name: string; email: string; language: string | null }>;
}

/** Read in the transaction of the change, so that nobody who books or joins meanwhile is missed. */
async function peopleOf(db: Kysely<Database>, sessionId: string): Promise<SessionPeople> {
  const booked = await db
    .selectFrom('booking')
    .innerJoin('user', 'user.id', 'booking.studentId')
    .select(['booking.studentId', 'user.name', 'user.email', 'user.language', 'booking.status', 'booking.amountCents'])
    .where('booking.sessionId', '=', sessionId)
    .orderBy('booking.createdAt')
    .execute();
  const waiting = await db
    .selectFrom('waitlist_entry')
    .innerJoin('user', 'user.id', 'waitlist_entry.studentId')
    .select(['waitlist_entry.studentId', 'user.name', 'user.email', 'user.language'])
    .where('waitlist_entry.sessionId', '=', sessionId)
    .orderBy('waitlist_entry.createdAt')
    .execute();
  return { booked, waiting };
}

/** Rolls a cancel back: a student paid after the paid bookings were listed for refund. */
class PaidMeanwhile extends Error {}

export function sessionRepository(db: Kysely<Database>) {
  return {
    /** A tutor who can sign in, with their bio (issue 19's profile page); undefined for anyone else. */
    tutorById(id: string) {
      return db
        .selectFrom('user')
        .leftJoin('tutor_profile', 'tutor_profile.userId', 'user.id')
        .select(['user.id', 'user.name', 'user.image', 'tutor_profile.bio'])
        .where('user.id', '=', id)
        .where('user.role', '=', 'tutor')
        .where(sql<boolean>`not ${sql.ref('user.blocked')}`)
        .executeTakeFirst();
    },

    /** A tutor's approved sessions: those not ended (soonest first) or those held (latest first). */
    tutorApproved(tutorId: string, now: string, which: 'upcoming' | 'past', limit: number) {
      const query = db.selectFrom('study_session').selectAll().where('tutorId', '=', tutorId).where('status', '=', 'approved');
      return which === 'upcoming'
        ? query.where('classEndDate', '>=', now).orderBy('classStartDate').orderBy('id').limit(limit).execute()
        : query.where('classEndDate', '<', now).orderBy('classStartDate', 'desc').orderBy('id', 'desc').limit(limit).execute();
    },

    /** The sums of the ratings of a tutor's approved sessions. */
    async tutorRatings(tutorId: string): Promise<{ sum: number; count: number }> {
      const row = await db
        .selectFrom('study_session')
        .select((eb) => [eb.fn.sum<number | string | null>('ratingSum').as('sum'), eb.fn.sum<number | string | null>('ratingCount').as('count')])
        .where('tutorId', '=', tutorId)
        .where('status', '=', 'approved')
        .executeTakeFirstOrThrow();
      return { sum: Number(row.sum ?? 0), count: Number(row.count ?? 0) };
    },

    async bioOf(userId: string): Promise<string | null> {
      const row = await db.selectFrom('tutor_profile').select('bio').where('userId', '=', userId).executeTakeFirst();
      return row?.bio ?? null;
    },

    async saveBio(userId: string, bio: string, now: string): Promise<void> {
      await db
        .insertInto('tutor_profile')
        .values({ userId, bio, updatedAt: now })
        .onConflict((oc) => oc.column('userId').doUpdateSet({ bio, updatedAt: now }))
        .execute();
    },

    /** Whether the student holds a confirmed booking of the session (an unpaid hold is not one). */
    async isBookedBy(sessionId: string, studentId: string): Promise<boolean> {
      const row = await db.selectFrom('booking').select('id').where('sessionId', '=', sessionId).where('studentId', '=', studentId).where('status', '=', 'confirmed').executeTakeFirst();
      return row !== undefined;
    },

    /** The session's booked and waiting students, now. */
    peopleOf(sessionId: string): Promise<SessionPeople> {
      return peopleOf(db, sessionId);
    },

    /**
     * Calls an approved session off whose class has not started: status, reason, a new calendar
     * SEQUENCE; unpaid seat holds and the waitlist go (confirmed bookings stay, for history); then
     * `alsoInTransaction` with the people it concerned (their emails, the audit entry).
     * Undefined when the session is not approved or its class has started.
     */
    async cancel(
      id: string,
      input: { reason: string; now: string; refunded: readonly string[] },
      alsoInTransaction: (trx: Kysely<Database>, row: StudySessionRow, people: SessionPeople) => Promise<void>,
    ): Promise<StudySessionRow | undefined | 'paid-meanwhile'> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('study_session')
          .set((eb) => ({ status: 'cancelled' as const, cancellationReason: input.reason, cancelledAt: input.now, updatedAt: input.now, calendarSequence: eb('calendarSequence', '+', 1) }))
          .where('id', '=', id)
          .where('status', '=', 'approved')
          .where('classStartDate', '>', input.now)
          .returningAll()
          .executeTakeFirst();
        if (!row) return undefined;
        const people = await peopleOf(trx, id);
        await trx.deleteFrom('waitlist_entry').where('sessionId', '=', id).execute();
        const holds = await trx.deleteFrom('booking').where('sessionId', '=', id).where('status', '=', 'pending_payment').executeTakeFirst();
        const released = Number(holds.numDeletedRows);
        // A hold paid for since the caller listed (and refunded) the paid bookings: read after the
        // holds' delete, so a payment landing later finds no hold (and is refunded by payments).
        const paid = await trx.selectFrom('booking').select('id').where('sessionId', '=', id).where('status', '=', 'confirmed').where('amountCents', '>', 0).execute();
        if (paid.some((b) => !input.refunded.includes(b.id))) throw new PaidMeanwhile();
        const updated = released > 0
          ? await trx.updateTable('study_session').set((eb) => ({ bookedCount: eb('bookedCount', '-', released) })).where('id', '=', id).returningAll().executeTakeFirstOrThrow()
          : row;
        await alsoInTransaction(trx, updated, people);
        return updated;
      }).catch((error: unknown) => {
        if (error instanceof PaidMeanwhile) return 'paid-meanwhile' as const;
        throw error;
      });
    },

    async insert(row: Insertable<StudySessionTable>) {
      return db.insertInto('study_session').values(row).returningAll().executeTakeFirstOrThrow();
    },

    findById(id: string) {
      return db.selectFrom('study_session').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** How many students wait for a seat of this session. */
    async waitlistLength(id: string): Promise<number> {
      const row = await db.selectFrom('waitlist_entry').select((eb) => eb.fn.countAll<number | string>().as('n')).where('sessionId', '=', id).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Approved sessions, newest first: the public list (Home, All Sessions). */
    listApproved(filter: SessionListFilter) {
      let query = db.selectFrom('study_session').selectAll().where('status', '=', 'approved');
      if (filter.q) query = query.where((eb) => matchesSearch(eb, filter.q!));
      if (filter.openAt) {
        query = query.where('registrationStartDate', '<=', filter.openAt).where('registrationEndDate', '>=', filter.openAt);
      }
      if (filter.after) query = query.where((eb) => olderThan(eb, filter.after!));
      return query.orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(filter.limit + 1).execute();
    },

    listByTutor(tutorId: string, after: readonly [string, string] | null, limit: number) {
      let query = db.selectFrom('study_session').selectAll().where('tutorId', '=', tutorId);
      if (after) query = query.where((eb) => olderThan(eb, after));
      return query.orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(limit + 1).execute();
    },

    /**
     * Every session for admins, pending first, then newest first. The keyset is
     * (rank, createdAt, id) with rank 0 for pending, 1 otherwise.
     */
    listForAdmin(filter: { status?: SessionStatus | undefined; q?: string | undefined; after: readonly [number, string, string] | null; limit: number }) {
      const rank = sql<number>`case when ${sql.ref('study_session.status')} = 'pending' then 0 else 1 end`;
      let query = db.selectFrom('study_session').selectAll().select(rank.as('rank'));
      if (filter.status) query = query.where('status', '=', filter.status);
      if (filter.q) query = query.where((eb) => matchesSearch(eb, filter.q!));
      if (filter.after) {
        const [r, createdAt, id] = filter.after;
        query = query.where((eb) =>
          eb.or([
            eb(rank, '>', r),
            eb.and([eb(rank, '=', r), olderThan(eb, [createdAt, id])]),
          ]),
        );
      }
      return query.orderBy(rank).orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(filter.limit + 1).execute();
    },

    /** Tutors (not blocked) with at least one approved session, by name. */
    listTutorsWithApprovedSessions(after: readonly [string, string] | null, limit: number) {
      let query = db
        .selectFrom('user')
        .select(['user.id', 'user.name'])
        .where('user.role', '=', 'tutor')
        // `not blocked` works for PostgreSQL booleans and SQLite 0/1 alike.
        .where(sql<boolean>`not ${sql.ref('user.blocked')}`)
        .where((eb) =>
          eb.exists(
            eb.selectFrom('study_session').select(sql`1`.as('one')).whereRef('study_session.tutorId', '=', 'user.id').where('study_session.status', '=', 'approved'),
          ),
        );
      if (after) {
        query = query.where((eb) => afterKey(eb, ['user.name', 'user.id'], after, 'asc'));
      }
      return query.orderBy('user.name').orderBy('user.id').limit(limit + 1).execute();
    },

    /**
     * Applies `patch` unless it would set a capacity below the seats already taken (checked in
     * the same statement, so a booking landing meanwhile cannot slip under it). Undefined = refused.
     */
    updateGuarded(id: string, patch: Updateable<StudySessionTable>, where: { status?: readonly SessionStatus[] } = {}) {
      let query = db.updateTable('study_session').set(patch).where('id', '=', id);
      if (where.status) query = query.where('status', 'in', where.status);
      if (patch.maxParticipants !== undefined && patch.maxParticipants !== null) {
        query = query.where('bookedCount', '<=', patch.maxParticipants as number);
      }
      return query.returningAll().executeTakeFirst();
    },

    async hasBookings(id: string): Promise<boolean> {
      const row = await db.selectFrom('booking').select('id').where('sessionId', '=', id).limit(1).executeTakeFirst();
      return row !== undefined;
    },

    /** Deletes the session only if no booking exists, in one statement (no check-then-act race). */
    async deleteIfUnbooked(id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('study_session')
        .where('id', '=', id)
        .where((eb) => eb.not(eb.exists(eb.selectFrom('booking').select(sql`1`.as('one')).whereRef('booking.sessionId', '=', 'study_session.id'))))
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /**
     * Admin delete: the session with its bookings, waitlist, reviews and materials, in one
     * transaction. Returns the stored material files to remove from disk (null = no session).
     */
    /** Confirmed bookings that were paid for: they must be refunded before the session goes. */
    paidBookings(sessionId: string) {
      return db
        .selectFrom('booking')
        .select(['id', 'paymentRef', 'amountCents'])
        .where('sessionId', '=', sessionId)
        .where('status', '=', 'confirmed')
        .where('amountCents', '>', 0)
        .execute();
    },

    /** `alsoInTransaction`: written with the delete, or not at all (the audit entry). */
    async deleteWithEverything(
      id: string,
      refunded: readonly string[],
      alsoInTransaction: (trx: Kysely<Database>, people: SessionPeople) => Promise<void> = async () => {},
    ): Promise<{ fileKeys: string[] } | null | 'paid-meanwhile'> {
      return db.transaction().execute(async (trx) => {
        const people = await peopleOf(trx, id);
        const files = await trx.selectFrom('material').select('fileKey').where('sessionId', '=', id).where('fileKey', 'is not', null).execute();
        await trx.deleteFrom('waitlist_entry').where('sessionId', '=', id).execute();
        // The holds first, then the paid bookings as they are now: one paid since the caller
        // refunded those it listed stops the delete (as in cancel).
        await trx.deleteFrom('booking').where('sessionId', '=', id).where('status', '=', 'pending_payment').execute();
        const paid = await trx.selectFrom('booking').select('id').where('sessionId', '=', id).where('status', '=', 'confirmed').where('amountCents', '>', 0).execute();
        if (paid.some((b) => !refunded.includes(b.id))) throw new PaidMeanwhile();
        await trx.deleteFrom('booking').where('sessionId', '=', id).execute();
        await trx.deleteFrom('review').where('sessionId', '=', id).execute();
        await trx.deleteFrom('material').where('sessionId', '=', id).execute();
        const result = await trx.deleteFrom('study_session').where('id', '=', id).executeTakeFirst();
        if (Number(result.numDeletedRows) === 0) return null;
        await alsoInTransaction(trx, people);
        return { fileKeys: files.map((f) => f.fileKey!).filter(Boolean) };
      }).catch((error: unknown) => {
        if (error instanceof PaidMeanwhile) return 'paid-meanwhile' as const;
        throw error;
      });
    },
  };
}

export type SessionRepository = ReturnType<typeof sessionRepository>;
