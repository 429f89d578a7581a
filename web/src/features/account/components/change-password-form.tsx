import { fieldText } from '#web/lib/form-fields.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import { PasswordField } from '#web/features/auth/public.ts';
import { useChangePassword } from '#web/features/account/api/use-change-password.ts';
import { SettingsCardForm, settingsSubmit } from '#web/features/account/components/settings-form.tsx';

/**
 * Sent before the app is live, the form goes to its page's own address (a POST: never a password
 * in an address), where the server changes the password (server/http/page-forms.ts).
 */
export function ChangePasswordForm() {
  const { t } = useTranslator();
  const changePassword = useChangePassword();

  const handleSubmit = settingsSubmit(
    async (fields, form) => {
      await changePassword.mutateAsync({
        currentPassword: fieldText(fields, 'currentPassword'),
        newPassword: fieldText(fields, 'newPassword'),
        revokeOtherSessions: fields.has('revokeOtherSessions'),
      });
      // Emptied for the next change; the checkbox stays as it was.
      for (const name of ['currentPassword', 'newPassword']) {
        const field = form.elements.namedItem(name);
        if (field instanceof HTMLInputElement) field.value = '';
      }
    },
    { failed: t('settings.passwordFailed'), saved: t('settings.passwordChanged') },
  );

  return (
    <SettingsCardForm title={t('settings.passwordHeading')} headingId="password-heading" intent="password" busy={changePassword.isPending} label={t('settings.passwordSave')} onSubmit={handleSubmit}>
      <PasswordField label={t('settings.currentPassword')} name="currentPassword" kind="current" />
      <PasswordField label={t('account.newPassword')} name="newPassword" kind="new" />
      <label className="flex cursor-pointer items-center gap-3">
        <input type="checkbox" name="revokeOtherSessions" value="true" className="checkbox" defaultChecked />
        <span>{t('settings.signOutOthers')}</span>
      </label>
    </SettingsCardForm>
  );
}
