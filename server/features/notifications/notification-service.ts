// Notification settings: the caller's own, and one-click unsubscribing from an email's
// List-Unsubscribe link, which names its user by a signed token instead of a cookie.
import { NOTIFICATION_KINDS, type NotificationKind, type NotificationSettings, type UnsubscribeResult, type UpdateNotificationSettingsBody } from '#contract/notifications.ts';
import type { AppDeps } from '#server/app-deps.ts';
import { badRequest } from '#server/errors.ts';
import { accountLanguageRepository } from '#server/i18n/account-language-repository.ts';
import { notificationRepository } from './notification-repository.ts';
import { verifyUnsubscribeToken } from './unsubscribe-token.ts';

function toSettings(off: readonly NotificationKind[]): NotificationSettings {
  return Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, !off.includes(kind)])) as NotificationSettings;
}

export function notificationService(deps: Pick<AppDeps, 'db' | 'config' | 'now'>) {
  const repo = notificationRepository(deps.db.kysely);
  const languages = accountLanguageRepository(deps.db.kysely);

  return {
    async settings(userId: string): Promise<NotificationSettings> {
      return toSettings(await repo.kindsOff(userId));
    },

    async update(userId: string, change: UpdateNotificationSettingsBody): Promise<NotificationSettings> {
      const entries = NOTIFICATION_KINDS.filter((kind) => change[kind] !== undefined).map((kind) => [kind, change[kind]!] as const);
      await repo.turnOff(userId, entries.filter(([, on]) => !on).map(([kind]) => kind), deps.now().toISOString());
      await repo.turnOn(userId, entries.filter(([, on]) => on).map(([kind]) => kind));
      return toSettings(await repo.kindsOff(userId));
    },

    /** One click on an email's unsubscribe link: turns off what its token names; says so in the recipient's language. */
    async unsubscribe(token: string): Promise<UnsubscribeResult> {
      const verified = verifyUnsubscribeToken(deps.config.authSecret, token);
      if (!verified) throw badRequest('errors.notifications.badUnsubscribe');
      const kinds = verified.scope === 'all' ? [...NOTIFICATION_KINDS] : [verified.scope];
      // An account deleted since: it gets no email at all any more.
      if (await repo.userExists(verified.userId)) await repo.turnOff(verified.userId, kinds, deps.now().toISOString());
      const t = await languages.translatorOf(verified.userId);
      return { message: t.t('answers.unsubscribed', { kinds: verified.scope }), turnedOff: kinds };
    },
  };
}
