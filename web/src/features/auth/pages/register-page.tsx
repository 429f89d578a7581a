import { useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '#web/lib/api-client.ts';
import { fieldFile, fieldText } from '#web/lib/form-fields.ts';
import { showErrorDialog, showSuccessToast } from '#web/lib/dialogs.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import { useTitle } from '#web/lib/use-title.ts';
import { meQueryKey } from '#web/features/auth/api/use-me.ts';
import { type SignUpRole, useSignUp } from '#web/features/auth/api/use-sign-up.ts';
import { EmailField, FullNameField, PasswordField, roleName } from '#web/features/auth/components/account-fields.tsx';
import { GoogleSignInButton } from '#web/features/auth/components/google-sign-in-button.tsx';
import { usePhotoUpload } from '#web/features/auth/use-photo-upload.ts';
import { ImagePicker } from '#web/components/image-picker.tsx';
import { NoScriptField } from '#web/components/no-script-field.tsx';

export function RegisterPage() {
  const { t } = useTranslator();
  useTitle(t('register.title'));
  const photo = usePhotoUpload();
  const signUp = useSignUp();
  const queryClient = useQueryClient();

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
    try {
      await signUp.mutateAsync({ name: fieldText(fields, 'name').trim(), email: fieldText(fields, 'email').trim(), password: fieldText(fields, 'password'), role, image });
    } catch (error) {
      await showErrorDialog(t('register.failed'), errorMessage(error));
      return;
    }
    await showSuccessToast(t('register.succeeded'));
    // Once ['me'] holds the new user, RedirectIfSignedIn takes them to / (spec §4).
    await queryClient.refetchQueries({ queryKey: meQueryKey });
  }

  return (
    <section className="mx-auto w-full max-w-md">
      <div className="card bg-base-100 shadow-md">
        <div className="card-body gap-4">
          <h1 className="text-center text-2xl font-bold">{t('register.heading')}</h1>
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
          <GoogleSignInButton />
          <p className="text-center text-sm">
            {t('register.haveAccount')}{' '}
            <Link to="/login" className="link link-primary">
              {t('register.login')}
            </Link>
          </p>
        </div>
      </div>
    </section>
  );
}
