// First: configures zod before any contract schema is created.
import '#web/lib/zod-without-eval.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from '#web/app/providers.tsx';
import { createQueryClient } from '#web/app/query-client.ts';
import { createRouter } from '#web/app/router.tsx';
import { meQueryKey } from '#web/features/auth/api/use-me.ts';
import { setUnauthorizedHandler } from '#web/lib/api-client.ts';
import { loginPathFrom } from '#web/lib/login-path.ts';
import '#web/styles.css';

const queryClient = createQueryClient();
const router = createRouter();

// PRODUCT.md §3: a 401 means the session ended; forget the user and go to login, replacing
// history so that Back does not return to a page that needs a session.
setUnauthorizedHandler(() => {
  queryClient.setQueryData(meQueryKey, null);
  const { pathname, search, hash } = router.state.location;
  if (pathname === '/login') return;
  void router.navigate(loginPathFrom({ pathname, search, hash }), { replace: true });
});

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

createRoot(rootElement).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
