// The only SQL of "my data": what an account's export reads, and the erasure of an account.
// Reads better-auth's tables too (user, account, session), whose dates and booleans differ by
// dialect (see server/db/schema.ts): a boolean is written as a literal (`false` is 0 to SQLite),
// a date through authColumns.
import { randomBytes } from 'node:crypto';
import { authColumns } from '#server/db/auth-columns.ts';
import { sql, type Kysely } from 'kysely';
import { prepare } from '#server/db/prepared.ts';
import { locking } from '#server/db/row-lock.ts';
import type { Database } from '#server/db/schema.ts';
import { sentEmailRepository } from '#server/email/sent-email-repository.ts';

/** The address a deleted account keeps: unique, never deliverable (RFC 2606), frees the real one. */
export const deletedEmail = (id: string) => `deleted-${id}@deleted.invalid`;
/**
 * The same with a part nobody can know beforehand, for when a row already holds deletedEmail(id):
 * the erasure never fails on the address (docs/decisions/038-account-erasure-and-exports.md).
 */
const unguessableDeletedEmail = (id: string) => `deleted-${id}.${randomBytes(12).toString('hex')}@deleted.invalid`;
export { isDeletedEmail } from '#contract/deleted-names.ts';

type ByUser = { userId: string };

const userById = prepare((db, p: { id: string }) => db.selectFrom('user').selectAll().where('id', '=', p.id));
const userByEmail = prepare((db, p: { email: string }) => db.selectFrom('user').selectAll().where('email', '=', p.email));

// --- the export --------------------------------------------------------------------------------
const providersOf = prepare((db, p: ByUser) => db.selectFrom('account').select('providerId').where('userId', '=', p.userId).orderBy('providerId'));
const bioOf = prepare((db, p: ByUser) => db.selectFrom('tutor_profile').select('bio').where('userId', '=', p.userId));
const signInsOf = prepare((db, p: ByUser) =>
  db.selectFrom('session').select(['createdAt', 'expiresAt', 'ipAddress', 'userAgent']).where('userId', '=', p.userId).orderBy('createdAt'),
);
const bookingsOf = prepare((db, p: ByUser) =>
  db
    .selectFrom('booking as b')
    .innerJoin('study_session as s', 's.id', 'b.sessionId')
    .select(['b.id', 'b.sessionId', 's.title as sessionTitle', 's.classStartDate', 's.classEndDate', 'b.status', 'b.amountCents', 'b.holdExpiresAt', 'b.attendance', 'b.attendanceMarkedAt', 'b.paymentRef', 'b.createdAt'])
    .where('b.studentId', '=', p.userId)
    .orderBy('b.createdAt'),
);
const waitlistOf = prepare((db, p: ByUser) =>
  db
    .selectFrom('waitlist_entry as w')
    .innerJoin('study_session as s', 's.id', 'w.sessionId')
    .select(['w.sessionId', 's.title as sessionTitle', 'w.createdAt'])
    .where('w.studentId', '=', p.userId)
    .orderBy('w.createdAt'),
);
const reviewsOf = prepare((db, p: ByUser) =>
  db
    .selectFrom('review as r')
    .innerJoin('study_session as s', 's.id', 'r.sessionId')
    .select(['r.id', 'r.sessionId', 's.title as sessionTitle', 'r.rating', 'r.review', 'r.createdAt', 'r.updatedAt'])
    .where('r.studentId', '=', p.userId)
    .orderBy('r.createdAt'),
);
const notesOf = prepare((db, p: ByUser) => db.selectFrom('note').select(['id', 'title', 'details', 'createdAt', 'updatedAt']).where('studentId', '=', p.userId).orderBy('createdAt'));
const sessionsOf = prepare((db, p: ByUser) => db.selectFrom('study_session').selectAll().where('tutorId', '=', p.userId).orderBy('createdAt'));
const materialsOf = prepare((db, p: ByUser) => db.selectFrom('material').selectAll().where('tutorId', '=', p.userId).orderBy('createdAt'));
/**
 * Emails are jobs until sent (server/email/outbox.ts), found by their recipient column, the exact
 * lower-cased address (migration 0024): never a pattern over addresses, whose `_` and `%` are
 * wildcards and which would match every address containing the account's.
 */
const emailJobsTo = prepare((db, p: { recipient: string }) =>
  db.selectFrom('job').select(['payload', 'status', 'createdAt']).where('kind', '=', sql.lit('email')).where('recipient', '=', p.recipient).orderBy('createdAt'),
);
const auditOf = prepare((db, p: ByUser) =>
  db
    .selectFrom('audit_log')
    .selectAll()
    .where((eb) => eb.or([eb('actorId', '=', p.userId), eb('targetId', '=', p.userId)]))
    .orderBy('at')
    .orderBy('id'),
);

/** When the account exported its own data since `since`, oldest first (the export's rate limit). */
const ownExportsSince = prepare((db, p: { userId: string; since: string }) =>
  db
    .selectFrom('audit_log')
    .select('at')
    .where('at', '>', p.since)
    .where('action', '=', sql.lit('user.data_exported'))
    .where('targetId', '=', p.userId)
    .where('actorId', '=', p.userId)
    .orderBy('at'),
);

// --- what deleting an account checks ---------------------------------------------------------
/** Locked until the unit of work ends (server/db/row-lock.ts). */
const activeAdminsBut = prepare((db, p: ByUser) =>
  locking(db, db.selectFrom('user').select('id').where('role', '=', sql.lit('admin')).where('blocked', '=', sql.lit(false)).where('id', '!=', p.userId)),
);
const materialBytesOfTutor = prepare((db, p: ByUser) =>
  db.selectFrom('material').select((eb) => eb.fn.sum<number | string | null>('fileSize').as('bytes')).where('tutorId', '=', p.userId),
);
const materialFilesOfTutor = prepare((db, p: ByUser) =>
  db.selectFrom('material').select(['id', 'fileKey', 'fileName']).where('tutorId', '=', p.userId).where('fileKey', 'is not', null).orderBy('createdAt'),
);
const upcomingBookedSessionsOfTutor = prepare((db, p: { userId: string; now: string }) =>
  db
    .selectFrom('study_session as s')
    .select(['s.id', 's.title'])
    .where('s.tutorId', '=', p.userId)
    .where('s.classStartDate', '>', p.now)
    .where((eb) => eb.exists(eb.selectFrom('booking as b').select('b.id').whereRef('b.sessionId', '=', 's.id')))
    .orderBy('s.classStartDate'),
);

// --- the erasure (each run through the erasure's transaction) ----------------------------------
const deleteNotesOf = prepare((db, p: ByUser) => db.deleteFrom('note').where('studentId', '=', p.userId));
const deleteWaitlistEntriesOf = prepare((db, p: ByUser) => db.deleteFrom('waitlist_entry').where('studentId', '=', p.userId));
/** The people the account named on its group bookings: theirs, not the tutor's to keep (docs/decisions/061-group-bookings.md). */
const deleteAttendeesNamedBy = prepare((db, p: ByUser) => db.deleteFrom('booking_attendee').where('studentId', '=', p.userId));
/** Bookings of classes not started at `now`. */
const deleteUpcomingBookingsOf = prepare((db, p: { userId: string; now: string }) =>
  db
    .deleteFrom('booking')
    .where('studentId', '=', p.userId)
    .where((eb) => eb('sessionId', 'in', eb.selectFrom('study_session').select('id').where('classStartDate', '>', p.now)))
    .returning(['sessionId', 'seats']),
);
/** Frees a deleted booking's seats (a group's all of them). */
const freeSeats = prepare((db, p: { sessionId: string; seats: number }) =>
  db.updateTable('study_session').set((eb) => ({ bookedCount: eb('bookedCount', '-', p.seats) })).where('id', '=', p.sessionId),
);
const anonymiseBookingsOf = prepare((db, p: { userId: string; email: string }) => db.updateTable('booking').set({ studentEmail: p.email }).where('studentId', '=', p.userId));
const anonymiseReviewsOf = prepare((db, p: { userId: string; name: string }) => db.updateTable('review').set({ studentName: p.name }).where('studentId', '=', p.userId));
const deleteMaterialsOf = prepare((db, p: ByUser) => db.deleteFrom('material').where('tutorId', '=', p.userId).returning('fileKey'));
const deleteUnbookedSessionsOf = prepare((db, p: ByUser) =>
  db
    .deleteFrom('study_session')
    .where('tutorId', '=', p.userId)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('booking as b').select('b.id').whereRef('b.sessionId', '=', 'study_session.id')))),
);
const anonymiseSessionsOf = prepare((db, p: { userId: string; tutorName: string; email: string; now: string }) =>
  db.updateTable('study_session').set({ tutorName: p.tutorName, tutorEmail: p.email, updatedAt: p.now }).where('tutorId', '=', p.userId),
);
const deleteSignInSessionsOf = prepare((db, p: ByUser) => db.deleteFrom('session').where('userId', '=', p.userId));
const deleteAccountsOf = prepare((db, p: ByUser) => db.deleteFrom('account').where('userId', '=', p.userId));
const deleteVerificationsOf = prepare((db, p: ByUser) => db.deleteFrom('verification').where('value', '=', p.userId));
const deleteCalendarFeedOf = prepare((db, p: ByUser) => db.deleteFrom('calendar_feed').where('userId', '=', p.userId));
const deleteTutorProfileOf = prepare((db, p: ByUser) => db.deleteFrom('tutor_profile').where('userId', '=', p.userId));
const deleteOptOutsOf = prepare((db, p: ByUser) => db.deleteFrom('notification_opt_out').where('userId', '=', p.userId));
const deleteSignInFailuresOf = prepare((db, p: { email: string }) => db.deleteFrom('sign_in_failure').where('email', '=', p.email));
/** Signed out everywhere, no way to sign in again, email freed. */
const anonymiseUser = prepare((db, p: { id: string; name: string; email: string; updatedAt: Date | string }) =>
  db
    .updateTable('user')
    .set({ name: p.name, email: p.email, image: sql.lit(null), emailVerified: sql.lit(false), blocked: sql.lit(true), lastSeen: sql.lit(null), updatedAt: p.updatedAt })
    .where('id', '=', p.id),
);

/** Built on the database, or on a unit of work's transaction (`await work.db()`) for the erasure's reads and writes. */
export function myDataRepository(k: Kysely<Database>) {
  const { date: authDate } = authColumns(k);
  const sentEmails = sentEmailRepository(k);

  return {
    async findUser(id: string) {
      return (await userById(k, { id })).rows[0];
    },

    async findUserByEmail(email: string) {
      return (await userByEmail(k, { email: email.toLowerCase() })).rows[0];
    },

    /** Everything the export shows, read in one go. */
    async exportOf(userId: string, email: string) {
      const byUser = { userId };
      const rowsOf = async <O>(result: Promise<{ rows: O[] }>) => (await result).rows;
      const [accounts, profile, signIns, bookings, waitlist, reviews, notes, sessions, materials, emails, sent, audit] = await Promise.all([
        rowsOf(providersOf(k, byUser)),
        rowsOf(bioOf(k, byUser)),
        rowsOf(signInsOf(k, byUser)),
        rowsOf(bookingsOf(k, byUser)),
        rowsOf(waitlistOf(k, byUser)),
        rowsOf(reviewsOf(k, byUser)),
        rowsOf(notesOf(k, byUser)),
        rowsOf(sessionsOf(k, byUser)),
        rowsOf(materialsOf(k, byUser)),
        rowsOf(emailJobsTo(k, { recipient: email.trim().toLowerCase() })),
        // Sent ones are kept 30 days (server/email/sent-email-repository.ts).
        sentEmails.sentTo(k, email),
        rowsOf(auditOf(k, byUser)),
      ]);
      return { accounts, bio: profile[0]?.bio ?? null, signIns, bookings, waitlist, reviews, notes, sessions, materials, emails, sent, audit };
    },

    /** When the account exported its own data since `since` (audit entries), oldest first. */
    async ownExportsSince(userId: string, since: Date): Promise<string[]> {
      return (await ownExportsSince(k, { userId, since: since.toISOString() })).rows.map((r) => r.at);
    },

    /** How many other admins can still act (not blocked); their rows locked until the unit of work ends. */
    async otherActiveAdmins(userId: string): Promise<number> {
      // Two admins deleting themselves at once must not leave none.
      return (await activeAdminsBut(k, { userId })).rows.length;
    },

    /** Bytes of a tutor's material files, from their records (is the archive large?). */
    async materialBytesOf(tutorId: string): Promise<number> {
      const row = (await materialBytesOfTutor(k, { userId: tutorId })).rows[0];
      return Number(row?.bytes ?? 0);
    },

    /** The stored files of a tutor's materials (for the archive of "Download my data"). */
    async materialFilesOf(tutorId: string) {
      return (await materialFilesOfTutor(k, { userId: tutorId })).rows;
    },

    /** The tutor's sessions whose class has not started and that have bookings or seat holds. */
    async upcomingBookedSessionsOf(tutorId: string, now: string) {
      return (await upcomingBookedSessionsOfTutor(k, { userId: tutorId, now })).rows;
    },

    /**
     * Erases the account's personal data and keeps what others rely on, anonymised: reviews (as
     * `anonymousName`), bookings of classes already held (attendance and payment records), a
     * tutor's sessions that had bookings. Returns the stored files to remove after the commit.
     */
    async erase(user: { id: string; role: string; email: string }, p: { anonymousName: string; tutorName: string; now: Date }): Promise<{ materialFiles: string[] }> {
      // A `.invalid` address cannot be signed up or set, but a row may hold this one all the same
      // (written before that rule, or by hand): then an address nobody can have taken.
      const holder = (await userByEmail(k, { email: deletedEmail(user.id) })).rows[0];
      const email = holder && holder.id !== user.id ? unguessableDeletedEmail(user.id) : deletedEmail(user.id);
      const nowText = p.now.toISOString();
      const byUser = { userId: user.id };
      await deleteNotesOf(k, byUser);
      await deleteWaitlistEntriesOf(k, byUser);
      await deleteAttendeesNamedBy(k, byUser);
      // Bookings released by the bookings feature earlier in this transaction; one made meanwhile
      // by another connection (PostgreSQL) goes here, its seat freed.
      const late = (await deleteUpcomingBookingsOf(k, { userId: user.id, now: nowText })).rows;
      for (const { sessionId, seats } of late) await freeSeats(k, { sessionId, seats: Number(seats) });
      await anonymiseBookingsOf(k, { userId: user.id, email });
      await anonymiseReviewsOf(k, { userId: user.id, name: p.anonymousName });

      // A tutor's materials are theirs: removed with their files. Sessions nobody booked go;
      // sessions with (past) bookings stay for their students' history, attributed anonymously.
      const materialFiles = (await deleteMaterialsOf(k, byUser)).rows.flatMap((m) => (m.fileKey ? [m.fileKey] : []));
      await deleteUnbookedSessionsOf(k, byUser);
      await anonymiseSessionsOf(k, { userId: user.id, tutorName: p.tutorName, email, now: nowText });

      // Signed out everywhere, no way to sign in again (no password, no Google link), email freed.
      await deleteSignInSessionsOf(k, byUser);
      await deleteAccountsOf(k, byUser);
      await deleteVerificationsOf(k, byUser);
      // Their private calendar feed link stops working.
      await deleteCalendarFeedOf(k, byUser);
      // A tutor's public bio goes with their name (the user row stays, so its cascade never runs).
      await deleteTutorProfileOf(k, byUser);
      // Which emails they wanted: no email goes to a deleted account anyway.
      await deleteOptOutsOf(k, byUser);
      // The emails sent to them, and failed sign-ins counted against their address.
      await sentEmails.removeFor(k, user.email);
      await deleteSignInFailuresOf(k, { email: user.email.toLowerCase() });
      await anonymiseUser(k, { id: user.id, name: p.anonymousName, email, updatedAt: authDate(p.now) });
      return { materialFiles };
    },
  };
}

export type MyDataRepository = ReturnType<typeof myDataRepository>;
