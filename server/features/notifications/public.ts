// What other features may use of notification settings (docs/decisions/019-boundaries.md).
export { isTurnedOff, optionalNotificationFooter, unsubscribeHeaders, usersWithKindOff } from './notification-emails.ts';
export { notificationService } from './notification-service.ts';
