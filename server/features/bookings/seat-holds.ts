// Seat holds are a bookings concept (the seat count is theirs): a paid session's seat is held for
// PAYMENT_HOLD_MINUTES while the student pays, and a waitlist offer for WAITLIST_OFFER_HOURS
// (both in contract/bookings.ts). Bookings create, confirm, release and expire them
// (hold-expiry.ts); payments only settles: it asks for a hold's page to pay on and reports a
// payment it has seen through `confirm`.
import { PAYMENT_HOLD_MINUTES } from '#contract/bookings.ts';
import type { CoreDeps } from '#server/core-deps.ts';
import type { CurrentUser } from '#server/auth/current-user.ts';
import type { StudySessionRow } from '#server/db/schema.ts';
import { conflict } from '#server/errors.ts';
import { bookingEvent, webhookJobs } from '#server/features/webhooks/public.ts';
import { bookingEmailJobs, promotionEmailJobs } from './booking-emails.ts';
import { bookingsRepository } from './bookings-repository.ts';
import { passedReminders } from './class-reminders.ts';

const MINUTE_MS = 60_000;

/** A held seat waiting for its payment. */
export interface SeatHold {
  id: string;
  sessionId: string;
  studentId: string;
  status: string;
  /** The payment (its checkout's id at the provider) now paying for it, if one was started. */
  paymentRef: string | null;
  /** The provider of paymentRef (a registered provider's name). */
  paymentProvider: string | null;
  amountCents: number;
  /** Seats held: the price is the session's fee times these (docs/decisions/061-group-bookings.md). */
  seats: number;
  /** When the hold ends (null once booked). */
  holdExpiresAt: string | null;
}

export function seatHolds(deps: CoreDeps) {
  const bookings = bookingsRepository(deps.db.kysely);

  return {
    /**
     * The caller's hold on a paid session: the one they have (to pay for again), or a new one
     * ending PAYMENT_HOLD_MINUTES from now. `created` says which, so a hold nobody can pay for
     * is given back at once.
     */
    async holdFor(me: CurrentUser, session: StudySessionRow): Promise<{ hold: SeatHold; created: boolean }> {
      const existing = await bookings.findBooking(session.id, me.id);
      if (existing) {
        if (existing.status !== 'pending_payment') throw conflict('errors.bookings.alreadyBooked');
        return { hold: existing, created: false };
      }
      const now = deps.now();
      const outcome = await deps.db.unitOfWork((work) =>
        bookings.book(work, {
        sessionId: session.id,
        studentId: me.id,
        studentEmail: me.email,
        now: now.toISOString(),
        hold: { amountCents: session.registrationFeeCents, expiresAt: new Date(now.getTime() + PAYMENT_HOLD_MINUTES * MINUTE_MS).toISOString() },
        }),
      );
      if (outcome.kind === 'full') throw conflict('errors.bookings.full');
      if (outcome.kind === 'duplicate') throw conflict('errors.bookings.alreadyBooked');
      const hold = await bookings.findBookingById(outcome.bookingId);
      if (!hold) throw conflict('errors.bookings.holdEnded');
      return { hold, created: true };
    },

    find(id: string): Promise<SeatHold | undefined> {
      return bookings.findBookingById(id);
    },

    /** Records the payment started for a hold; false when the hold has ended meanwhile. */
    attachPayment(hold: Pick<SeatHold, 'id'>, payment: { provider: string; ref: string }, amountCents: number): Promise<boolean> {
      return bookings.attachPayment(hold.id, payment, amountCents);
    },

    /**
     * The hold's payment was seen: held → booked, with the booking emails and the booking.created
     * webhooks in the same transaction (a paid booking is created here, not at its hold); false
     * when nothing changed, and then nothing is sent (a second sight of the same payment).
     */
    async confirm(hold: Pick<SeatHold, 'id' | 'sessionId' | 'studentId' | 'amountCents'>, paymentRef: string): Promise<boolean> {
      const student = await bookings.findStudent(hold.studentId);
      const emails = student ? bookingEmailJobs({ id: hold.sessionId }, student, { promotedFromWaitlist: false }).map(deps.jobs.row) : [];
      // Booked now: a reminder whose moment passed while the seat was only held is not sent late.
      const session = await bookings.findSession(hold.sessionId);
      // Read before the unit: its one write is the guarded confirmation, the jobs its last steps.
      const hooks = session && student ? await webhookJobs(deps.db.kysely, deps, bookingEvent('booking.created', session, student, { amountCents: hold.amountCents })) : [];
      return deps.db.unitOfWork(async (work) => {
        work.enqueue([...emails, ...hooks]);
        return bookings.confirmHold(work, hold.id, paymentRef, session ? passedReminders(session.classStartDate, deps.now()) : undefined);
      });
    },

    /** Gives a held seat back at once (the first in line moves up, emailed in the same transaction). */
    async release(hold: Pick<SeatHold, 'sessionId' | 'studentId'>): Promise<boolean> {
      const session = await bookings.findSession(hold.sessionId);
      return deps.db.unitOfWork(async (work) => {
        const result = await bookings.cancel(work, { sessionId: hold.sessionId, studentId: hold.studentId, now: deps.now().toISOString() });
        if (result && session) work.enqueue(promotionEmailJobs(session, result.promoted).map(deps.jobs.row));
        return result !== null;
      });
    },
  };
}

export type SeatHolds = ReturnType<typeof seatHolds>;
