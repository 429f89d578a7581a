import { useRef } from 'react';
import { useTranslator } from '#web/lib/i18n.ts';
import { PasswordField } from '#web/features/auth/public.ts';
import { SettingsCardForm, useFieldErrors, useOnSaved } from '#web/features/account/components/settings-form.tsx';

/** The current password, then the new one; a POST, never a password in an address. */
export function ChangePasswordForm() {
  const { t } = useTranslator();
  const form = useRef<HTMLFormElement>(null);
  const errors = useFieldErrors('password');
  // Changed: the passwords are emptied for the next change; the checkbox stays as it was.
  useOnSaved('password', () => {
    for (const name of ['currentPassword', 'newPassword']) {
      const field = form.current?.elements.namedItem(name);
      if (field instanceof HTMLInputElement) field.value = '';
    }
  });

  return (
    <SettingsCardForm title={t('settings.passwordHeading')} headingId="password-heading" intent="password" label={t('settings.passwordSave')} failed={t('settings.passwordFailed')} formRef={form}>
      <PasswordField label={t('settings.currentPassword')} name="currentPassword" kind="current" error={errors.currentPassword} />
      <PasswordField label={t('account.newPassword')} name="newPassword" kind="new" error={errors.newPassword} />
      <label className="flex cursor-pointer items-center gap-3">
        <input type="checkbox" name="revokeOtherSessions" value="true" className="checkbox" defaultChecked />
        <span>{t('settings.signOutOthers')}</span>
      </label>
    </SettingsCardForm>
  );
}
