import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from '#web/app/providers.tsx';
import { createQueryClient } from '#web/app/query-client.ts';
import { preloadPages } from '#web/app/lazy-page.ts';
import { createRouter, routes } from '#web/app/router.tsx';
import { hydrateServerState } from '#web/app/server-state.ts';
import { meQueryKey } from '#web/features/auth/api/use-me.ts';
import { endSigningOut, setUnauthorizedHandler } from '#web/lib/api-client.ts';
import { loadPageTranslator } from '#web/lib/i18n.ts';
import { loginPathFrom } from '#web/lib/login-path.ts';
import { setPageQueryClient } from '#web/lib/page-data.ts';

const queryClient = createQueryClient();
// The routes' loaders and actions fill and change this one cache (lib/page-data.ts).
setPageQueryClient(() => queryClient);
const hydrationData = hydrateServerState(queryClient);

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

// The page's catalogue (its language is the one the server drew it in), fetched while the
// page's own chunks and route modules are: the app takes the page over with the same words.
const [translator] = await Promise.all([loadPageTranslator(), preloadPages(routes, window.location.pathname).catch(() => undefined)]);
// The router's start (it ranks every route and reads its saved state) and React's first pass,
// each in a task of its own: together with the catalogue's evaluation they made one long task.
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
await nextTask();
const router = createRouter(hydrationData);

// A 401 means the session ended; forget the user and go to login, replacing history so that
// Back does not return to a page that needs a session.
setUnauthorizedHandler(() => {
  queryClient.setQueryData(meQueryKey, null);
  const { pathname, search, hash } = router.state.location;
  if (pathname === '/login') return;
  void router.navigate(loginPathFrom({ pathname, search, hash }), { replace: true });
});
// A sign-out's window (lib/api-client.ts) lasts until the navigation it led to has landed.
router.subscribe((state) => {
  if (state.navigation.state === 'idle') endSigningOut();
});

const app = (
  <StrictMode>
    <AppProviders queryClient={queryClient} translator={translator}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>
);

// The server sends most pages already drawn (server/http/server-render.ts): React takes them
// over instead of drawing them again. As a transition, that work yields to the browser every few
// milliseconds instead of blocking input for the whole page (Total Blocking Time).
// The page's own chunks first (above): a server-drawn page is then hydrated whole, in one pass.
await nextTask();
startTransition(() => {
  if (rootElement.hasChildNodes()) {
    hydrateRoot(rootElement, app, {
      // React draws again in the browser a part that differs from the server's HTML; say so
      // readably (the browser tests fail on it).
      onRecoverableError(error) {
        console.error('Hydration mismatch: part of the page was drawn again in the browser.', error);
      },
    });
  } else {
    createRoot(rootElement).render(app);
  }
});
