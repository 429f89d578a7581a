// What other features may use of sessions (docs/decisions/019-boundaries.md).
export { isRegistrationOpen, isTutorOf, toPublicSessionDto } from './session-dto.ts';
export { publicListCache, type PublicListCache } from './public-list-cache.ts';
export type { SessionRefunds } from './session-refunds.ts';
export type { SessionsDeps } from './session-service.ts';
export { calendarText, calendarUid, fileSlug, placeText, sessionCalendar, sessionEvent, tutorSessionUrl, type CalendarPerson } from './session-calendar.ts';
export { cancelDeadline, RESCHEDULE_GRACE_HOURS } from './cancel-window.ts';
