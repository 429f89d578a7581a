import { type FormEvent, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { EmailField, PasswordField } from '#web/features/auth/components/account-fields.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { fieldText } from '#web/lib/form-fields.ts';
import { showErrorDialog, showSuccessToast } from '#web/lib/dialogs.ts';
import { useTitle } from '#web/lib/use-title.ts';
import { useRequestPasswordReset } from '#web/features/auth/api/use-request-password-reset.ts';
import { useSignIn } from '#web/features/auth/api/use-sign-in.ts';
import { AuthCard, OtherWaysIn } from '#web/features/auth/components/auth-card.tsx';
import { useSignInWith } from '#web/features/auth/use-sign-in-with.ts';
import { NoScriptField } from '#web/components/no-script-field.tsx';
import { SubmitButton } from '#web/components/submit-button.tsx';
import { useTranslator } from '#web/lib/i18n.ts';

export function LoginPage() {
  const { t } = useTranslator();
  useTitle(t('login.title'));
  const form = useRef<HTMLFormElement>(null);
  const signIn = useSignIn();
  const requestReset = useRequestPasswordReset();
  const signInWith = useSignInWith();
  // Sent by the server's way (`?reset=sent`, server/http/page-forms.ts): the app says it with a toast.
  const [params] = useSearchParams();
  const resetSent = params.get('reset') === 'sent';
  // Where a verification link lands (contract/auth.ts VERIFIED_LANDING): opening it signs no one
  // in, so the page says the address is verified and asks to log in; better-auth adds `?error=`
  // when the link was not valid.
  const verifiedLink = params.get('verified') === '1' ? (params.get('error') ? 'failed' : 'verified') : null;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // "Forgot password?" sends the same form (so that it works without the app), asking for a link.
    if ((event.nativeEvent as SubmitEvent).submitter?.getAttribute('value') === 'forgot') {
      await handleForgotPassword();
      return;
    }
    const fields = new FormData(event.currentTarget);
    await signInWith(() => signIn.mutateAsync({ email: fieldText(fields, 'email'), password: fieldText(fields, 'password') }), { failed: t('login.failed'), succeeded: t('login.succeeded') });
  }

  async function handleForgotPassword() {
    const email = form.current ? fieldText(new FormData(form.current), 'email') : '';
    if (!email.trim()) {
      await showErrorDialog(t('login.emailRequired'));
      return;
    }
    try {
      await requestReset.mutateAsync(email.trim());
    } catch (error) {
      await showErrorDialog(t('login.resetFailed'), errorMessage(error));
      return;
    }
    await showSuccessToast(t('login.resetSent'));
  }

  return (
    <AuthCard heading={t('login.heading')}>
      {resetSent && (
        <p role="status" className="alert alert-success alert-soft">
          {t('login.resetSent')}
        </p>
      )}
      {verifiedLink === 'verified' && (
        <p role="status" className="alert alert-success alert-soft">
          {t('login.emailVerified')}
        </p>
      )}
      {verifiedLink === 'failed' && (
        <p role="alert" className="alert alert-warning alert-soft">
          {t('login.verifyFailed')}
        </p>
      )}
      {/* Sent before the app is live, the form goes to this page's own address, where the server signs in (server/http/page-forms.ts). */}
      <form ref={form} method="post" className="flex flex-col gap-4" onSubmit={(event) => void handleSubmit(event)}>
        <NoScriptField />
        <EmailField />
        <PasswordField label={t('login.password')} name="password" kind="current" />
        <SubmitButton className="btn btn-primary w-full" busy={signIn.isPending} busyLabel={t('login.submitting')} label={t('login.submit')} />
        {/* After "Log In": Enter in a field sends the form with its first submit button. */}
        <div className="text-center">
          <button type="submit" name="intent" value="forgot" formNoValidate className="btn btn-link btn-sm px-0" disabled={requestReset.isPending}>
            {t('login.forgot')}
          </button>
        </div>
      </form>
      <OtherWaysIn lead={t('login.newHere')} to="/register" link={t('login.register')} />
    </AuthCard>
  );
}
