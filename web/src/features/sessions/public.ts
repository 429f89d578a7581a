// What other web features, and the pages web/src/app composes, may use of sessions (its one door;
// who may use it: WEB_FEATURE_USES in eslint.config.js).
export { sessionKeys } from '#web/features/sessions/api/session-query-keys.ts';
export { sessionQuery, useSession } from '#web/features/sessions/api/use-session.ts';
export { tutorSessionQuery, useTutorSession } from '#web/features/sessions/api/use-tutor-session.ts';
export { tutorSessionsQuery, useTutorSessions } from '#web/features/sessions/api/use-tutor-sessions.ts';
export { CancelSessionDialog } from '#web/features/sessions/components/cancel-session-dialog.tsx';
export { CancelSeriesDialog } from '#web/features/sessions/components/cancel-series-dialog.tsx';
export { DecisionButton, useAskedDecision } from '#web/features/sessions/components/session-decision-dialog.tsx';
export { CancelledNote } from '#web/features/sessions/components/cancelled-note.tsx';
export { RejectionNote } from '#web/features/sessions/components/session-row-title.tsx';
export { PlaceText } from '#web/features/sessions/components/place-text.tsx';
export { OpenBadge } from '#web/features/sessions/components/open-badge.tsx';
export { SessionBody } from '#web/features/sessions/components/session-body.tsx';
export { SessionHeading } from '#web/features/sessions/components/session-heading.tsx';
export { StatusBadge } from '#web/features/sessions/components/status-badge.tsx';
export { sessionAction } from '#web/features/sessions/session-actions.ts';
export { useSessionText } from '#web/features/sessions/session-text.ts';
export { useBookability, type BookabilityView } from '#web/features/sessions/use-bookability.ts';
