import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { createRouter } from './app/router';
import { meQueryKey } from './features/auth/api/use-me';
import { setUnauthorizedHandler } from './lib/api-client';
import { loginPathFrom } from './lib/login-path';
import './styles.css';

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
