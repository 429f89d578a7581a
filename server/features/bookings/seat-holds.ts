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
import { bookingEmailJobs, promotionEmailJobs, seriesBookingEmailJobs } from './booking-emails.ts';
import { refundBookingJob } from './booking-refunds.ts';
import { bookingsRepository } from './bookings-repository.ts';
import type { SeatHold } from './booking-payments.ts';
import { passedReminders } from './class-reminders.ts';

const MINUTE_MS = 60_000;

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

    /**
     * Records the payment started for a hold, at its price; `totalCents` when the payment is
     * shared by several holds (then the price is the hold's share). False when the hold has ended meanwhile.
     */
    attachPayment(hold: Pick<SeatHold, 'id'>, payment: { provider: string; ref: string }, amountCents: number, totalCents: number | null = null): Promise<boolean> {
      return bookings.attachPayment(hold.id, payment, amountCents, totalCents);
    },

    /** The caller's holds and bookings a payment pays for: one, or the classes of a series paid at once. */
    paidWith(studentId: string, paymentRef: string): Promise<SeatHold[]> {
      return bookings.paidWith(studentId, paymentRef);
    },

    /**
     * A payment of `paidCents` was seen for the holds it pays for (paidWith): every one still held
     * → booked, in one unit of work with each one's booking.created webhook (a paid booking is
     * created here, not at its hold) and the emails: a payment of its own sends that class's
     * confirmation and tutor notice; a payment several classes of a series share sends the series'
     * one email and notice (docs/decisions/064-series.md), and the part of the classes no longer
     * held (their hold ended before the payment arrived) is refunded by a job of the same unit.
     * False when nothing changed, and then nothing is sent or refunded (a second sight of the
     * same payment).
     */
    async confirm(paid: readonly SeatHold[], paymentRef: string, paidCents: number): Promise<boolean> {
      const held = paid.filter((h) => h.status === 'pending_payment' && h.paymentRef === paymentRef);
      const first = held[0];
      if (!first) return false;
      const student = await bookings.findStudent(first.studentId);
      // Read before the unit: its writes are the guarded confirmations, the jobs its last steps.
      const classes = await Promise.all(
        held.map(async (hold) => {
          const session = await bookings.findSession(hold.sessionId);
          const hooks = session && student ? await webhookJobs(deps.db.kysely, deps, bookingEvent('booking.created', session, student, { amountCents: hold.amountCents })) : [];
          // Booked now: a reminder whose moment passed while the seat was only held is not sent late.
          return { hold, hooks, reminders: session ? passedReminders(session.classStartDate, deps.now()) : undefined, seriesId: session?.seriesId ?? null };
        }),
      );
      const seriesId = first.paymentTotalCents !== null ? classes[0]!.seriesId : null;
      const emails = (booked: ReadonlyArray<SeatHold>) =>
        !student || booked.length === 0
          ? []
          : seriesId
            ? seriesBookingEmailJobs(seriesId, student, booked.map((h) => ({ sessionId: h.sessionId, outcome: 'booked' as const, placeInLine: null })))
            : booked.flatMap((h) => bookingEmailJobs({ id: h.sessionId }, student, { promotedFromWaitlist: false }));
      if (classes.length === 1 && first.paymentTotalCents === null) {
        // A payment of its own: the guarded confirmation alone, its jobs as its last steps.
        const [{ hold, hooks, reminders }] = classes as [(typeof classes)[number]];
        return deps.db.unitOfWork(async (work) => {
          work.enqueue([...emails([hold]).map(deps.jobs.row), ...hooks]);
          return bookings.confirmHold(work, hold.id, paymentRef, reminders);
        });
      }
      return deps.db.unitOfWork(async (work) => {
        await work.db();
        const booked = [];
        for (const { hold, hooks, reminders } of classes) {
          if (!(await bookings.confirmHold(work, hold.id, paymentRef, reminders))) continue;
          booked.push(hold);
          work.enqueue(hooks);
        }
        if (booked.length === 0) return false;
        work.enqueue(emails(booked).map(deps.jobs.row));
        // What the payment covered beyond the classes now booked through it: the shares of the
        // holds that ended before it arrived. Refunded as a late payment is, by their sum.
        const kept = paid.filter((h) => h.status === 'confirmed' && h.paymentRef === paymentRef).concat(booked).reduce((sum, h) => sum + h.amountCents, 0);
        if (paidCents > kept) {
          work.enqueue(deps.jobs.row(refundBookingJob({ id: `${paymentRef}:unheld`, paymentProvider: first.paymentProvider, paymentRef, amountCents: paidCents - kept, paymentTotalCents: paidCents })));
        }
        return true;
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
