import { ImagePicker } from '#web/components/image-picker.tsx';
import { fieldFile, fieldText } from '#web/lib/form-fields.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import type { Me } from '#contract/users.ts';
import { FullNameField, usePhotoUpload } from '#web/features/auth/public.ts';
import { useUpdateProfile } from '#web/features/account/api/use-update-profile.ts';
import { SettingsCardForm, settingsSubmit } from '#web/features/account/components/settings-form.tsx';

/**
 * Name and photo of the signed-in user (PUT /api/user). Sent before the app is live, it goes to
 * its page's own address, where the server saves the name (server/http/page-forms.ts).
 */
export function ProfileForm({ user }: { user: Me }) {
  const { t } = useTranslator();
  const photo = usePhotoUpload();
  const updateProfile = useUpdateProfile();

  // The settings page draws the form afresh for the saved profile (keyed by it).
  const handleSubmit = settingsSubmit(
    async (fields) => {
      const image = (await photo.upload(fieldFile(fields, 'image'))) ?? user.image;
      await updateProfile.mutateAsync({ name: fieldText(fields, 'name').trim(), image });
    },
    { failed: t('settings.profileFailed'), saved: t('settings.profileSaved') },
  );

  return (
    <SettingsCardForm title={t('settings.profileHeading')} headingId="profile-heading" intent="profile" busy={photo.uploading || updateProfile.isPending} label={t('settings.profileSave')} onSubmit={handleSubmit}>
      <FullNameField defaultValue={user.name} />
      <ImagePicker label={t('account.photo')} name="image" currentSrc={user.image} />
    </SettingsCardForm>
  );
}
