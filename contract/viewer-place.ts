// A student's own place on a session: booked, waiting in line, or holding a seat while paying.
// What the bookability state (bookability.ts) takes as `mine`, what a booking answers with
// (bookings.ts), and what the public lists carry for a signed-in student (sessions.ts).
import { z } from 'zod';
import { dateTime } from './common.ts';

/** awaiting_payment: a paid session's seat held until the student's payment is seen (PAYMENT_HOLD_MINUTES, WAITLIST_OFFER_HOURS). */
export const bookingStateSchema = z.enum(['booked', 'waitlisted', 'awaiting_payment']);
export type BookingState = z.infer<typeof bookingStateSchema>;

export const viewerPlaceSchema = z.object({
  status: bookingStateSchema,
  /** 1 = next to get a seat; null unless waitlisted. */
  placeInLine: z.number().int().nullable(),
  /** While awaiting payment: the seat is released at this instant unless paid. */
  paymentDueBy: dateTime.nullable(),
});
export type ViewerPlace = z.infer<typeof viewerPlaceSchema>;
