import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmailField, PasswordField } from '#web/features/auth/components/account-fields.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { fieldText } from '#web/lib/form-fields.ts';
import { showErrorDialog, showSuccessToast } from '#web/lib/dialogs.ts';
import { useTitle } from '#web/lib/use-title.ts';
import { meQueryKey } from '#web/features/auth/api/use-me.ts';
import { useRequestPasswordReset } from '#web/features/auth/api/use-request-password-reset.ts';
import { useSignIn } from '#web/features/auth/api/use-sign-in.ts';
import { GoogleSignInButton } from '#web/features/auth/components/google-sign-in-button.tsx';
import { NoScriptField } from '#web/components/no-script-field.tsx';
import { useTranslator } from '#web/lib/i18n.ts';

export function LoginPage() {
  const { t } = useTranslator();
  useTitle(t('login.title'));
  const form = useRef<HTMLFormElement>(null);
  const signIn = useSignIn();
  const requestReset = useRequestPasswordReset();
  const queryClient = useQueryClient();
  // Sent by the server's way (`?reset=sent`, server/http/page-forms.ts): the app says it with a toast.
  const [params] = useSearchParams();
  const resetSent = params.get('reset') === 'sent';

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // "Forgot password?" sends the same form (so that it works without the app), asking for a link.
    if ((event.nativeEvent as SubmitEvent).submitter?.getAttribute('value') === 'forgot') {
      await handleForgotPassword();
      return;
    }
    const fields = new FormData(event.currentTarget);
    try {
      await signIn.mutateAsync({ email: fieldText(fields, 'email'), password: fieldText(fields, 'password') });
    } catch (error) {
      await showErrorDialog(t('login.failed'), errorMessage(error));
      return;
    }
    await showSuccessToast(t('login.succeeded'));
    // Once ['me'] holds the user, RedirectIfSignedIn returns them to `?from=` (default /).
    await queryClient.refetchQueries({ queryKey: meQueryKey });
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
    <section className="mx-auto w-full max-w-md">
      <div className="card bg-base-100 shadow-md">
        <div className="card-body gap-4">
          <h1 className="text-center text-2xl font-bold">{t('login.heading')}</h1>
          {resetSent && (
            <p role="status" className="alert alert-success alert-soft">
              {t('login.resetSent')}
            </p>
          )}
          {/* Sent before the app is live, the form goes to this page's own address, where the server signs in (server/http/page-forms.ts). */}
          <form ref={form} method="post" className="flex flex-col gap-4" onSubmit={(event) => void handleSubmit(event)}>
            <NoScriptField />
            <EmailField />
            <PasswordField label={t('login.password')} name="password" kind="current" />
            <button type="submit" className="btn btn-primary w-full" disabled={signIn.isPending}>
              {signIn.isPending ? t('login.submitting') : t('login.submit')}
            </button>
            {/* After "Log In": Enter in a field sends the form with its first submit button. */}
            <div className="text-center">
              <button type="submit" name="intent" value="forgot" formNoValidate className="btn btn-link btn-sm px-0" disabled={requestReset.isPending}>
                {t('login.forgot')}
              </button>
            </div>
          </form>
          <GoogleSignInButton />
          <p className="text-center text-sm">
            {t('login.newHere')}{' '}
            <Link to="/register" className="link link-primary">
              {t('login.register')}
            </Link>
          </p>
        </div>
      </div>
    </section>
  );
}
