// What other web features, and the pages web/src/app composes, may use of bookings (its one door;
// who may use it: WEB_FEATURE_USES in eslint.config.js).
export { bookedSessionQuery } from '#web/features/bookings/api/use-booked-session.ts';
export { bookingPanelAction } from '#web/features/bookings/booking-panel-action.ts';
export { invalidateBookings } from '#web/features/bookings/api/invalidate-bookings.ts';
export { useSessionBookability } from '#web/features/bookings/api/use-session-bookability.ts';
export { BookingPanel } from '#web/features/bookings/components/booking-panel.tsx';
export { Roster } from '#web/features/bookings/components/roster.tsx';
export { isRosterIntent, rosterAction } from '#web/features/bookings/roster-action.ts';
export { rosterQuery } from '#web/features/bookings/api/use-roster.ts';
