import { type FormEvent, useState } from 'react';
import { TextField } from '#web/components/text-field.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { showErrorDialog, showSuccessToast } from '#web/lib/dialogs.ts';
import {
  PASSWORD_HINT,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '#web/features/auth/password-rules.ts';
import { useChangePassword } from '#web/features/account/api/use-change-password.ts';

export function ChangePasswordForm() {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [revokeOtherSessions, setRevokeOtherSessions] = useState(true);
  const changePassword = useChangePassword();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      await changePassword.mutateAsync({ currentPassword, newPassword, revokeOtherSessions });
    } catch (error) {
      await showErrorDialog('Password change failed', errorMessage(error));
      return;
    }
    setCurrentPassword('');
    setNewPassword('');
    await showSuccessToast('Password changed successfully');
  }

  return (
    <form
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
          value={currentPassword}
          onChange={(event) => setCurrentPassword(event.target.value)}
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
          value={newPassword}
          onChange={(event) => setNewPassword(event.target.value)}
        />
        <label className="flex cursor-pointer items-center gap-3">
          <input
            type="checkbox"
            className="checkbox"
            checked={revokeOtherSessions}
            onChange={(event) => setRevokeOtherSessions(event.target.checked)}
          />
          <span>Sign out other devices</span>
        </label>
        <div>
          <button type="submit" className="btn btn-primary" disabled={changePassword.isPending}>
            {changePassword.isPending ? 'Saving…' : 'Change password'}
          </button>
        </div>
      </div>
    </form>
  );
}
