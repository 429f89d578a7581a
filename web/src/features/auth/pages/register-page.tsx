import type { FormEvent } from 'react';
import { type ActionFunctionArgs, Form, useNavigation, useSubmit } from 'react-router';
import { signUpEmailBody } from '#contract/auth.ts';
import { RefusalMessage } from '#web/components/form-messages.tsx';
import { ImagePicker } from '#web/components/image-picker.tsx';
import { NoScriptField } from '#web/components/no-script-field.tsx';
import { authConfigQuery } from '#web/features/auth/api/use-auth-config.ts';
import { EmailField, FullNameField, PasswordField, roleName } from '#web/features/auth/components/account-fields.tsx';
import { AuthCard, OtherWaysIn } from '#web/features/auth/components/auth-card.tsx';
import { usePhotoUpload } from '#web/features/auth/use-photo-upload.ts';
import { ApiError, apiRequest, errorMessage } from '#web/lib/api-client.ts';
import { showErrorDialog } from '#web/lib/dialogs.ts';
import { fieldFile } from '#web/lib/form-fields.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import { returnPathFrom } from '#web/lib/login-path.ts';
import { formBody, formText, pageQueryClient, refused, refusedBecause, sentOn } from '#web/lib/page-data.ts';
import { useTitle } from '#web/lib/use-title.ts';

/** The page shows Google's button when the server offers it. */
export async function loader() {
  await pageQueryClient().ensureQueryData(authConfigQuery);
  return null;
}

/**
 * The account, then a sign-in (sign-up never signs in by itself: decision 007), then back where
 * the visitor came from (`?from=`, a session's page; else Home), which says "Registration
 * Successful" and asks to verify the address by the link emailed. A photo is uploaded by the app before the form is sent
 * (`imageUrl`); sent without the app, a chosen photo is only its name, and the page asks for the app.
 */
export async function action({ request }: ActionFunctionArgs) {
  const url = new URL(request.url);
  const text = formText(await request.formData());
  if (text.image) return refusedBecause('register.photoNeedsApp');
  const email = text.email?.trim() ?? '';
  const password = text.password ?? '';
  const body = formBody(signUpEmailBody, { name: text.name?.trim() ?? '', email, password, role: text.role === 'tutor' ? 'tutor' : 'student', ...(text.imageUrl ? { image: text.imageUrl } : {}) });
  try {
    await apiRequest('/auth/sign-up/email', { method: 'POST', body });
  } catch (error) {
    return refused(error);
  }
  try {
    await apiRequest('/auth/sign-in/email', { method: 'POST', body: { email, password }, redirectOnUnauthorized: false });
  } catch (error) {
    // The address had an account already: its owner has been emailed.
    if (error instanceof ApiError && error.status === 401) return refusedBecause('register.notCreated');
    return refused(error);
  }
  await pageQueryClient().resetQueries();
  return sentOn(returnPathFrom(url.searchParams, url.origin), 'register.succeeded');
}

export function RegisterPage() {
  const { t } = useTranslator();
  useTitle(t('register.title'));
  const photo = usePhotoUpload();
  const submit = useSubmit();
  const sending = useNavigation().state === 'submitting';

  // A chosen photo is uploaded first; the form then goes with its address instead of the file.
  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    const fields = new FormData(event.currentTarget);
    const file = fieldFile(fields, 'image');
    if (!file) return;
    event.preventDefault();
    let imageUrl: string | undefined;
    try {
      imageUrl = await photo.upload(file);
    } catch (error) {
      await showErrorDialog(t('register.photoFailed'), errorMessage(error));
      return;
    }
    fields.delete('image');
    fields.set('imageUrl', imageUrl ?? '');
    await submit(fields, { method: 'post' });
  }

  return (
    <AuthCard heading={t('register.heading')}>
      {/* Sent before the app is live, or without it, the form goes to this page's own address, where the server runs the same action. */}
      <Form method="post" className="flex flex-col gap-4" onSubmit={(event) => void handleSubmit(event)}>
        <NoScriptField />
        <RefusalMessage title={t('register.failed')} />
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
        <button type="submit" className="btn btn-primary w-full" disabled={photo.uploading || sending}>
          {photo.uploading ? t('register.uploading') : sending ? t('register.submitting') : t('register.submit')}
        </button>
      </Form>
      <OtherWaysIn lead={t('register.haveAccount')} to="/login" link={t('register.login')} />
    </AuthCard>
  );
}
