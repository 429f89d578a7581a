import type { FormEvent } from 'react';
import type { Role } from '#contract/common.ts';
import { NOTIFICATION_KINDS, NOTIFICATION_TEXT, type NotificationSettings, type UpdateNotificationSettingsBody } from '#contract/notifications.ts';
import { LoadError } from '#web/components/load-error.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { useNotificationSettings } from '#web/features/account/api/use-notification-settings.ts';
import { useUpdateNotificationSettings } from '#web/features/account/api/use-update-notification-settings.ts';
import { SaveButton } from '#web/features/account/components/settings-form.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { showErrorDialog, showSuccessToast } from '#web/lib/dialogs.ts';
import { NoScriptField } from '#web/components/no-script-field.tsx';

/**
 * The optional emails of the user's role, on or off (PUT /api/me/notifications). Every
 * notification email links here (List-Unsubscribe, docs/decisions/021-notification-emails.md).
 * Sent before the app is live, the form goes to its page's own address, where the server saves
 * it (server/http/page-forms.ts): `shown` names the switches the form had.
 */
export function NotificationSettingsForm({ role }: { role: Role }) {
  const kinds = NOTIFICATION_KINDS.filter((kind) => NOTIFICATION_TEXT[kind].roles.includes(role));
  const settings = useNotificationSettings();
  if (kinds.length === 0) return null;
  return (
    <section id="notifications" aria-labelledby="notifications-heading" className="card bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <h2 id="notifications-heading" className="card-title">
          Email notifications
        </h2>
        <p className="text-sm text-base-content/70">
          Emails about what you did or must do (a booking confirmed, a seat held for you to pay, your session approved or rejected) always come. These you can turn off:
        </p>
        {settings.isPending ? (
          <Spinner label="Loading your notification settings" />
        ) : settings.isError ? (
          <LoadError message={errorMessage(settings.error)} onRetry={() => void settings.refetch()} />
        ) : (
          // Keyed by the saved settings: the switches start from them after a save.
          <SettingsFields key={JSON.stringify(settings.data)} kinds={kinds} settings={settings.data} />
        )}
      </div>
    </section>
  );
}

function SettingsFields({ kinds, settings }: { kinds: readonly (keyof NotificationSettings)[]; settings: NotificationSettings }) {
  const update = useUpdateNotificationSettings();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    const body: UpdateNotificationSettingsBody = Object.fromEntries(kinds.map((kind) => [kind, fields.has(kind)]));
    try {
      await update.mutateAsync(body);
    } catch (error) {
      await showErrorDialog('Saving your notifications failed', errorMessage(error));
      return;
    }
    await showSuccessToast('Notification settings saved');
  }

  return (
    <form method="post" className="flex flex-col gap-4" onSubmit={(event) => void handleSubmit(event)}>
      <NoScriptField />
      {kinds.map((kind) => (
        <div key={kind} className="flex items-start gap-3">
          <input type="hidden" name="shown" value={kind} />
          <input id={`notification-${kind}`} type="checkbox" name={kind} className="toggle toggle-primary mt-1 shrink-0" defaultChecked={settings[kind]} aria-describedby={`notification-${kind}-text`} />
          <div className="min-w-0">
            <label htmlFor={`notification-${kind}`} className="font-medium">
              {NOTIFICATION_TEXT[kind].label}
            </label>
            <p id={`notification-${kind}-text`} className="text-sm text-base-content/70">
              {NOTIFICATION_TEXT[kind].description}
            </p>
          </div>
        </div>
      ))}
      <SaveButton intent="notifications" busy={update.isPending} label="Save notifications" />
    </form>
  );
}
