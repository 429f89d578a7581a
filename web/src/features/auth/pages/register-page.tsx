import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '#web/lib/api-client.ts';
import { fieldFile, fieldText } from '#web/lib/form-fields.ts';
import { showErrorDialog, showSuccessToast } from '#web/lib/dialogs.ts';
import { useTitle } from '#web/lib/use-title.ts';
import { uploadImage } from '#web/features/uploads/public.ts';
import { meQueryKey } from '#web/features/auth/api/use-me.ts';
import { type SignUpRole, useSignUp } from '#web/features/auth/api/use-sign-up.ts';
import { EmailField, FullNameField, PasswordField } from '#web/features/auth/components/account-fields.tsx';
import { GoogleSignInButton } from '#web/features/auth/components/google-sign-in-button.tsx';
import { ImagePicker } from '#web/components/image-picker.tsx';
import { NoScriptField } from '#web/components/no-script-field.tsx';

export function RegisterPage() {
  useTitle('Register');
  const [uploading, setUploading] = useState(false);
  const signUp = useSignUp();
  const queryClient = useQueryClient();
  const busy = uploading || signUp.isPending;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    const image = fieldFile(fields, 'image');
    const role: SignUpRole = fieldText(fields, 'role') === 'tutor' ? 'tutor' : 'student';
    let imageUrl: string | undefined;
    try {
      if (image) {
        setUploading(true);
        imageUrl = (await uploadImage(image)).url;
      }
    } catch (error) {
      await showErrorDialog('Photo upload failed', errorMessage(error));
      return;
    } finally {
      setUploading(false);
    }
    try {
      await signUp.mutateAsync({ name: fieldText(fields, 'name').trim(), email: fieldText(fields, 'email').trim(), password: fieldText(fields, 'password'), role, image: imageUrl });
    } catch (error) {
      await showErrorDialog('Registration failed', errorMessage(error));
      return;
    }
    await showSuccessToast('Registration Successful');
    // Once ['me'] holds the new user, RedirectIfSignedIn takes them to / (spec §4).
    await queryClient.refetchQueries({ queryKey: meQueryKey });
  }

  return (
    <section className="mx-auto w-full max-w-md">
      <div className="card bg-base-100 shadow-md">
        <div className="card-body gap-4">
          <h1 className="text-center text-2xl font-bold">Create your account</h1>
          {/* Sent before the app is live, the form goes to this page's own address, where the server registers (server/http/page-forms.ts). */}
          <form method="post" className="flex flex-col gap-4" onSubmit={(event) => void handleSubmit(event)}>
            <NoScriptField />
            <FullNameField />
            <EmailField />
            <PasswordField label="Password" name="password" kind="new" />
            <div className="flex flex-col gap-1">
              <label htmlFor="register-role" className="text-sm font-medium">
                Role
              </label>
              <select id="register-role" name="role" className="select w-full" defaultValue="student">
                <option value="student">Student</option>
                <option value="tutor">Tutor</option>
              </select>
            </div>
            <ImagePicker label="Photo" name="image" />
            <button type="submit" className="btn btn-primary w-full" disabled={busy}>
              {uploading ? 'Uploading photo…' : signUp.isPending ? 'Registering…' : 'Register'}
            </button>
          </form>
          <GoogleSignInButton />
          <p className="text-center text-sm">
            Already have an account?{' '}
            <Link to="/login" className="link link-primary">
              Login
            </Link>
          </p>
        </div>
      </div>
    </section>
  );
}
