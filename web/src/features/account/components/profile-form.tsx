import { type FormEvent, useState } from 'react';
import { ImagePicker } from '#web/components/image-picker.tsx';
import { TextField } from '#web/components/text-field.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { showErrorDialog, showSuccessToast } from '#web/lib/dialogs.ts';
import type { Me } from '#contract/users.ts';
import { uploadImage } from '#web/features/uploads/api/use-upload-image.ts';
import { useUpdateProfile } from '#web/features/account/api/use-update-profile.ts';

/** Name and photo of the signed-in user (PUT /api/user). */
export function ProfileForm({ user }: { user: Me }) {
  const [name, setName] = useState(user.name);
  const [image, setImage] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const updateProfile = useUpdateProfile();
  const busy = uploading || updateProfile.isPending;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      let imageUrl = user.image;
      if (image) {
        setUploading(true);
        imageUrl = (await uploadImage(image)).url;
        setUploading(false);
      }
      await updateProfile.mutateAsync({ name: name.trim(), image: imageUrl });
    } catch (error) {
      setUploading(false);
      await showErrorDialog('Profile update failed', errorMessage(error));
      return;
    }
    setImage(null);
    await showSuccessToast('Profile updated successfully');
  }

  return (
    <form
      aria-labelledby="profile-heading"
      className="card bg-base-100 shadow-sm"
      onSubmit={(event) => void handleSubmit(event)}
    >
      <div className="card-body gap-4">
        <h2 id="profile-heading" className="card-title">
          Profile
        </h2>
        <TextField
          label="Full name"
          name="name"
          autoComplete="name"
          required
          maxLength={100}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <ImagePicker label="Photo" file={image} onChange={setImage} currentSrc={user.image} />
        <div>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Saving…' : 'Save profile'}
          </button>
        </div>
      </div>
    </form>
  );
}
