import type { FormEvent } from 'react';
import { ImagePicker } from '#web/components/image-picker.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { showErrorDialog, showSuccessToast } from '#web/lib/dialogs.ts';
import { fieldFile, fieldText } from '#web/lib/form-fields.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import type { Me } from '#contract/users.ts';
import { FullNameField, usePhotoUpload } from '#web/features/auth/public.ts';
import { useUpdateProfile } from '#web/features/account/api/use-update-profile.ts';
import { SettingsCardForm } from '#web/features/account/components/settings-form.tsx';

/**
 * Name and photo of the signed-in user (PUT /api/user). Sent before the app is live, it goes to
 * its page's own address, where the server saves the name (server/http/page-forms.ts).
 */
export function ProfileForm({ user }: { user: Me }) {
  const { t } = useTranslator();
  const photo = usePhotoUpload();
  const updateProfile = useUpdateProfile();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    try {
      const image = (await photo.upload(fieldFile(fields, 'image'))) ?? user.image;
      await updateProfile.mutateAsync({ name: fieldText(fields, 'name').trim(), image });
    } catch (error) {
      await showErrorDialog(t('settings.profileFailed'), errorMessage(error));
      return;
    }
    // The settings page draws the form afresh for the saved profile (keyed by it).
    await showSuccessToast(t('settings.profileSaved'));
  }

  return (
    <SettingsCardForm title={t('settings.profileHeading')} headingId="profile-heading" intent="profile" busy={photo.uploading || updateProfile.isPending} label={t('settings.profileSave')} onSubmit={handleSubmit}>
      <FullNameField defaultValue={user.name} />
      <ImagePicker label={t('account.photo')} name="image" currentSrc={user.image} />
    </SettingsCardForm>
  );
}
