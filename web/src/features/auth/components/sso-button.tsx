import { useSearchParams } from 'react-router';
import { useAuthConfig } from '#web/features/auth/api/use-auth-config.ts';
import { useTranslator } from '#web/lib/i18n.ts';

/**
 * "Sign in with <label>", shown only when the server has a school's OpenID Connect provider. A
 * plain form (no JavaScript needed): the server sends the browser on to the provider
 * (POST /api/sso/start). A refused sign-in comes back here with `?sso=failed&error=…`, said above
 * the button. docs/decisions/058-single-sign-on.md.
 */
export function SsoButton() {
  const { t } = useTranslator();
  const { data: config } = useAuthConfig();
  const [params] = useSearchParams();
  if (!config?.singleSignOn) return null;
  // better-auth's `error` for a refused sign-in (server/auth/single-sign-on.ts), said in words.
  const error = params.get('sso') === 'failed' ? params.get('error') ?? '' : null;
  const refusal = error === 'domain_not_allowed' ? t('login.ssoDomainRefused') : error === 'account_not_linked' ? t('login.ssoNotLinked') : t('login.ssoFailed');
  const from = params.get('from');

  return (
    <>
      <div className="divider">{t('login.or')}</div>
      {error !== null && (
        <p role="alert" className="alert alert-error alert-soft">
          {refusal}
        </p>
      )}
      <form method="post" action="/api/sso/start">
        {from && <input type="hidden" name="from" value={from} />}
        <button type="submit" className="btn btn-outline w-full">
          {t('login.sso', { label: config.singleSignOn.label })}
        </button>
      </form>
    </>
  );
}
