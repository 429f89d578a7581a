import { useState } from 'react';
import { errorMessage } from '#web/lib/api-client.ts';
import { showErrorDialog } from '#web/lib/dialogs.ts';
import { useAuthConfig } from '#web/features/auth/api/use-auth-config.ts';
import { signInWithGoogle } from '#web/features/auth/api/sign-in-with-google.ts';
import { useTranslator } from '#web/lib/i18n.ts';

/** Shown only when the server has Google sign-in configured. */
export function GoogleSignInButton() {
  const { t } = useTranslator();
  const { data: config } = useAuthConfig();
  const [redirecting, setRedirecting] = useState(false);
  if (!config?.googleSignIn) return null;

  async function handleClick() {
    setRedirecting(true);
    try {
      await signInWithGoogle();
    } catch (error) {
      setRedirecting(false);
      await showErrorDialog(t('login.googleFailed'), errorMessage(error));
    }
  }

  return (
    <>
      <div className="divider">{t('login.or')}</div>
      <button
        type="button"
        className="btn btn-outline w-full"
        onClick={() => void handleClick()}
        disabled={redirecting}
      >
        <svg viewBox="0 0 48 48" className="h-5 w-5" aria-hidden="true">
          <path fill="#FFC107" d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z" />
          <path fill="#FF3D00" d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z" />
          <path fill="#4CAF50" d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2c-2 1.5-4.5 2.4-7.2 2.4-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z" />
          <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z" />
        </svg>
        {t('login.google')}
      </button>
    </>
  );
}
