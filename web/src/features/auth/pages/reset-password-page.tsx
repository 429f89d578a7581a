import { type ActionFunctionArgs, Form, type LoaderFunctionArgs, useNavigation, useSearchParams } from 'react-router';
import { resetPasswordBody } from '#contract/auth.ts';
import { AlertWithLink } from '#web/components/alert-with-link.tsx';
import { RefusalMessage, useFormRefusal } from '#web/components/form-messages.tsx';
import { NoScriptField } from '#web/components/no-script-field.tsx';
import { SubmitButton } from '#web/components/submit-button.tsx';
import { TextField } from '#web/components/text-field.tsx';
import { apiRequest } from '#web/lib/api-client.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import { formBody, formText, pageQueryClient, refused, refusedBecause, sentOn } from '#web/lib/page-data.ts';
import { useTitle } from '#web/lib/use-title.ts';
import { resetTokenStatusQuery, useResetTokenStatus } from '#web/features/auth/api/use-reset-token-status.ts';
import { PasswordField } from '#web/features/auth/components/account-fields.tsx';
import { AuthCard } from '#web/features/auth/components/auth-card.tsx';

/** The link's token and better-auth's `?error=` (set when it redirects here with an expired or used link). */
function linkOf(url: URL) {
  return { token: url.searchParams.get('token'), linkError: url.searchParams.get('error') };
}

/** Whether the link can still set a password, asked before the form is shown (a used or expired link says so at once). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { token, linkError } = linkOf(new URL(request.url));
  if (token && !linkError) await pageQueryClient().prefetchQuery(resetTokenStatusQuery(token));
  return null;
}

/**
 * The new password, typed twice, for the link's token: set, the login page, which says the
 * password was changed; refused (the two differ, the link no longer works), the page again.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { token } = linkOf(new URL(request.url));
  if (!token) return refusedBecause('resetPassword.badLink');
  const fields = formText(await request.formData());
  const newPassword = fields.newPassword ?? '';
  if (newPassword !== (fields.confirmPassword ?? '')) return refusedBecause('resetPassword.mismatch');
  try {
    await apiRequest('/auth/reset-password', { method: 'POST', body: formBody(resetPasswordBody, { token, newPassword }) });
  } catch (error) {
    return refused(error);
  }
  return sentOn('/login', 'resetPassword.succeeded');
}

/** The page the password-reset email links to: `/reset-password?token=…`. */
export function ResetPasswordPage() {
  const { t } = useTranslator();
  useTitle(t('resetPassword.title'));
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const linkError = searchParams.get('error');
  const status = useResetTokenStatus(linkError ? null : token);
  const unusable = !token || Boolean(linkError) || status.data?.usable === false;
  const refusal = useFormRefusal();
  // The two passwords differ: said under the second, as the browser says its own checks.
  const mismatch = refusal?.reason === 'resetPassword.mismatch';
  const sending = useNavigation().state === 'submitting';

  return (
    <AuthCard heading={t('resetPassword.heading')}>
      {unusable ? (
        <AlertWithLink text={t('resetPassword.unusable')} to="/login" linkText={t('resetPassword.askNewLink')} className="alert alert-error flex flex-col items-start gap-2" />
      ) : status.isPending ? (
        <p className="text-sm text-base-content/70">{t('resetPassword.checking')}</p>
      ) : (
        // Sent before the app is live, or without it, the form goes to this page's own address
        // (with the link's token), where the server runs the same action.
        <Form method="post" className="flex flex-col gap-4">
          <NoScriptField />
          {!mismatch && <RefusalMessage title={t('resetPassword.failed')} />}
          <PasswordField label={t('account.newPassword')} name="newPassword" kind="new" />
          <TextField label={t('resetPassword.confirm')} name="confirmPassword" type="password" autoComplete="new-password" required error={mismatch ? t('resetPassword.mismatch') : undefined} />
          <SubmitButton className="btn btn-primary w-full" busy={sending} busyLabel={t('account.saving')} label={t('resetPassword.submit')} />
        </Form>
      )}
    </AuthCard>
  );
}
