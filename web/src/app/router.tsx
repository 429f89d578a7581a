import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { AllUsersPage } from '../features/users/pages/all-users-page';
import { PersonalDetailsPage } from '../features/account/pages/personal-details-page';
import { SettingsPage } from '../features/account/pages/settings-page';
import { LoginPage } from '../features/auth/pages/login-page';
import { RegisterPage } from '../features/auth/pages/register-page';
import { ResetPasswordPage } from '../features/auth/pages/reset-password-page';
import { AllSessionsPage } from '../features/sessions/pages/all-sessions-page';
import { HomePage } from '../features/sessions/pages/home-page';
import { RedirectIfSignedIn } from './guards/redirect-if-signed-in';
import { RequireAuth } from './guards/require-auth';
import { AdminOnly } from './guards/require-role';
import { DashboardLayout } from './layouts/dashboard-layout';
import { RootLayout } from './layouts/root-layout';
import { NotFoundPage } from './not-found-page';
import { RouteErrorPage } from './route-error-page';

/*
 * Routes of spec §2, grouped so that each feature adds its own entries:
 * - publicRoutes: anyone (add /session/:id under signedInRoutes, it needs a login);
 * - authRoutes: only signed-out visitors (a signed-in user goes to / or ?from=);
 * - signedInRoutes: any signed-in user, outside the dashboard;
 * - dashboardRoutes: children of /dashboard. Wrap role-specific pages in StudentOnly,
 *   TutorOnly or AdminOnly (guards/require-role.tsx) and add their sidebar entry to
 *   dashboard-menu.ts.
 */

export const publicRoutes: RouteObject[] = [
  { index: true, element: <HomePage /> },
  { path: 'all-sessions', element: <AllSessionsPage /> },
  { path: 'reset-password', element: <ResetPasswordPage /> },
];

export const authRoutes: RouteObject[] = [
  { path: 'login', element: <LoginPage /> },
  { path: 'register', element: <RegisterPage /> },
];

export const signedInRoutes: RouteObject[] = [
  // { path: 'session/:id', element: <SessionDetailsPage /> },
];

export const dashboardRoutes: RouteObject[] = [
  { index: true, element: <PersonalDetailsPage /> },
  { path: 'settings', element: <SettingsPage /> },
  // Student pages: { path: 'view-booked-session', element: <StudentOnly>…</StudentOnly> }
  // Tutor pages: { path: 'create-session', element: <TutorOnly>…</TutorOnly> }
  // Admin pages:
  {
    path: 'all-users',
    element: (
      <AdminOnly>
        <AllUsersPage />
      </AdminOnly>
    ),
  },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    // Shown without the layout only when the layout itself fails.
    errorElement: <RouteErrorPage />,
    children: [
      {
        // Errors of any page render inside the layout, keeping the navbar.
        errorElement: <RouteErrorPage />,
        children: [
          ...publicRoutes,
          {
            element: <RedirectIfSignedInOutlet />,
            children: authRoutes,
          },
          {
            element: <RequireAuthOutlet />,
            children: [
              ...signedInRoutes,
              { path: 'dashboard', element: <DashboardLayout />, children: dashboardRoutes },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

function RedirectIfSignedInOutlet() {
  return (
    <RedirectIfSignedIn>
      <Outlet />
    </RedirectIfSignedIn>
  );
}

function RequireAuthOutlet() {
  return (
    <RequireAuth>
      <Outlet />
    </RequireAuth>
  );
}

export function createRouter() {
  return createBrowserRouter(routes);
}
