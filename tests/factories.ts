// The tests' factories are the demo seed's: they live in server/factories.ts, since production
// code never imports tests/ (docs/decisions/019-boundaries.md).
export { createBooking, createStudySession, createUser, createWaitlistEntry, type CreatedUser, type StudySessionOverrides, type UserOverrides } from '#server/factories.ts';
