import { useLocation } from 'react-router';
import { LANGUAGES } from '#i18n/languages.ts';
import { NoScriptField } from '#web/components/no-script-field.tsx';
import { useTranslator } from '#web/lib/i18n.ts';

/**
 * The year, and the language switch: a real form (POST /language, server/i18n/language-routes.ts),
 * so it works before the app is live and without JavaScript; the server sets the choice and
 * draws the page again in it (docs/decisions/027-languages.md).
 */
export function Footer() {
  const { t, language } = useTranslator();
  const { pathname, search } = useLocation();
  return (
    <footer className="footer footer-center bg-base-200 p-6 text-base-content">
      <p>{t('footer.rights', { year: new Date().getFullYear() })}</p>
      <form method="post" action="/language" className="flex flex-wrap items-center justify-center gap-2">
        <NoScriptField />
        <input type="hidden" name="from" value={`${pathname}${search}`} />
        <span id="footer-language">{t('footer.language')}</span>
        <div role="group" aria-labelledby="footer-language" className="flex flex-wrap gap-1">
          {LANGUAGES.map(({ code, name }) => (
            <button
              key={code}
              type="submit"
              name="language"
              value={code}
              lang={code}
              aria-current={language === code ? 'true' : undefined}
              className={`btn btn-ghost btn-sm ${language === code ? 'btn-active' : ''}`}
            >
              {name}
            </button>
          ))}
        </div>
      </form>
    </footer>
  );
}
