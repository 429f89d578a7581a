import type { FormEvent } from 'react';
import { errorMessage } from '#web/lib/api-client.ts';
import { fieldFile, fieldText } from '#web/lib/form-fields.ts';
import { showErrorDialog } from '#web/lib/dialogs.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import { useTitle } from '#web/lib/use-title.ts';
import { type SignUpRole, useSignUp } from '#web/features/auth/api/use-sign-up.ts';
import { EmailField, FullNameField, PasswordField, roleName } from '#web/features/auth/components/account-fields.tsx';
import { AuthCard, OtherWaysIn } from '#web/features/auth/components/auth-card.tsx';
import { usePhotoUpload } from '#web/features/auth/use-photo-upload.ts';
import { useSignInWith } from '#web/features/auth/use-sign-in-with.ts';
import { ImagePicker } from '#web/components/image-picker.tsx';
import { NoScriptField } from '#web/components/no-script-field.tsx';

export function RegisterPage() {
  const { t } = useTranslator();
  useTitle(t('register.title'));
  const photo = usePhotoUpload();
  const signUp = useSignUp();
  const signInWith = useSignInWith();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    const role: SignUpRole = fieldText(fields, 'role') === 'tutor' ? 'tutor' : 'student';
    let image: string | undefined;
    try {
      image = await photo.upload(fieldFile(fields, 'image'));
    } catch (error) {
      await showErrorDialog(t('register.photoFailed'), errorMessage(error));
      return;
    }
    await signInWith(() => signUp.mutateAsync({ name: fieldText(fields, 'name').trim(), email: fieldText(fields, 'email').trim(), password: fieldText(fields, 'password'), role, image }), {
      failed: t('register.failed'),
      succeeded: t('register.succeeded'),
    });
  }

  return (
    <AuthCard heading={t('register.heading')}>
      {/* Sent before the app is live, the form goes to this page's own address, where the server registers (server/http/page-forms.ts). */}
      <form method="post" className="flex flex-col gap-4" onSubmit={(event) => void handleSubmit(event)}>
        <NoScriptField />
        <FullNameField />
        <EmailField />
        <PasswordField label={t('account.password')} name="password" kind="new" />
        <div className="flex flex-col gap-1">
          <label htmlFor="register-role" className="text-sm font-medium">
            {t('account.role')}
          </label>
          <select id="register-role" name="role" className="select w-full" defaultValue="student">
            <option value="student">{roleName(t, 'student')}</option>
            <option value="tutor">{roleName(t, 'tutor')}</option>
          </select>
        </div>
        <ImagePicker label={t('account.photo')} name="image" />
        <button type="submit" className="btn btn-primary w-full" disabled={photo.uploading || signUp.isPending}>
          {photo.uploading ? t('register.uploading') : signUp.isPending ? t('register.submitting') : t('register.submit')}
        </button>
      </form>
      <OtherWaysIn lead={t('register.haveAccount')} to="/login" link={t('register.login')} />
    </AuthCard>
  );
}
