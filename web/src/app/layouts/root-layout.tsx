import { Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { DoneMessageNote } from '#web/components/form-messages.tsx';
import { Footer } from '#web/components/footer.tsx';
import { LogOutForm, Navbar } from '#web/components/navbar.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { useMe } from '#web/features/auth/api/use-me.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import { rememberTimeZoneNow } from '#web/lib/time-zone-cookie.ts';

export function RootLayout() {
  const { t } = useTranslator();
  const { user } = useMe();

  // The page is live (hydrated, or drawn by the browser): browser tests wait for this
  // (tests/e2e/fixtures.ts) before they type or click.
  // The time-zone cookie is written by then (lib/time-zone-cookie.ts): the next page the server
  // draws shows this viewer's times.
  useEffect(() => {
    rememberTimeZoneNow();
    document.documentElement.dataset.app = 'ready';
  }, []);

  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:m-2 focus:btn">
        {t('layout.skipToContent')}
      </a>
      <Navbar user={user} />
      {/* At least a screen high: the footer starts below the fold, so pages growing as their
          data arrives do not visibly push it (layout shift). */}
      <main id="main" className="mx-auto min-h-screen w-full max-w-7xl flex-1 px-4 py-6 sm:px-6">
        <DoneMessageNote />
        {/* Pages load on first visit (router.tsx page); the navbar stays meanwhile. */}
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      {user && <LogOutForm />}
      <ScrollRestoration />
    </div>
  );
}
