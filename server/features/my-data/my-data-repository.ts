// The only SQL of "my data": what an account's export reads, and the erasure of an account.
// Reads better-auth's tables too (user, account, session), whose dates and booleans differ by
// dialect (see server/db/schema.ts).
import { authColumns } from '#server/db/auth-columns.ts';
import type { Kysely, Transaction } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { Database } from '#server/db/schema.ts';
import { sentEmailRepository } from '#server/email/sent-email-repository.ts';

/** The address a deleted account keeps: unique, never deliverable (RFC 2606), frees the real one. */
export const deletedEmail = (id: string) => `deleted-${id}@deleted.invalid`;
export const isDeletedEmail = (email: string) => email.endsWith('@deleted.invalid');

export function myDataRepository(db: Db) {
  const k = db.kysely;
  const { date: authDate, bool } = authColumns(db.dialect);
  const sentEmails = sentEmailRepository(k);

  return {
    findUser(id: string) {
      return k.selectFrom('user').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findUserByEmail(email: string) {
      return k.selectFrom('user').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
    },

    /** Everything the export shows, read in one go. */
    async exportOf(userId: string, email: string) {
      const [accounts, profile, signIns, bookings, waitlist, reviews, notes, sessions, materials, emails, sent, audit] = await Promise.all([
        k.selectFrom('account').select('providerId').where('userId', '=', userId).orderBy('providerId').execute(),
        k.selectFrom('tutor_profile').select('bio').where('userId', '=', userId).executeTakeFirst(),
        k.selectFrom('session').select(['createdAt', 'expiresAt', 'ipAddress', 'userAgent']).where('userId', '=', userId).orderBy('createdAt').execute(),
        k
          .selectFrom('booking as b')
          .innerJoin('study_session as s', 's.id', 'b.sessionId')
          .select(['b.id', 'b.sessionId', 's.title as sessionTitle', 's.classStartDate', 's.classEndDate', 'b.status', 'b.amountCents', 'b.holdExpiresAt', 'b.attendance', 'b.attendanceMarkedAt', 'b.paymentRef', 'b.createdAt'])
          .where('b.studentId', '=', userId)
          .orderBy('b.createdAt')
          .execute(),
        k
          .selectFrom('waitlist_entry as w')
          .innerJoin('study_session as s', 's.id', 'w.sessionId')
          .select(['w.sessionId', 's.title as sessionTitle', 'w.createdAt'])
          .where('w.studentId', '=', userId)
          .orderBy('w.createdAt')
          .execute(),
        k
          .selectFrom('review as r')
          .innerJoin('study_session as s', 's.id', 'r.sessionId')
          .select(['r.id', 'r.sessionId', 's.title as sessionTitle', 'r.rating', 'r.review', 'r.createdAt', 'r.updatedAt'])
          .where('r.studentId', '=', userId)
          .orderBy('r.createdAt')
          .execute(),
        k.selectFrom('note').select(['id', 'title', 'details', 'createdAt', 'updatedAt']).where('studentId', '=', userId).orderBy('createdAt').execute(),
        k.selectFrom('study_session').selectAll().where('tutorId', '=', userId).orderBy('createdAt').execute(),
        k.selectFrom('material').selectAll().where('tutorId', '=', userId).orderBy('createdAt').execute(),
        // Emails are jobs until sent (server/email/outbox.ts); the address is inside the payload.
        k.selectFrom('job').select(['payload', 'status', 'createdAt']).where('kind', '=', 'email').where('payload', 'like', `%${JSON.stringify(email).slice(1, -1)}%`).orderBy('createdAt').execute(),
        // Sent ones are kept 30 days (server/email/sent-email-repository.ts).
        sentEmails.sentTo(k, email),
        k.selectFrom('audit_log').selectAll().where((eb) => eb.or([eb('actorId', '=', userId), eb('targetId', '=', userId)])).orderBy('at').orderBy('id').execute(),
      ]);
      return { accounts, bio: profile?.bio ?? null, signIns, bookings, waitlist, reviews, notes, sessions, materials, emails, sent, audit };
    },

    /** How many other admins can still act (not blocked); locked until the transaction ends on PostgreSQL. */
    async otherActiveAdmins(executor: Kysely<Database>, userId: string): Promise<number> {
      let q = executor.selectFrom('user').select('id').where('role', '=', 'admin').where('blocked', '=', bool(false)).where('id', '!=', userId);
      // Two admins deleting themselves at once must not leave none (SQLite has one writer anyway).
      if (db.dialect === 'postgres' && executor.isTransaction) q = q.forUpdate();
      return (await q.execute()).length;
    },

    /** Bytes of a tutor's material files, from their records (is the archive large?). */
    async materialBytesOf(tutorId: string): Promise<number> {
      const row = await k.selectFrom('material').select((eb) => eb.fn.sum<number | string | null>('fileSize').as('bytes')).where('tutorId', '=', tutorId).executeTakeFirst();
      return Number(row?.bytes ?? 0);
    },

    /** The stored files of a tutor's materials (for the archive of "Download my data"). */
    materialFilesOf(tutorId: string) {
      return k.selectFrom('material').select(['id', 'fileKey', 'fileName']).where('tutorId', '=', tutorId).where('fileKey', 'is not', null).orderBy('createdAt').execute();
    },

    /** The tutor's sessions whose class has not started and that have bookings or seat holds. */
    upcomingBookedSessionsOf(executor: Kysely<Database>, tutorId: string, now: string) {
      return executor
        .selectFrom('study_session as s')
        .select(['s.id', 's.title'])
        .where('s.tutorId', '=', tutorId)
        .where('s.classStartDate', '>', now)
        .where((eb) => eb.exists(eb.selectFrom('booking as b').select('b.id').whereRef('b.sessionId', '=', 's.id')))
        .orderBy('s.classStartDate')
        .execute();
    },

    /** Runs `work` in one transaction: the checks, the erasure and its audit entry commit together. */
    transaction<T>(work: (tx: Transaction<Database>) => Promise<T>): Promise<T> {
      return k.transaction().execute(work);
    },

    /**
     * Erases the account's personal data and keeps what others rely on, anonymised: reviews (as
     * `anonymousName`), bookings of classes already held (attendance and payment records), a
     * tutor's sessions that had bookings. Returns the stored files to remove after the commit.
     */
    async erase(tx: Transaction<Database>, user: { id: string; role: string; email: string }, p: { anonymousName: string; tutorName: string; now: Date }): Promise<{ materialFiles: string[] }> {
      const email = deletedEmail(user.id);
      const nowText = p.now.toISOString();
      await tx.deleteFrom('note').where('studentId', '=', user.id).execute();
      await tx.deleteFrom('waitlist_entry').where('studentId', '=', user.id).execute();
      // Bookings made after the cancellations ran (the account was still signed in): seats freed.
      const late = await tx
        .deleteFrom('booking')
        .where('studentId', '=', user.id)
        .where((eb) => eb('sessionId', 'in', eb.selectFrom('study_session').select('id').where('classStartDate', '>', nowText)))
        .returning('sessionId')
        .execute();
      for (const { sessionId } of late) {
        await tx.updateTable('study_session').set((eb) => ({ bookedCount: eb('bookedCount', '-', 1) })).where('id', '=', sessionId).execute();
      }
      await tx.updateTable('booking').set({ studentEmail: email }).where('studentId', '=', user.id).execute();
      await tx.updateTable('review').set({ studentName: p.anonymousName }).where('studentId', '=', user.id).execute();

      // A tutor's materials are theirs: removed with their files. Sessions nobody booked go;
      // sessions with (past) bookings stay for their students' history, attributed anonymously.
      const materialFiles = (await tx.deleteFrom('material').where('tutorId', '=', user.id).returning('fileKey').execute()).flatMap((m) => (m.fileKey ? [m.fileKey] : []));
      await tx
        .deleteFrom('study_session')
        .where('tutorId', '=', user.id)
        .where((eb) => eb.not(eb.exists(eb.selectFrom('booking as b').select('b.id').whereRef('b.sessionId', '=', 'study_session.id'))))
        .execute();
      await tx.updateTable('study_session').set({ tutorName: p.tutorName, tutorEmail: email, updatedAt: nowText }).where('tutorId', '=', user.id).execute();

      // Signed out everywhere, no way to sign in again (no password, no Google link), email freed.
      await tx.deleteFrom('session').where('userId', '=', user.id).execute();
      await tx.deleteFrom('account').where('userId', '=', user.id).execute();
      await tx.deleteFrom('verification').where('value', '=', user.id).execute();
      // Their private calendar feed link stops working (issue 19).
      await tx.deleteFrom('calendar_feed').where('userId', '=', user.id).execute();
      // A tutor's public bio goes with their name.
      await tx.deleteFrom('tutor_profile').where('userId', '=', user.id).execute();
      // Which emails they wanted: no email goes to a deleted account anyway.
      await tx.deleteFrom('notification_opt_out').where('userId', '=', user.id).execute();
      // The emails sent to them, and failed sign-ins counted against their address.
      await sentEmails.removeFor(tx, user.email);
      await tx.deleteFrom('sign_in_failure').where('email', '=', user.email.toLowerCase()).execute();
      // A tutor's public bio (the row stays, so its cascade never runs).
      await tx.deleteFrom('tutor_profile').where('userId', '=', user.id).execute();
      await tx
        .updateTable('user')
        .set({ name: p.anonymousName, email, image: null, emailVerified: bool(false), blocked: bool(true), lastSeen: null, updatedAt: authDate(p.now) })
        .where('id', '=', user.id)
        .execute();
      return { materialFiles };
    },
  };
}

export type MyDataRepository = ReturnType<typeof myDataRepository>;
