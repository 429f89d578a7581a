import type { FormEvent } from 'react';
import { useSubmit } from 'react-router';
import type { Me } from '#contract/users.ts';
import { ImagePicker } from '#web/components/image-picker.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { showErrorDialog } from '#web/lib/dialogs.ts';
import { fieldFile } from '#web/lib/form-fields.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import { FullNameField, usePhotoUpload } from '#web/features/auth/public.ts';
import { SettingsCardForm, useFieldErrors } from '#web/features/account/components/settings-form.tsx';

/**
 * Name and photo of the signed-in user (PUT /api/user). With the app live a chosen photo is
 * uploaded first and the form goes with its address; sent without the app, a chosen photo is only
 * its name, and the page says that a photo needs the app.
 */
export function ProfileForm({ user }: { user: Me }) {
  const { t } = useTranslator();
  const photo = usePhotoUpload();
  const submit = useSubmit();
  const errors = useFieldErrors('profile');

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    const fields = new FormData(event.currentTarget);
    const file = fieldFile(fields, 'image');
    if (!file) return;
    event.preventDefault();
    void (async () => {
      let imageUrl: string | undefined;
      try {
        imageUrl = await photo.upload(file);
      } catch (error) {
        await showErrorDialog(t('settings.profileFailed'), errorMessage(error));
        return;
      }
      fields.delete('image');
      fields.set('imageUrl', imageUrl ?? '');
      fields.set('intent', 'profile');
      await submit(fields, { method: 'post' });
    })();
  }

  return (
    <SettingsCardForm title={t('settings.profileHeading')} headingId="profile-heading" intent="profile" busy={photo.uploading} label={t('settings.profileSave')} failed={t('settings.profileFailed')} onSubmit={handleSubmit}>
      <FullNameField defaultValue={user.name} error={errors.name} />
      <ImagePicker label={t('account.photo')} name="image" currentSrc={user.image} />
    </SettingsCardForm>
  );
}
