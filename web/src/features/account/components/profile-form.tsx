import { type FormEvent, useState } from 'react';
import { ImagePicker } from '#web/components/image-picker.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { showErrorDialog, showSuccessToast } from '#web/lib/dialogs.ts';
import { fieldFile, fieldText } from '#web/lib/form-fields.ts';
import type { Me } from '#contract/users.ts';
import { FullNameField } from '#web/features/auth/public.ts';
import { uploadImage } from '#web/features/uploads/public.ts';
import { useUpdateProfile } from '#web/features/account/api/use-update-profile.ts';
import { SettingsCardForm } from '#web/features/account/components/settings-form.tsx';

/**
 * Name and photo of the signed-in user (PUT /api/user). Sent before the app is live, it goes to
 * its page's own address, where the server saves the name (server/http/page-forms.ts).
 */
export function ProfileForm({ user }: { user: Me }) {
  const [uploading, setUploading] = useState(false);
  const updateProfile = useUpdateProfile();
  const busy = uploading || updateProfile.isPending;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    const image = fieldFile(fields, 'image');
    try {
      let imageUrl = user.image;
      if (image) {
        setUploading(true);
        imageUrl = (await uploadImage(image)).url;
        setUploading(false);
      }
      await updateProfile.mutateAsync({ name: fieldText(fields, 'name').trim(), image: imageUrl });
    } catch (error) {
      setUploading(false);
      await showErrorDialog('Profile update failed', errorMessage(error));
      return;
    }
    // The settings page draws the form afresh for the saved profile (keyed by it).
    await showSuccessToast('Profile updated successfully');
  }

  return (
    <SettingsCardForm title="Profile" headingId="profile-heading" intent="profile" busy={busy} label="Save profile" onSubmit={handleSubmit}>
      <FullNameField defaultValue={user.name} />
      <ImagePicker label="Photo" name="image" currentSrc={user.image} />
    </SettingsCardForm>
  );
}
