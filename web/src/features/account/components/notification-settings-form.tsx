import type { Role } from '#contract/common.ts';
import { NOTIFICATION_KINDS, NOTIFICATION_TEXT, type NotificationKind, type NotificationSettings, type UpdateNotificationSettingsBody } from '#contract/notifications.ts';
import { useNotificationSettings } from '#web/features/account/api/use-notification-settings.ts';
import { useUpdateNotificationSettings } from '#web/features/account/api/use-update-notification-settings.ts';
import { SaveButton, SettingsCardSection, settingsSubmit } from '#web/features/account/components/settings-form.tsx';
import { type Translator, useTranslator } from '#web/lib/i18n.ts';
import { NoScriptField } from '#web/components/no-script-field.tsx';

/**
 * The optional emails of the user's role, on or off (PUT /api/me/notifications). Every
 * notification email links here (List-Unsubscribe, docs/decisions/021-notification-emails.md).
 * Sent before the app is live, the form goes to its page's own address, where the server saves
 * it (server/http/page-forms.ts): `shown` names the switches the form had.
 */
export function NotificationSettingsForm({ role }: { role: Role }) {
  const { t } = useTranslator();
  const kinds = NOTIFICATION_KINDS.filter((kind) => NOTIFICATION_TEXT[kind].roles.includes(role));
  const settings = useNotificationSettings();
  if (kinds.length === 0) return null;
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
  const update = useUpdateNotificationSettings();

  const handleSubmit = settingsSubmit(
    (fields) => {
      const body: UpdateNotificationSettingsBody = Object.fromEntries(kinds.map((kind) => [kind, fields.has(kind)]));
      return update.mutateAsync(body);
    },
    { failed: t('settings.notificationsFailed'), saved: t('settings.notificationsSaved') },
  );

  return (
    <form method="post" className="flex flex-col gap-4" onSubmit={(event) => void handleSubmit(event)}>
      <NoScriptField />
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
      <SaveButton intent="notifications" busy={update.isPending} label={t('settings.notificationsSave')} />
    </form>
  );
}
