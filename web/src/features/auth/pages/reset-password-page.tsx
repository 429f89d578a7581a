import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AlertWithLink } from '#web/components/alert-with-link.tsx';
import { TextField } from '#web/components/text-field.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { fieldText } from '#web/lib/form-fields.ts';
import { showErrorDialog, showSuccessToast } from '#web/lib/dialogs.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import { useTitle } from '#web/lib/use-title.ts';
import { useResetPassword } from '#web/features/auth/api/use-reset-password.ts';
import { useResetTokenStatus } from '#web/features/auth/api/use-reset-token-status.ts';
import { PasswordField } from '#web/features/auth/components/account-fields.tsx';
import { AuthCard } from '#web/features/auth/components/auth-card.tsx';
import { NoScriptField } from '#web/components/no-script-field.tsx';
import { SubmitButton } from '#web/components/submit-button.tsx';

/** The page the password-reset email links to: `/reset-password?token=…`. */
export function ResetPasswordPage() {
  const { t } = useTranslator();
  useTitle(t('resetPassword.title'));
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  // better-auth redirects here with ?error=INVALID_TOKEN when the link is expired or used.
  const linkError = searchParams.get('error');
  // Asked before the form is shown (the server draws the answer): a used or expired link says so.
  const status = useResetTokenStatus(linkError ? null : token);
  const unusable = !token || Boolean(linkError) || status.data?.usable === false;
  const [mismatch, setMismatch] = useState(false);
  const resetPassword = useResetPassword();
  const navigate = useNavigate();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!token) return;
    const fields = new FormData(event.currentTarget);
    const newPassword = fieldText(fields, 'newPassword');
    if (newPassword !== fieldText(fields, 'confirmPassword')) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    try {
      await resetPassword.mutateAsync({ token, newPassword });
    } catch (error) {
      await showErrorDialog(t('resetPassword.failed'), errorMessage(error));
      return;
    }
    await showSuccessToast(t('resetPassword.succeeded'), t('resetPassword.succeededText'));
    await navigate('/login', { replace: true });
  }

  return (
    <AuthCard heading={t('resetPassword.heading')}>
      {unusable ? (
        <AlertWithLink text={t('resetPassword.unusable')} to="/login" linkText={t('resetPassword.askNewLink')} className="alert alert-error flex flex-col items-start gap-2" />
      ) : status.isPending ? (
        <p className="text-sm text-base-content/70">{t('resetPassword.checking')}</p>
      ) : (
        // Sent before the app is live, the form goes to this page's own address (with the
        // link's token), where the server sets the password (server/http/page-forms.ts).
        <form method="post" className="flex flex-col gap-4" onSubmit={(event) => void handleSubmit(event)}>
          <NoScriptField />
          <PasswordField label={t('account.newPassword')} name="newPassword" kind="new" />
          <TextField
            label={t('resetPassword.confirm')}
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            required
            error={mismatch ? t('resetPassword.mismatch') : undefined}
          />
          <SubmitButton className="btn btn-primary w-full" busy={resetPassword.isPending} busyLabel={t('account.saving')} label={t('resetPassword.submit')} />
        </form>
      )}
    </AuthCard>
  );
}
