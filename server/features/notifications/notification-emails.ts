// What other features' emails need of notification settings: the List-Unsubscribe headers of a
// notification (RFC 2369, one click by RFC 8058) and whether its recipient turned its kind off.
// Security emails (verification, password reset) never carry them. docs/decisions/021-notification-emails.md.
import type { NotificationKind } from '#contract/notifications.ts';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/database.ts';
import type { ServerTranslator } from '#server/i18n/translate.ts';
import { notificationRepository } from './notification-repository.ts';
import { signUnsubscribeToken } from './unsubscribe-token.ts';

/** Where a person chooses their emails (the settings page; sign-in first when needed). */
export const notificationSettingsUrl = (config: Pick<Config, 'baseUrl'>) => `${config.baseUrl}/dashboard/settings#notifications`;

/**
 * The headers of a notification to `userId`. `kind`: the optional notification this email is,
 * which one click turns off; null for an email that always comes (a booking confirmation), where
 * one click turns off every optional notification (the only emails the user can stop).
 */
export function unsubscribeHeaders(config: Pick<Config, 'baseUrl' | 'authSecret'>, userId: string, kind: NotificationKind | null): Record<string, string> {
  const token = signUnsubscribeToken(config.authSecret, userId, kind ?? 'all');
  return {
    'List-Unsubscribe': `<${config.baseUrl}/api/notifications/unsubscribe?token=${token}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/** The last lines of an optional notification's text, in its recipient's language: how to stop it. */
export function optionalNotificationFooter(config: Pick<Config, 'baseUrl'>, t: ServerTranslator, kind: NotificationKind): string[] {
  return ['', t.t('email.optionalFooter', { kind, url: notificationSettingsUrl(config) })];
}

/** Whether the user turned `kind` off (checked again when the email is sent: they may have meanwhile). */
export async function isTurnedOff(db: Db, userId: string, kind: NotificationKind): Promise<boolean> {
  return (await notificationRepository(db.kysely).usersWithKindOff([userId], kind)).has(userId);
}

/** Which of `userIds` turned `kind` off: one query for a batch of emails about to be enqueued. */
export function usersWithKindOff(db: Db, userIds: readonly string[], kind: NotificationKind): Promise<Set<string>> {
  return notificationRepository(db.kysely).usersWithKindOff(userIds, kind);
}
