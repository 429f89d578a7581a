import { type ActionFunctionArgs, Form, useNavigation, useSearchParams } from 'react-router';
import { signInEmailBody } from '#contract/auth.ts';
import { DoneMessageInPage, RefusalMessage, useFormRefusal } from '#web/components/form-messages.tsx';
import { NoScriptField } from '#web/components/no-script-field.tsx';
import { SubmitButton } from '#web/components/submit-button.tsx';
import { authConfigQuery } from '#web/features/auth/api/use-auth-config.ts';
import { EmailField, PasswordField } from '#web/features/auth/components/account-fields.tsx';
import { AuthCard, OtherWaysIn } from '#web/features/auth/components/auth-card.tsx';
import { SsoButton } from '#web/features/auth/components/sso-button.tsx';
import { apiRequest } from '#web/lib/api-client.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import { returnPathFrom } from '#web/lib/login-path.ts';
import { formBody, formText, pageQueryClient, refused, refusedBecause, sentOn } from '#web/lib/page-data.ts';
import { useTitle } from '#web/lib/use-title.ts';

/** The page shows Google's button when the server offers it. (Signed in? The parent route's loader sent the visitor on.) */
export async function loader() {
  await pageQueryClient().ensureQueryData(authConfigQuery);
  return null;
}

/**
 * Log In, or "Forgot password?" (the same form, `intent=forgot`, so that it works without the
 * app): signed in, the visitor goes back where they came from (`?from=`, else Home), which says
 * "Login Successful"; refused, the page again with "Login Failed" and the server's reason.
 */
export async function action({ request }: ActionFunctionArgs) {
  const fields = await request.formData();
  const url = new URL(request.url);
  if (formText(fields).intent === 'forgot') {
    const email = formText(fields).email?.trim() ?? '';
    if (!email) return refusedBecause('login.emailRequired', 'forgot');
    try {
      await apiRequest('/auth/request-password-reset', { method: 'POST', body: { email, redirectTo: '/reset-password' } });
    } catch (error) {
      return refused(error, 'forgot');
    }
    return sentOn(url.pathname + url.search, 'login.resetSent');
  }
  try {
    await apiRequest('/auth/sign-in/email', { method: 'POST', body: formBody(signInEmailBody.pick({ email: true, password: true }), fields), redirectOnUnauthorized: false });
  } catch (error) {
    return refused(error);
  }
  // Someone else now: nothing read for the signed-out visitor stays.
  await pageQueryClient().resetQueries();
  return sentOn(returnPathFrom(url.searchParams, url.origin), 'login.succeeded');
}

export function LoginPage() {
  const { t } = useTranslator();
  useTitle(t('login.title'));
  const navigation = useNavigation();
  const sending = navigation.state === 'submitting' ? navigation.formData?.get('intent') ?? 'login' : null;
  const forgotRefused = useFormRefusal('forgot');
  // Where a verification link lands (contract/auth.ts VERIFIED_LANDING): opening it signs no one
  // in, so the page says the address is verified and asks to log in; better-auth adds `?error=`
  // when the link was not valid.
  const [params] = useSearchParams();
  const verifiedLink = params.get('verified') === '1' ? (params.get('error') ? 'failed' : 'verified') : null;

  return (
    <AuthCard heading={t('login.heading')}>
      {/* A password just reset: said above the form, which stays free to fill. */}
      <DoneMessageInPage done="resetPassword.succeeded" />
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
      {/* Sent before the app is live, or without it, the form goes to this page's own address, where the server runs the same action. */}
      <Form method="post" className="flex flex-col gap-4">
        <NoScriptField />
        <RefusalMessage title={forgotRefused ? t('login.resetFailed') : t('login.failed')} />
        <EmailField />
        <PasswordField label={t('login.password')} name="password" kind="current" />
        <SubmitButton className="btn btn-primary w-full" busy={sending === 'login'} busyLabel={t('login.submitting')} label={t('login.submit')} />
        {/* After "Log In": Enter in a field sends the form with its first submit button. */}
        <div className="text-center">
          <button type="submit" name="intent" value="forgot" formNoValidate className="btn btn-link btn-sm px-0" disabled={sending === 'forgot'}>
            {t('login.forgot')}
          </button>
        </div>
      </Form>
      <SsoButton />
      <OtherWaysIn lead={t('login.newHere')} to="/register" link={t('login.register')} />
    </AuthCard>
  );
}
