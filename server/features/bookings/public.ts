// What other features may use of bookings (docs/decisions/019-boundaries.md).
export { bookingEmailJobs, promotionEmailJobs } from './booking-emails.ts';
export { bookingsRepository } from './bookings-repository.ts';
export { FINISHED_DEMO_SESSION } from './student-demo-seed.ts';
export { bookingsService, type BookingsDeps, type BookingsService } from './bookings-service.ts';
export { seatHolds, type SeatHolds } from './seat-holds.ts';
export type { BookingPayments, PaidBooking, SeatHold } from './booking-payments.ts';
