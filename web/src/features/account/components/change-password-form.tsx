import type { FormEvent } from 'react';
import { TextField } from '#web/components/text-field.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { showErrorDialog, showSuccessToast } from '#web/lib/dialogs.ts';
import { fieldText } from '#web/lib/form-fields.ts';
import {
  PASSWORD_HINT,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '#web/features/auth/public.ts';
import { useChangePassword } from '#web/features/account/api/use-change-password.ts';

/**
 * Sent before the app is live, the form goes to its page's own address (a POST: never a password
 * in an address), where the server changes the password (server/http/page-forms.ts).
 */
export function ChangePasswordForm() {
  const changePassword = useChangePassword();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = new FormData(form);
    try {
      await changePassword.mutateAsync({
        currentPassword: fieldText(fields, 'currentPassword'),
        newPassword: fieldText(fields, 'newPassword'),
        revokeOtherSessions: fields.has('revokeOtherSessions'),
      });
    } catch (error) {
      await showErrorDialog('Password change failed', errorMessage(error));
      return;
    }
    // Emptied for the next change; the checkbox stays as it was.
    for (const name of ['currentPassword', 'newPassword']) {
      const field = form.elements.namedItem(name);
      if (field instanceof HTMLInputElement) field.value = '';
    }
    await showSuccessToast('Password changed successfully');
  }

  return (
    <form
      method="post"
      aria-labelledby="password-heading"
      className="card bg-base-100 shadow-sm"
      onSubmit={(event) => void handleSubmit(event)}
    >
      <div className="card-body gap-4">
        <h2 id="password-heading" className="card-title">
          Password
        </h2>
        <TextField
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
        />
        <TextField
          label="New password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          maxLength={PASSWORD_MAX_LENGTH}
          hint={PASSWORD_HINT}
        />
        <label className="flex cursor-pointer items-center gap-3">
          <input type="checkbox" name="revokeOtherSessions" value="true" className="checkbox" defaultChecked />
          <span>Sign out other devices</span>
        </label>
        <div>
          <button type="submit" name="intent" value="password" className="btn btn-primary" disabled={changePassword.isPending}>
            {changePassword.isPending ? 'Saving…' : 'Change password'}
          </button>
        </div>
      </div>
    </form>
  );
}
