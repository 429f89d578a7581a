// Booking rules: only students; only approved sessions inside their
// registration window; once per student; capacity never exceeded (the repository's guarded
// transaction); a waitlist with automatic promotion; cancellation until the session's cutoff.
import { PAYMENT_HOLD_MINUTES, type Attendee, type BookSeriesResult, type BookedSession, type BookedSessionListItem, type BookedSessionPage, type BookedSessionsWhen, type BookSessionResult, type IfShort, type Roster } from '#contract/bookings.ts';
import type { Language } from '#i18n/languages.ts';
import type { CoreDeps } from '#server/core-deps.ts';
import { recordAdminAccess } from '#server/audit/admin-audit.ts';
import type { CurrentUser } from '#server/auth/current-user.ts';
import { decodeCursor, pageFrom } from '#server/db/keyset-cursor.ts';
import type { StudySessionRow } from '#server/db/schema.ts';
import type { Work } from '#server/db/unit-of-work.ts';
import { AppError, badRequest, conflict, forbidden, notFound, type ErrorWords } from '#server/errors.ts';
import { cancelDeadline, isRegistrationOpen, isTutorOf, sessionCalendar, toPublicSessionDto } from '#server/features/sessions/public.ts';
import { bookingEvent, webhookJobs } from '#server/features/webhooks/public.ts';
import { accountLanguageRepository } from '#server/i18n/account-language-repository.ts';
import { ScheduleBusyError } from '#server/jobs/jobs.ts';
import { bookingCancelledEmailJob, bookingEmailJobs, promotionEmailJobs, seriesBookingEmailJobs, type SeriesClassOutcome } from './booking-emails.ts';
import { bookingsRepository, type ListedEntryRow, type StudentEntryRow } from './bookings-repository.ts';
import { refundBookingJob } from './booking-refunds.ts';
import { EXPIRE_HOLDS_JOB } from './hold-expiry.ts';
import { seatHolds } from './seat-holds.ts';
import type { BookingPayments, SeatHold } from './booking-payments.ts';

/** How long a read waits for the hold expiry job held by another process (a run takes milliseconds). */
const READ_WAITS_FOR_EXPIRY_MS = 2_000;
const SESSION_CANCELLED = 'errors.bookings.sessionCancelled';
const isOwnEmail = (me: CurrentUser, email: string) => email.toLowerCase() === me.email.toLowerCase();
const MINUTE_MS = 60_000;

/** A booking's seats as the booker asked for them (docs/decisions/061-group-bookings.md). */
export interface GroupRequest {
  /** Who each seat is for; absent: one seat, the booker's own. */
  attendees?: Attendee[];
  /** When not all its seats are free; absent: refused, as a one-seat booking of a full session. */
  ifShort?: IfShort;
}

/** Whether releasing the booking at `now` refunds it: paid, and cancelling it now would refund it (before the cutoff). */
const isRefundable = (booking: { status: string; amountCents: number; classStartDate: string; cancellationCutoffHours: number }, now: Date): boolean =>
  booking.status === 'confirmed' && booking.amountCents > 0 && now.getTime() < cancelDeadline(booking).getTime();

/** A seat held for payment by a series booking, paid with the others it holds through one checkout. */
interface HeldForPayment {
  session: StudySessionRow;
  hold: SeatHold;
  /** Held by this booking (given back if no checkout can be opened), not one held before. */
  created: boolean;
}

/** What bookings are built from: the core, and the port to payments they own (filled in by server/app-deps.ts). */
export type BookingsDeps = CoreDeps & {
  /** Paid bookings go through payments, a feature above this one, by the port bookings own. */
  payments: BookingPayments;
};

export type BookingsService = ReturnType<typeof bookingsService>;

/** Built once per app, by server/app-deps.ts: its routes and "my data" share it. */
export function bookingsService(deps: BookingsDeps) {
  const bookings = bookingsRepository(deps.db.kysely);
  const languages = accountLanguageRepository(deps.db.kysely);
  const payments = deps.payments;
  const holds = seatHolds(deps);

  /**
   * A read found a hold past its time: the expiry job (hold-expiry.ts) runs now, not a sweep of our
   * own. If another process holds that job (running it, or crashed with its lease), the read waits
   * at most READ_WAITS_FOR_EXPIRY_MS and then answers with what is there: the job releases the
   * hold on its next run. A background job never fails a student's request.
   */
  const releaseDueHolds = async () => {
    try {
      await deps.jobs.runScheduleNow(EXPIRE_HOLDS_JOB, READ_WAITS_FOR_EXPIRY_MS);
    } catch (error) {
      if (!(error instanceof ScheduleBusyError)) throw error;
      deps.log.warn({ err: error }, 'hold expiry is busy in another process: answering without waiting for it');
    }
  };

  /** The entry's own fields, the same in a list and on the booking's page. */
  function entryFields(row: ListedEntryRow, me: CurrentUser, now: Date): Omit<BookedSession, 'session'> {
    const deadline = cancelDeadline(row, row.entryCreatedAt);
    return {
      id: row.entryId,
      sessionId: row.id,
      sessionTitle: row.title,
      // A tutor's email goes to the students who booked them, not to those waiting in line.
      tutorEmail: row.kind === 'waitlisted' ? null : row.tutorEmail,
      studentEmail: me.email,
      seats: row.seats,
      attendees: row.attendees,
      status: row.kind,
      placeInLine: row.kind === 'waitlisted' ? row.placeInLine : null,
      paymentDueBy: row.kind === 'awaiting_payment' ? row.holdExpiresAt : null,
      createdAt: row.entryCreatedAt,
      cancelUntil: deadline.toISOString(),
      // A cancelled class has nothing left to cancel (its payments were refunded when it was called off).
      canCancel: row.kind !== 'waitlisted' && row.status !== 'cancelled' && now.getTime() < deadline.getTime(),
      // Only a booked student reaches an online class (not while waiting or holding an unpaid seat).
      meetingUrl: row.kind === 'booked' ? row.meetingUrl : null,
      attendance: row.kind === 'booked' ? row.attendance : null,
    };
  }

  function toBookedSession(row: StudentEntryRow, me: CurrentUser, now: Date, language: Language): BookedSession {
    return { ...entryFields(row, me, now), session: toPublicSessionDto(row, me, now, language) };
  }

  /** An entry of a list: its session as the list's row shows it (contract bookedSessionSummarySchema). */
  function toBookedListItem(row: ListedEntryRow, me: CurrentUser, now: Date): BookedSessionListItem {
    return {
      ...entryFields(row, me, now),
      session: {
        id: row.id,
        title: row.title,
        tutorId: row.tutorId,
        tutorName: row.tutorName,
        classStartDate: row.classStartDate,
        classEndDate: row.classEndDate,
        durationMinutes: row.durationMinutes,
        tutorTimeZone: row.tutorTimeZone,
        status: row.status,
        locationKind: row.locationKind,
        registrationFee: row.registrationFeeCents / 100,
        seriesId: row.seriesId,
      },
    };
  }

  async function entryOf(me: CurrentUser, sessionId: string, language: Language): Promise<BookedSession> {
    let row = await bookings.entryOfStudent(me.id, sessionId, deps.now().toISOString());
    if (row?.holdDue) {
      // A hold whose time is up bears on this entry: its expiry job runs now, then read again.
      await releaseDueHolds();
      row = await bookings.entryOfStudent(me.id, sessionId, deps.now().toISOString());
    }
    if (!row) throw notFound('errors.bookings.notBooked');
    return toBookedSession(row, me, deps.now(), language);
  }

  /** A session a student may book or wait for now; the checks shared by both. */
  async function bookableSession(me: CurrentUser, sessionId: string, refusal: ErrorWords): Promise<StudySessionRow> {
    if (me.role !== 'student') throw forbidden(refusal);
    let found = await bookings.findSessionForStudent(sessionId, me.id, deps.now().toISOString());
    if (found?.holdsDue) {
      // Payment holds whose time is up are released first by their expiry job (their seats free
      // up, the line moves); then the session is read again.
      await releaseDueHolds();
      found = await bookings.findSessionForStudent(sessionId, me.id, deps.now().toISOString());
    }
    if (found?.session.status === 'cancelled') throw conflict(SESSION_CANCELLED);
    // Sessions not approved are not public: the same answer as a missing one.
    if (!found || found.session.status !== 'approved') throw notFound('errors.sessions.notFound');
    // Its tutor was blocked or made a student: no new seat, no place in line (decision 039).
    if (!found.tutorTeaches) throw conflict('errors.bookings.tutorUnavailable');
    const { session, ownBookingStatus: held } = found;
    // A seat held for payment may be paid for (again) until its hold ends, even after registration closes.
    if (held && held !== 'pending_payment') throw conflict('errors.bookings.alreadyBooked');
    if (!held && !isRegistrationOpen(session, deps.now())) throw conflict('errors.bookings.closed');
    if (session.registrationFeeCents > 0 && !payments.configured) throw conflict('errors.payments.notConfiguredBooking');
    return session;
  }

  /**
   * A released entry's webhooks, in the unit of its release: booking.cancelled for a booking (a
   * seat held for payment was never a booking: no booking.created went out for it), its refund
   * when one is made, and each student promoted from the line. `student` without an email: an
   * account being erased, whose address is not handed out again.
   */
  const releaseWebhooks = async (
    work: Work,
    session: StudySessionRow,
    student: { id: string; email?: string },
    booking: { id: string; status: string; amountCents: number },
    refunded: boolean,
    promoted: ReadonlyArray<{ studentId: string; email: string }>,
  ) => {
    const trx = await work.db();
    const causes = [
      ...(booking.status === 'confirmed' ? [bookingEvent('booking.cancelled', session, student)] : []),
      ...(refunded ? [bookingEvent('payment.refunded', session, student, { bookingId: booking.id, amountCents: booking.amountCents })] : []),
      ...promoted.map((next) => bookingEvent('waitlist.promoted', session, { id: next.studentId, email: next.email })),
    ];
    return (await Promise.all(causes.map((cause) => webhookJobs(trx, deps, cause)))).flat();
  };

  /**
   * A group booking, or one whose booker named its attendee or chose what happens when seats are
   * short (docs/decisions/061-group-bookings.md): every seat or none through the capacity guard
   * under the session's lock; else a place in line for all the seats, or the seats that are free.
   * A paid session holds the seats booked for fee × seats, paid through the same checkout.
   */
  async function bookGroup(me: CurrentUser, session: StudySessionRow, group: GroupRequest, language: Language): Promise<BookSessionResult> {
    const attendees = (group.attendees ?? []).map((a) => ({ name: a.name, email: a.email ?? null }));
    const seats = Math.max(1, attendees.length);
    if (seats > session.maxSeatsPerBooking) throw badRequest({ key: 'errors.bookings.tooManySeats', values: { max: session.maxSeatsPerBooking } });
    const now = deps.now();
    const paid = session.registrationFeeCents > 0;
    const hooks = paid ? [] : await webhookJobs(deps.db.kysely, deps, bookingEvent('booking.created', session, me));
    const outcome = await deps.db.unitOfWork(async (work) => {
      const result = await bookings.bookGroup(work, {
        sessionId: session.id,
        studentId: me.id,
        studentEmail: me.email,
        now: now.toISOString(),
        seats,
        attendees,
        ifShort: group.ifShort ?? 'refuse',
        ...(paid && { hold: { feeCents: session.registrationFeeCents, expiresAt: new Date(now.getTime() + PAYMENT_HOLD_MINUTES * MINUTE_MS).toISOString() } }),
      });
      // A free booking's emails and webhooks commit with it; a paid one's when its payment is seen (seat-holds.ts).
      if (result.kind === 'booked' && !paid) work.enqueue([...bookingEmailJobs(session, me, { promotedFromWaitlist: false }).map(deps.jobs.row), ...hooks]);
      return result;
    });
    if (outcome.kind === 'full') throw conflict('errors.bookings.full');
    if (outcome.kind === 'duplicate') throw conflict('errors.bookings.alreadyBooked');
    if (outcome.kind === 'waiting') throw conflict('errors.bookings.groupWhileWaiting');
    if (outcome.kind === 'booked' && paid) {
      const hold = await holds.find(outcome.bookingId);
      if (!hold) throw conflict('errors.bookings.holdEnded');
      try {
        const { checkoutUrl } = await payments.checkout(me, session, hold);
        return { ...(await entryOf(me, session.id, language)), checkoutUrl };
      } catch (error) {
        await holds.release(hold);
        throw error;
      }
    }
    return { ...(await entryOf(me, session.id, language)), checkoutUrl: null };
  }

  /**
   * Books one class. `emails: false`: its booking's two emails are left to the caller, who tells
   * of several bookings in one email (a series, docs/decisions/064-series.md); the webhooks are
   * the booking's own either way.
   */
  async function bookOne(me: CurrentUser, sessionId: string, language: Language, group: GroupRequest, opts: { emails: boolean; pay?: (held: HeldForPayment) => void }): Promise<BookSessionResult> {
      // Expired payment holds are swept inside bookableSession when there are any.
      const session = await bookableSession(me, sessionId, 'errors.bookings.cannotBook');
      // Named attendees or a choice for when seats are short: the group's way (one seat of the booker's own keeps the way below).
      if (group.attendees || group.ifShort) return bookGroup(me, session, group, language);
      if (session.registrationFeeCents > 0) {
        // Paid: a seat held here and a page to pay on from payments; booked once the payment is
        // seen (seat-holds.ts confirm). A new hold nobody can pay for goes back at once.
        const { hold, created } = await holds.holdFor(me, session);
        if (opts.pay) {
          // Paid later with other holds, through one page (a series, docs/decisions/064-series.md).
          opts.pay({ session, hold, created });
          return { ...(await entryOf(me, sessionId, language)), checkoutUrl: null };
        }
        let checkoutUrl: string;
        try {
          ({ checkoutUrl } = await payments.checkout(me, session, hold));
        } catch (error) {
          if (created) await holds.release(hold);
          throw error;
        }
        return { ...(await entryOf(me, sessionId, language)), checkoutUrl };
      }
      const now = deps.now();
      // The booking and its two emails commit together.
      const emails = opts.emails ? bookingEmailJobs(session, me, { promotedFromWaitlist: false }).map(deps.jobs.row) : [];
      // Read before the unit: its one write is the guarded booking, the jobs its last steps.
      const hooks = await webhookJobs(deps.db.kysely, deps, bookingEvent('booking.created', session, me));
      const outcome = await deps.db.unitOfWork(async (work) => {
        work.enqueue([...emails, ...hooks]);
        return bookings.book(work, { sessionId, studentId: me.id, studentEmail: me.email, now: now.toISOString() });
      });
      if (outcome.kind === 'full') throw conflict('errors.bookings.full');
      if (outcome.kind === 'duplicate') throw conflict('errors.bookings.alreadyBooked');
      // The new entry is known without reading it back: the session as the seat update left it.
      const booked = toBookedSession(
        { ...session, bookedCount: outcome.bookedCount, updatedAt: now.toISOString(), entryId: outcome.bookingId, entryCreatedAt: now.toISOString(), kind: 'booked', holdExpiresAt: null, placeInLine: 0, holdDue: false, attendance: null, seats: 1, attendees: [] },
        me,
        now,
        language,
      );
      return { ...booked, checkoutUrl: null };
  }

  const service = {
    book(me: CurrentUser, sessionId: string, language: Language, group: GroupRequest = {}): Promise<BookSessionResult> {
      return bookOne(me, sessionId, language, group, { emails: true });
    },

    /** A student's entries; an admin's read of another student's is recorded before it is answered (decision 040). */
    async listForStudent(me: CurrentUser, email: string, page: { limit: number; cursor?: string; when?: BookedSessionsWhen }, ip: string | null = null): Promise<BookedSessionPage> {
      if (!isOwnEmail(me, email) && me.role !== 'admin') throw forbidden('errors.bookings.seeOwn');
      const after = decodeCursor(page.cursor, ['string', 'string'] as const);
      const student = isOwnEmail(me, email) ? me : await bookings.findUserIdByEmail(email);
      if (!student) throw notFound('errors.users.noUserEmail');
      const { when } = page;
      // Every entry by booking time (the API's first order), or one of Booked Sessions' sections by class time.
      const read = () =>
        when ? bookings.entriesByClass(student.id, when, page.limit + 1, deps.now().toISOString(), after) : bookings.entriesOfStudent(student.id, page.limit + 1, deps.now().toISOString(), after);
      let rows = await read();
      if (rows.some((row) => row.holdDue)) {
        // Payment holds whose time is up bear on this list (the student's own, or one in a session
        // they wait for): their expiry job runs now (seats free up, the line moves), then read
        // again. Other holds are left to the job's next run (hold-expiry.ts).
        await releaseDueHolds();
        rows = await read();
      }
      const { items, nextCursor } = pageFrom(rows, page.limit, (r) => (when ? [r.classStartDate, r.entryId] : [r.entryCreatedAt, r.entryId]));
      const now = deps.now();
      await recordAdminAccess(deps.db.kysely, { me, ip }, student, { action: 'user.bookings_viewed', targetType: 'user', targetId: student.id, details: { email: student.email, entries: items.length } }, now);
      return { items: items.map((row) => ({ ...toBookedListItem(row, me, now), studentEmail: student.email })), nextCursor };
    },

    async view(me: CurrentUser, sessionId: string, language: Language): Promise<BookedSession> {
      if (me.role !== 'student') throw forbidden('errors.bookings.studentsOnly');
      return entryOf(me, sessionId, language);
    },

    async cancel(me: CurrentUser, email: string, sessionId: string): Promise<void> {
      if (!isOwnEmail(me, email)) throw forbidden('errors.bookings.cancelOwn');
      const session = await bookings.findSession(sessionId);
      const booking = await bookings.findBooking(sessionId, me.id);
      if (!session || !booking) throw notFound('errors.bookings.notBooked');
      // Its bookings stay for history; paid ones were refunded when it was called off.
      if (session.status === 'cancelled') throw conflict('errors.bookings.cancelledNothing');
      // A class its tutor moved after this booking: cancellable (refunded in full) for 48 hours after the move, whatever the cutoff.
      if (deps.now().getTime() >= cancelDeadline(session, booking.createdAt).getTime()) {
        throw conflict({ key: 'errors.bookings.cutoff', values: { hours: session.cancellationCutoffHours } });
      }
      // Refund first: if the refund fails the booking stays, never money kept for a cancelled seat.
      if (booking.status === 'confirmed' && booking.amountCents > 0) await payments.refundBooking(booking);
      // A confirmed booking was in the student's calendar: the email's .ics takes it out.
      const cancelledMail = booking.status === 'confirmed' ? [bookingCancelledEmailJob(session, me, booking.amountCents)] : [];
      const result = await deps.db.unitOfWork(async (work) => {
        const cancelled = await bookings.cancel(work, { sessionId, studentId: me.id, now: deps.now().toISOString() });
        if (cancelled) work.enqueue([...cancelledMail, ...promotionEmailJobs(session, cancelled.promoted)].map(deps.jobs.row));
        if (cancelled) work.enqueue(await releaseWebhooks(work, session, me, booking, booking.status === 'confirmed' && booking.amountCents > 0, cancelled.promoted));
        return cancelled;
      });
      if (!result) throw notFound('errors.bookings.notBooked');
    },

    /**
     * What deleting the student's account does to their bookings (features/my-data): every
     * booking and seat hold on a class not started yet is released, whatever the cutoff, with
     * waitlist promotion; a paid one is refunded only when cancelling it would be (before the
     * cutoff), never more. `work` is the erasure's unit of work: the releases commit with it and the
     * refunds are jobs written in it (booking-refunds.ts), as are their webhooks, so a failed
     * erasure releases, refunds and tells nothing (docs/decisions/038-account-erasure-and-exports.md).
     * Bookings of classes already started stay: they are the tutor's attendance and payment records.
     */
    async releaseAllOf(work: Work, studentId: string): Promise<{ cancelled: number; refunded: number }> {
      const now = deps.now();
      const inUnit = bookingsRepository(await work.db());
      let cancelled = 0;
      let refunded = 0;
      for (const booking of await inUnit.upcomingBookingsOf(studentId, now.toISOString())) {
        const session = await inUnit.findSession(booking.sessionId);
        if (!session) continue;
        const refund = isRefundable(booking, now) ? [refundBookingJob(booking)] : [];
        const result = await bookings.cancel(work, { sessionId: booking.sessionId, studentId, now: now.toISOString() });
        if (!result) continue;
        work.enqueue([...refund, ...promotionEmailJobs(session, result.promoted)].map(deps.jobs.row));
        work.enqueue(await releaseWebhooks(work, session, { id: studentId }, booking, refund.length > 0, result.promoted));
        cancelled++;
        refunded += refund.length;
      }
      return { cancelled, refunded };
    },

    /** What releaseAllOf would do now, said before the account's owner confirms its deletion. */
    async releasePreviewOf(studentId: string): Promise<{ cancelled: number; refunded: number; notRefunded: number }> {
      const now = deps.now();
      const upcoming = await bookings.upcomingBookingsOf(studentId, now.toISOString());
      const refunded = upcoming.filter((b) => isRefundable(b, now)).length;
      const paid = upcoming.filter((b) => b.status === 'confirmed' && b.amountCents > 0).length;
      return { cancelled: upcoming.length, refunded, notRefunded: paid - refunded };
    },

    async joinWaitlist(me: CurrentUser, sessionId: string, language: Language): Promise<BookedSession> {
      await bookableSession(me, sessionId, 'errors.bookings.waitlistStudents');
      const outcome = await deps.db.unitOfWork((work) => bookings.joinWaitlist(work, { sessionId, studentId: me.id, now: deps.now().toISOString() }));
      if (outcome === 'duplicate') throw conflict('errors.bookings.alreadyWaiting');
      if (outcome === 'booked') throw conflict('errors.bookings.alreadyBooked');
      if (outcome === 'not_full') throw conflict('errors.bookings.notFull');
      return entryOf(me, sessionId, language);
    },

    async leaveWaitlist(me: CurrentUser, sessionId: string): Promise<void> {
      if (me.role !== 'student') throw forbidden('errors.bookings.leaveStudents');
      if (!(await bookings.leaveWaitlist(sessionId, me.id))) throw notFound('errors.bookings.notWaiting');
    },

    /** Who booked and who waits; an admin's read is recorded before it is answered (decision 040). */
    async roster(me: CurrentUser, sessionId: string, page: { limit: number; cursor?: string }, ip: string | null = null): Promise<Roster> {
      const after = decodeCursor(page.cursor, ['number', 'string', 'string'] as const);
      const session = await bookings.findSession(sessionId);
      if (!session) throw notFound('errors.sessions.notFound');
      if (me.role !== 'admin' && !isTutorOf(session, me)) throw forbidden('errors.bookings.rosterRoles');
      const rows = await bookings.roster(sessionId, page.limit + 1, after);
      const { items, nextCursor } = pageFrom(rows, page.limit, (r) => [r.grp, r.since, r.entryId]);
      const firstWaiting = items.find((r) => r.grp === 1);
      // The waitlist part of a page is in line order: number it from its first entry's place.
      const firstPlace = firstWaiting ? await bookings.placeInLine(sessionId, { createdAt: firstWaiting.since, id: firstWaiting.entryId }) : 0;
      // Each group's named attendees, listed under its booker.
      const attendees = items.length > 0 ? await bookings.attendeesOf(sessionId) : new Map<string, Array<{ name: string; email: string | null }>>();
      await recordAdminAccess(deps.db.kysely, { me, ip }, { id: session.tutorId }, { action: 'session.roster_viewed', targetType: 'session', targetId: session.id, details: { title: session.title, tutorEmail: session.tutorEmail, students: items.length } }, deps.now());
      let waitingIndex = 0;
      return {
        items: items.map((r) => ({
          studentId: r.studentId,
          name: r.name,
          email: r.email,
          status: r.grp === 1 ? ('waitlisted' as const) : r.held ? ('awaiting_payment' as const) : ('booked' as const),
          placeInLine: r.grp === 0 ? null : firstPlace + waitingIndex++,
          since: r.since,
          attendance: r.grp === 0 ? r.attendance : null,
          seats: r.seats,
          attendees: attendees.get(r.studentId) ?? [],
        })),
        nextCursor,
        bookedCount: session.bookedCount,
        waitlistCount: await bookings.waitlistCount(sessionId),
        maxParticipants: session.maxParticipants,
      };
    },

    async calendar(me: CurrentUser, email: string, sessionId: string): Promise<{ filename: string; body: string; contentType: string }> {
      if (!isOwnEmail(me, email)) throw forbidden('errors.bookings.downloadOwn');
      const session = await bookings.findSession(sessionId);
      // A seat held for payment is not a booking yet: its event would carry the meeting link.
      if (!session || (await bookings.findBooking(sessionId, me.id))?.status !== 'confirmed') throw notFound('errors.bookings.notBooked');
      // In the language of the student it is for, whoever asks.
      return sessionCalendar(deps, await languages.translatorOf(me.id), session, me);
    },

    /**
     * A student books a series from one of its classes on, in one action (docs/decisions/064-series.md):
     * each class as booking it alone would (the capacity guard, a paid class's hold), and the
     * waitlist of each full one (each promoted on its own); the paid classes held are paid through
     * one checkout for the sum of their fees. A class already booked or waited for, closed or
     * called off is left as it is and said so. Each class is its own booking: one that fails for
     * another reason stops here, those before it stay booked (or held, and payable).
     */
    async bookSeries(me: CurrentUser, seriesId: string, fromSessionId: string, language: Language): Promise<BookSeriesResult> {
      if (me.role !== 'student') throw forbidden('errors.bookings.cannotBook');
      const from = await bookings.findSession(fromSessionId);
      // A class of another series, or one not public, is not a place to start from.
      if (!from || from.seriesId !== seriesId || (from.status !== 'approved' && from.status !== 'cancelled')) throw notFound('errors.sessions.notFound');
      let items: BookSeriesResult['items'] = [];
      const held: HeldForPayment[] = [];
      let payment: { url: string; amountCents: number } | null = null;
      let failure: unknown;
      try {
        for (const session of await bookings.seriesClassesFrom(seriesId, from.classStartDate)) {
          const item = { sessionId: session.id, classStartDate: session.classStartDate, placeInLine: null, checkoutUrl: null };
          if (session.status !== 'approved') {
            items.push({ ...item, outcome: 'closed' });
            continue;
          }
          items.push({ ...item, ...(await seriesClassOutcome(me, session.id, language, (h) => held.push(h))) });
        }
      } catch (error) {
        failure = error;
      }
      // The paid classes held are paid together, through one checkout for the sum of their fees,
      // even after a failure (the classes before it stay held); each hold records its share.
      // Waitlisted classes are not charged: a seat offered later is paid on its own.
      if (held.length > 0) {
        try {
          const { checkoutUrl, amountCents } = await payments.checkoutMany(me, held);
          payment = { url: checkoutUrl, amountCents };
          items = items.map((i) => (i.outcome === 'awaiting_payment' ? { ...i, checkoutUrl } : i));
        } catch (error) {
          // Nobody can pay for the seats this booking held: they go back at once, and are not told of.
          const released = new Set(held.filter((h) => h.created).map((h) => h.hold.sessionId));
          for (const h of held) if (h.created) await holds.release(h.hold);
          items = items.filter((i) => !released.has(i.sessionId));
          failure ??= error;
        }
      }
      // One email for the series, not one per class: each class committed on its own (its
      // booking and webhooks, without emails), so the email follows in its own unit of work and
      // lists only what committed, the classes before a failure included (decision 064).
      const told: SeriesClassOutcome[] = items.map((i) => ({ sessionId: i.sessionId, outcome: i.outcome, placeInLine: i.placeInLine }));
      if (told.some((c) => c.outcome !== 'already' && c.outcome !== 'closed')) {
        await deps.db.unitOfWork(async (work) => work.enqueue(seriesBookingEmailJobs(seriesId, me, told, payment).map(deps.jobs.row)));
      }
      if (failure !== undefined) throw failure;
      return {
        items,
        booked: items.filter((i) => i.outcome === 'booked' || i.outcome === 'awaiting_payment').length,
        waitlisted: items.filter((i) => i.outcome === 'waitlisted').length,
        checkoutUrl: payment?.url ?? null,
        amountDue: (payment?.amountCents ?? 0) / 100,
      };
    },
  };

  /** What booking one class of a series does: a seat, else (full) a place in line; a seat freed meanwhile is tried once more. */
  async function seriesClassOutcome(
    me: CurrentUser,
    sessionId: string,
    language: Language,
    pay: (held: HeldForPayment) => void,
    again = true,
  ): Promise<Pick<BookSeriesResult['items'][number], 'outcome' | 'placeInLine' | 'checkoutUrl'>> {
    const refused = (error: unknown) => (error instanceof AppError ? error.words.key : null);
    try {
      const booked = await bookOne(me, sessionId, language, {}, { emails: false, pay });
      return { outcome: booked.status === 'awaiting_payment' ? 'awaiting_payment' : 'booked', placeInLine: null, checkoutUrl: booked.checkoutUrl };
    } catch (error) {
      const key = refused(error);
      if (key === 'errors.bookings.alreadyBooked') return { outcome: 'already', placeInLine: null, checkoutUrl: null };
      if (key === 'errors.bookings.closed' || key === 'errors.bookings.sessionCancelled' || key === 'errors.bookings.tutorUnavailable' || key === 'errors.sessions.notFound') return { outcome: 'closed', placeInLine: null, checkoutUrl: null };
      if (key !== 'errors.bookings.full') throw error;
    }
    try {
      const waiting = await service.joinWaitlist(me, sessionId, language);
      return { outcome: 'waitlisted', placeInLine: waiting.placeInLine, checkoutUrl: null };
    } catch (error) {
      const key = refused(error);
      if (key === 'errors.bookings.alreadyWaiting' || key === 'errors.bookings.alreadyBooked') return { outcome: 'already', placeInLine: null, checkoutUrl: null };
      if (key === 'errors.bookings.notFull' && again) return seriesClassOutcome(me, sessionId, language, pay, false);
      throw error;
    }
  }

  return service;
}
