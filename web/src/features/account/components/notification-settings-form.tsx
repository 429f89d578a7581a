import type { Role } from '#contract/common.ts';
import { Form } from 'react-router';
import { NOTIFICATION_KINDS, NOTIFICATION_TEXT, type NotificationKind, type NotificationSettings } from '#contract/notifications.ts';
import { RefusalMessage } from '#web/components/form-messages.tsx';
import { useNotificationSettings } from '#web/features/account/api/use-notification-settings.ts';
import { SaveButton, SettingsCardSection } from '#web/features/account/components/settings-form.tsx';
import { type Translator, useTranslator } from '#web/lib/i18n.ts';
import { NoScriptField } from '#web/components/no-script-field.tsx';

/**
 * The optional emails of the user's role, on or off (PUT /api/me/notifications). Every
 * notification email links here (List-Unsubscribe, docs/decisions/021-notification-emails.md).
 * `shown` names the switches the form had: a switch left off is not sent at all.
 */
export function NotificationSettingsForm({ role }: { role: Role }) {
  const { t } = useTranslator();
  const kinds = NOTIFICATION_KINDS.filter((kind) => NOTIFICATION_TEXT[kind].roles.includes(role));
  const settings = useNotificationSettings();
  // No optional emails for this role: a form sent anyway is refused, and said here.
  if (kinds.length === 0) return <RefusalMessage title={t('settings.notificationsFailed')} intent="notifications" />;
  return (
    <SettingsCardSection id="notifications" title={t('settings.notificationsHeading')} lead={t('settings.notificationsLead')} query={settings} loadingLabel={t('settings.notificationsLoading')}>
      {/* Keyed by the saved settings: the switches start from them after a save. */}
      {() => settings.data && <SettingsFields key={JSON.stringify(settings.data)} kinds={kinds} settings={settings.data} />}
    </SettingsCardSection>
  );
}

/** How Settings names each optional email. */
function kindText(t: Translator['t'], kind: NotificationKind): { label: string; description: string } {
  return kind === 'classReminders'
    ? { label: t('settings.classRemindersLabel'), description: t('settings.classRemindersText') }
    : { label: t('settings.bookingNoticesLabel'), description: t('settings.bookingNoticesText') };
}

function SettingsFields({ kinds, settings }: { kinds: readonly NotificationKind[]; settings: NotificationSettings }) {
  const { t } = useTranslator();
  return (
    <Form method="post" className="flex flex-col gap-4">
      <NoScriptField />
      <RefusalMessage title={t('settings.notificationsFailed')} intent="notifications" />
      {kinds.map((kind) => (
        <div key={kind} className="flex items-start gap-3">
          <input type="hidden" name="shown" value={kind} />
          <input id={`notification-${kind}`} type="checkbox" name={kind} className="toggle toggle-primary mt-1 shrink-0" defaultChecked={settings[kind]} aria-describedby={`notification-${kind}-text`} />
          <div className="min-w-0">
            <label htmlFor={`notification-${kind}`} className="font-medium">
              {kindText(t, kind).label}
            </label>
            <p id={`notification-${kind}-text`} className="text-sm text-base-content/70">
              {kindText(t, kind).description}
            </p>
          </div>
        </div>
      ))}
      <SaveButton intent="notifications" label={t('settings.notificationsSave')} />
    </Form>
  );
}
