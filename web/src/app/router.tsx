import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { HomePage } from '#web/features/sessions/pages/home-page.tsx';
import { RedirectIfSignedIn } from '#web/app/guards/redirect-if-signed-in.tsx';
import { RequireAuth } from '#web/app/guards/require-auth.tsx';
import { AdminOnly, RequireRole, StudentOnly, TutorOnly } from '#web/app/guards/require-role.tsx';
import { RootLayout } from '#web/app/layouts/root-layout.tsx';
import { NotFoundPage } from '#web/app/not-found-page.tsx';
import { RouteErrorPage } from '#web/app/route-error-page.tsx';
import { lazyPage } from '#web/app/lazy-page.ts';
import type { Translator } from '#web/lib/i18n.ts';

// Every page but Home is loaded on first visit (app/lazy-page.ts): keep new pages lazy too.
const AllUsersPage = lazyPage(() => import('#web/features/users/pages/all-users-page.tsx'), 'AllUsersPage');
const AuditLogPage = lazyPage(() => import('#web/features/audit-log/pages/audit-log-page.tsx'), 'AuditLogPage');
const BackgroundJobsPage = lazyPage(() => import('#web/features/jobs/pages/background-jobs-page.tsx'), 'BackgroundJobsPage');
const UploadMaterialsPage = lazyPage(() => import('#web/features/materials/pages/upload-materials-page.tsx'), 'UploadMaterialsPage');
const ViewAllMaterialsPage = lazyPage(() => import('#web/features/materials/pages/view-all-materials-page.tsx'), 'ViewAllMaterialsPage');
const StudyMaterialsPage = lazyPage(() => import('#web/features/materials/pages/study-materials-page.tsx'), 'StudyMaterialsPage');
const AllMaterialsPage = lazyPage(() => import('#web/features/materials/pages/all-materials-page.tsx'), 'AllMaterialsPage');
const PersonalDetailsPage = lazyPage(() => import('#web/features/account/pages/personal-details-page.tsx'), 'PersonalDetailsPage');
const SettingsPage = lazyPage(() => import('#web/features/account/pages/settings-page.tsx'), 'SettingsPage');
const LoginPage = lazyPage(() => import('#web/features/auth/pages/login-page.tsx'), 'LoginPage');
const RegisterPage = lazyPage(() => import('#web/features/auth/pages/register-page.tsx'), 'RegisterPage');
const ResetPasswordPage = lazyPage(() => import('#web/features/auth/pages/reset-password-page.tsx'), 'ResetPasswordPage');
const AllSessionsPage = lazyPage(() => import('#web/features/sessions/pages/all-sessions-page.tsx'), 'AllSessionsPage');
const TutorProfilePage = lazyPage(() => import('#web/features/sessions/pages/tutor-profile-page.tsx'), 'TutorProfilePage');
const SessionDetailsPage = lazyPage(() => import('#web/app/pages/session-details-page.tsx'), 'SessionDetailsPage');
const CreateSessionPage = lazyPage(() => import('#web/features/sessions/pages/create-session-page.tsx'), 'CreateSessionPage');
const ManageSessionsPage = lazyPage(() => import('#web/features/sessions/pages/manage-sessions-page.tsx'), 'ManageSessionsPage');
const EditSessionPage = lazyPage(() => import('#web/features/sessions/pages/edit-session-page.tsx'), 'EditSessionPage');
const TutorSessionDetailsPage = lazyPage(() => import('#web/app/pages/tutor-session-details-page.tsx'), 'TutorSessionDetailsPage');
const AdminSessionsPage = lazyPage(() => import('#web/features/sessions/pages/admin-sessions-page.tsx'), 'AdminSessionsPage');
const BookedSessionsPage = lazyPage(() => import('#web/features/bookings/pages/booked-sessions-page.tsx'), 'BookedSessionsPage');
const BookedSessionPage = lazyPage(() => import('#web/features/bookings/pages/booked-session-page.tsx'), 'BookedSessionPage');
const CreateNotePage = lazyPage(() => import('#web/features/notes/pages/create-note-page.tsx'), 'CreateNotePage');
const ManageNotesPage = lazyPage(() => import('#web/features/notes/pages/manage-notes-page.tsx'), 'ManageNotesPage');
const NotePage = lazyPage(() => import('#web/features/notes/pages/note-page.tsx'), 'NotePage');
const EditNotePage = lazyPage(() => import('#web/features/notes/pages/edit-note-page.tsx'), 'EditNotePage');
const PaymentSuccessPage = lazyPage(() => import('#web/features/payments/pages/payment-success-page.tsx'), 'PaymentSuccessPage');
const PaymentCancelledPage = lazyPage(() => import('#web/features/payments/pages/payment-cancelled-page.tsx'), 'PaymentCancelledPage');
const TestPaymentPage = lazyPage(() => import('#web/app/pages/test-payment-page.tsx'), 'TestPaymentPage');
const DashboardLayout = lazyPage(() => import('#web/app/layouts/dashboard-layout.tsx'), 'DashboardLayout');

/**
 * A route's `handle`: `searchParams` lists the query parameters its page reads
 * (`useSearchParams`). A signed-out visitor's page is drawn by the server, and kept, for the path
 * and these parameters only (web/src/entry-server.tsx `sharedPageUrl`), so that `?v=<random>`
 * cannot force a fresh render each time: a page reading a parameter not listed here would be
 * drawn without it. tests/api/server-render-load.test.ts checks the list against the pages.
 */
export interface RouteHandle {
  searchParams?: readonly string[];
  /**
   * A public page worth sharing: its summary for search results and link previews. The server
   * then adds its canonical link and Open Graph and Twitter tags (web/src/lib/page-meta.ts); a
   * page may say more about itself with useTitle's description (a session's own text). In the
   * page's language: `(t) => t('routes.home')`.
   */
  description?: (t: Translator['t']) => string;
}

/*
 * The routes, grouped so that each feature adds its own entries:
 * - publicRoutes: anyone (a session's details too: reading is public, booking needs a login);
 * - authRoutes: only signed-out visitors (a signed-in user goes to / or ?from=);
 * - signedInRoutes: any signed-in user, outside the dashboard;
 * - dashboardRoutes: children of /dashboard. Wrap role-specific pages in StudentOnly,
 *   TutorOnly or AdminOnly (guards/require-role.tsx) and add their sidebar entry to
 *   dashboard-menu.ts.
 */

export const publicRoutes: RouteObject[] = [
  {
    index: true,
    element: <HomePage />,
    handle: { description: (t) => t('routes.home') } satisfies RouteHandle,
  },
  {
    path: 'all-sessions',
    element: <AllSessionsPage />,
    handle: { searchParams: ['q', 'open', 'after'], description: (t) => t('routes.allSessions') } satisfies RouteHandle,
  },
  { path: 'reset-password', element: <ResetPasswordPage />, handle: { searchParams: ['token', 'error'], description: (t) => t('routes.resetPassword') } satisfies RouteHandle },
  // Read by anyone (a shared link, a calendar entry); booking asks to log in.
  { path: 'session/:id', element: <SessionDetailsPage /> },
  // A tutor's public page, linked from every "by …".
  { path: 'tutors/:id', element: <TutorProfilePage /> },
];

// `?from=` is read only once signed in (RedirectIfSignedIn), never on a page drawn for a signed-out visitor.
export const authRoutes: RouteObject[] = [
  { path: 'login', element: <LoginPage />, handle: { searchParams: ['reset', 'verified', 'error'], description: (t) => t('routes.login') } satisfies RouteHandle },
  { path: 'register', element: <RegisterPage />, handle: { description: (t) => t('routes.register') } satisfies RouteHandle },
];

export const signedInRoutes: RouteObject[] = [
  { path: 'payment/success', element: <PaymentSuccessPage />, handle: { searchParams: ['checkout_session_id'] } satisfies RouteHandle },
  { path: 'payment/cancelled', element: <PaymentCancelledPage />, handle: { searchParams: ['session'] } satisfies RouteHandle },
  // Where Stripe is not configured and test payments are on: the stand-in for Checkout.
  { path: 'payment/test/:id', element: <TestPaymentPage /> },
];

export const dashboardRoutes: RouteObject[] = [
  { index: true, element: <PersonalDetailsPage />, handle: { searchParams: ['verified', 'verification'] } satisfies RouteHandle },
  // ?export=emailed: a large data archive is being built, its link emailed.
  { path: 'settings', element: <SettingsPage />, handle: { searchParams: ['export', 'minutes'] } satisfies RouteHandle },
  // Student pages: { path: 'view-booked-session', element: <StudentOnly>…</StudentOnly> }
  { path: 'view-booked-session', element: <StudentOnly><BookedSessionsPage /></StudentOnly> },
  { path: 'view-booked-session/:id', element: <StudentOnly><BookedSessionPage /></StudentOnly> },
  { path: 'create-note', element: <StudentOnly><CreateNotePage /></StudentOnly> },
  { path: 'manage-personal-notes', element: <StudentOnly><ManageNotesPage /></StudentOnly> },
  { path: 'note/:id', element: <StudentOnly><NotePage /></StudentOnly> },
  { path: 'note/edit/:id', element: <StudentOnly><EditNotePage /></StudentOnly> },
  { path: 'study-materials', element: <StudentOnly><StudyMaterialsPage /></StudentOnly> },
  // Tutor pages: { path: 'create-session', element: <TutorOnly>…</TutorOnly> }
  { path: 'upload-materials', element: <TutorOnly><UploadMaterialsPage /></TutorOnly> },
  { path: 'view-all-materials', element: <TutorOnly><ViewAllMaterialsPage /></TutorOnly> },
  { path: 'create-session', element: <TutorOnly><CreateSessionPage /></TutorOnly> },
  { path: 'manage-sessions', element: <TutorOnly><ManageSessionsPage /></TutorOnly> },
  // Tutors edit and view their own sessions; admins reach the same pages from All Sessions.
  { path: 'session/edit/:id', element: <RequireRole roles={['tutor', 'admin']}><EditSessionPage /></RequireRole> },
  { path: 'session/:email/:id', element: <RequireRole roles={['tutor', 'admin']}><TutorSessionDetailsPage /></RequireRole> },
  // Admin pages:
  { path: 'all-materials', element: <AdminOnly><AllMaterialsPage /></AdminOnly> },
  { path: 'all-sessions', element: <AdminOnly><AdminSessionsPage /></AdminOnly>, handle: { searchParams: ['q', 'status'] } satisfies RouteHandle },
  { path: 'background-jobs', element: <AdminOnly><BackgroundJobsPage /></AdminOnly>, handle: { searchParams: ['state'] } satisfies RouteHandle },
  { path: 'audit-log', element: <AdminOnly><AuditLogPage /></AdminOnly>, handle: { searchParams: ['action', 'q'] } satisfies RouteHandle },
  {
    path: 'all-users',
    element: (
      <AdminOnly>
        <AllUsersPage />
      </AdminOnly>
    ),
    handle: { searchParams: ['q', 'role'] } satisfies RouteHandle,
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
