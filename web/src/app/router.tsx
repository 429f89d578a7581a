import { type ActionFunction, createBrowserRouter, data, type HydrationState, type LoaderFunction, type RouteObject } from 'react-router';
import type { ComponentType } from 'react';
import { HomePage, homeLoader } from '#web/features/sessions/pages/home-page.tsx';
import { redirectIfSignedIn, requireAuth, requireRole, rootLoader } from '#web/app/guards/guards.ts';
import { RootLayout } from '#web/app/layouts/root-layout.tsx';
import { NotFoundPage } from '#web/app/not-found-page.tsx';
import { RouteErrorPage } from '#web/app/route-error-page.tsx';
import type { Translator } from '#web/lib/i18n.ts';

/**
 * A page's route module (docs/decisions/041-pages-loaders-actions.md), loaded on first visit: its
 * component `name`, its `loader` (the data the page shows, its 404s) and, with `action: true`,
 * its `action` (the page's forms). Declared here so that the server knows which pages take a
 * form's POST before any is loaded (entry-server.tsx formPaths).
 */
function page<M extends { loader: LoaderFunction; action?: ActionFunction }>(load: () => Promise<M>, name: { [K in keyof M]: M[K] extends ComponentType ? K : never }[keyof M], { action = false } = {}): Pick<RouteObject, 'lazy'> {
  return {
    lazy: {
      Component: async () => (await load())[name] as ComponentType,
      loader: async () => (await load()).loader,
      ...(action ? { action: async () => (await load()).action! } : {}),
    },
  };
}

/**
 * Pages behind `guard` (guards/guards.ts): it is their group's loader, so it runs before any of
 * their loaders, and it runs before each of their actions too, which React Router calls before any
 * loader of a POST. A form sent to a page the visitor may not see is answered as the page's GET is
 * (sent to log in, or to the dashboard), and its action never runs.
 */
function guarded(guard: LoaderFunction, children: RouteObject[]): RouteObject {
  return { loader: guard, children: children.map((child) => guardActions(child, guard)) };
}

function guardActions(route: RouteObject, guard: LoaderFunction): RouteObject {
  const children = route.children?.map((child) => guardActions(child, guard));
  const lazy = typeof route.lazy === 'object' ? route.lazy : undefined;
  const loadAction = lazy?.action;
  const guardedLazy = loadAction
    ? {
        lazy: {
          ...lazy,
          action: async (): Promise<ActionFunction> => {
            const action = (await loadAction()) as ActionFunction;
            return async (args) => {
              await guard(args);
              return action(args);
            };
          },
        },
      }
    : {};
  return { ...route, ...guardedLazy, ...(children ? { children } : {}) } as RouteObject;
}

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
 * The app's routes, grouped so that each feature adds its own entries:
 * - publicRoutes: anyone (a session's details too: reading is public, booking needs a login);
 * - authRoutes: only signed-out visitors (a signed-in user goes to / or ?from=);
 * - signedInRoutes: any signed-in user, outside the dashboard;
 * - dashboardRoutes: children of /dashboard, in their role's group (guards/guards.ts
 *   requireRole), with their sidebar entry in dashboard-menu.ts.
 */

export const publicRoutes: RouteObject[] = [
  {
    index: true,
    element: <HomePage />,
    loader: homeLoader,
    handle: { description: (t) => t('routes.home') } satisfies RouteHandle,
  },
  {
    path: 'all-sessions',
    ...page(() => import('#web/features/sessions/pages/all-sessions-page.tsx'), 'AllSessionsPage'),
    handle: { searchParams: ['q', 'open', 'when', 'sort', 'after'], description: (t) => t('routes.allSessions') } satisfies RouteHandle,
  },
  { path: 'reset-password', ...page(() => import('#web/features/auth/pages/reset-password-page.tsx'), 'ResetPasswordPage', { action: true }), handle: { searchParams: ['token', 'error'], description: (t) => t('routes.resetPassword') } satisfies RouteHandle },
  // Read by anyone (a shared link, a calendar entry); booking asks to log in.
  { path: 'session/:id', ...page(() => import('#web/app/pages/session-details-page.tsx'), 'SessionDetailsPage', { action: true }) },
  // Where every page's Log out posts (the navbar's form): signed in or not, it ends any session there is.
  { path: 'logout', ...page(() => import('#web/features/auth/pages/logout-page.tsx'), 'LogoutPage', { action: true }) },
  // A tutor's public page, linked from every "by …".
  { path: 'tutors/:id', ...page(() => import('#web/features/sessions/pages/tutor-profile-page.tsx'), 'TutorProfilePage') },
  { path: 'series/:id', ...page(() => import('#web/features/sessions/pages/series-page.tsx'), 'SeriesPage') },
];

// `?from=`: where a signed-in visitor goes (redirectIfSignedIn, the forms' actions), kept by the link between the two pages.
export const authRoutes: RouteObject[] = [
  { path: 'login', ...page(() => import('#web/features/auth/pages/login-page.tsx'), 'LoginPage', { action: true }), handle: { searchParams: ['verified', 'error', 'from', 'sso'], description: (t) => t('routes.login') } satisfies RouteHandle },
  { path: 'register', ...page(() => import('#web/features/auth/pages/register-page.tsx'), 'RegisterPage', { action: true }), handle: { searchParams: ['from'], description: (t) => t('routes.register') } satisfies RouteHandle },
];

export const signedInRoutes: RouteObject[] = [
  { path: 'payment/success', ...page(() => import('#web/features/payments/pages/payment-success-page.tsx'), 'PaymentSuccessPage'), handle: { searchParams: ['checkout_session_id'] } satisfies RouteHandle },
  { path: 'payment/cancelled', ...page(() => import('#web/features/payments/pages/payment-cancelled-page.tsx'), 'PaymentCancelledPage'), handle: { searchParams: ['session'] } satisfies RouteHandle },
  // Where Stripe is not configured and test payments are on: the stand-in for Checkout.
  { path: 'payment/test/:id', ...page(() => import('#web/app/pages/test-payment-page.tsx'), 'TestPaymentPage', { action: true }) },
];

/** Children of /dashboard: add a page to its role's group, and its sidebar entry to dashboard-menu.ts. */
export const dashboardRoutes: RouteObject[] = [
  { index: true, ...page(() => import('#web/features/account/pages/personal-details-page.tsx'), 'PersonalDetailsPage', { action: true }), handle: { searchParams: ['verified'] } satisfies RouteHandle },
  // ?export=emailed: a large data archive is being built, its link emailed.
  { path: 'settings', ...page(() => import('#web/features/account/pages/settings-page.tsx'), 'SettingsPage', { action: true }), handle: { searchParams: ['export', 'minutes'] } satisfies RouteHandle },
  guarded(requireRole('student'), [
    { path: 'view-booked-session', ...page(() => import('#web/features/bookings/pages/booked-sessions-page.tsx'), 'BookedSessionsPage') },
    { path: 'view-booked-session/:id', ...page(() => import('#web/features/bookings/pages/booked-session-page.tsx'), 'BookedSessionPage', { action: true }) },
    { path: 'create-note', ...page(() => import('#web/features/notes/pages/create-note-page.tsx'), 'CreateNotePage', { action: true }) },
    { path: 'manage-personal-notes', ...page(() => import('#web/features/notes/pages/manage-notes-page.tsx'), 'ManageNotesPage', { action: true }) },
    { path: 'note/:id', ...page(() => import('#web/features/notes/pages/note-page.tsx'), 'NotePage') },
    { path: 'note/edit/:id', ...page(() => import('#web/features/notes/pages/edit-note-page.tsx'), 'EditNotePage', { action: true }) },
    { path: 'study-materials', ...page(() => import('#web/features/materials/pages/study-materials-page.tsx'), 'StudyMaterialsPage') },
  ]),
  guarded(requireRole('tutor'), [
    { path: 'upload-materials', ...page(() => import('#web/features/materials/pages/upload-materials-page.tsx'), 'UploadMaterialsPage', { action: true }) },
    // ?edit=<id>: the material whose form is open (Edit is a GET form: it opens without JavaScript too).
    { path: 'view-all-materials', ...page(() => import('#web/features/materials/pages/view-all-materials-page.tsx'), 'ViewAllMaterialsPage', { action: true }), handle: { searchParams: ['edit'] } satisfies RouteHandle },
    { path: 'create-session', ...page(() => import('#web/features/sessions/pages/create-session-page.tsx'), 'CreateSessionPage', { action: true }) },
    // A weekly series: one session per class (docs/decisions/064-series.md).
    { path: 'create-series', ...page(() => import('#web/features/sessions/pages/create-series-page.tsx'), 'CreateSeriesPage', { action: true }) },
    { path: 'manage-sessions', ...page(() => import('#web/features/sessions/pages/manage-sessions-page.tsx'), 'ManageSessionsPage', { action: true }) },
    // The courses a tutor opened StudyNest from as Instructor, and their rosters (docs/decisions/068-lti-nrps.md).
    { path: 'lti-roster', ...page(() => import('#web/features/lti/pages/lti-roster-page.tsx'), 'LtiRosterPage', { action: true }) },
  ]),
  // Tutors edit and view their own sessions; admins reach the same pages from All Sessions.
  guarded(requireRole('tutor', 'admin'), [
    { path: 'session/edit/:id', ...page(() => import('#web/features/sessions/pages/edit-session-page.tsx'), 'EditSessionPage', { action: true }) },
    // An approved class moved before it starts, its students told (decision 053); beside Edit's address.
    { path: 'session/reschedule/:id', ...page(() => import('#web/features/sessions/pages/reschedule-session-page.tsx'), 'RescheduleSessionPage', { action: true }) },
    // ?decide=cancel: Call off's form drawn in the page (its button sent without JavaScript).
    { path: 'session/:email/:id', ...page(() => import('#web/app/pages/tutor-session-details-page.tsx'), 'TutorSessionDetailsPage', { action: true }), handle: { searchParams: ['decide', 'session'] } satisfies RouteHandle },
    // Keys for programs (docs/decisions/056-api-keys.md); a student's only scope reads what is public anyway.
    { path: 'api-keys', ...page(() => import('#web/features/api-keys/pages/api-keys-page.tsx'), 'ApiKeysPage', { action: true }) },
    // An instructor's Deep Linking launch from a learning platform lands here (docs/decisions/062-lti-tool.md).
    { path: 'lti-deep-link/:id', ...page(() => import('#web/features/lti/pages/lti-deep-link-page.tsx'), 'LtiDeepLinkPage') },
  ]),
  guarded(requireRole('admin'), [
    { path: 'all-materials', ...page(() => import('#web/features/materials/pages/all-materials-page.tsx'), 'AllMaterialsPage', { action: true }) },
    { path: 'all-sessions', ...page(() => import('#web/features/sessions/pages/admin-sessions-page.tsx'), 'AdminSessionsPage', { action: true }), handle: { searchParams: ['q', 'status', 'decide', 'session'] } satisfies RouteHandle },
    { path: 'background-jobs', ...page(() => import('#web/features/jobs/pages/background-jobs-page.tsx'), 'BackgroundJobsPage', { action: true }), handle: { searchParams: ['state'] } satisfies RouteHandle },
    { path: 'audit-log', ...page(() => import('#web/features/audit-log/pages/audit-log-page.tsx'), 'AuditLogPage'), handle: { searchParams: ['action', 'q'] } satisfies RouteHandle },
    { path: 'all-users', ...page(() => import('#web/features/users/pages/all-users-page.tsx'), 'AllUsersPage', { action: true }), handle: { searchParams: ['q', 'role'] } satisfies RouteHandle },
    // Learning platforms that open StudyNest through LTI 1.3 (docs/decisions/062-lti-tool.md).
    { path: 'lti-platforms', ...page(() => import('#web/features/lti/pages/lti-platforms-page.tsx'), 'LtiPlatformsPage', { action: true }) },
    // The school's OpenID Connect provider (docs/decisions/065-single-sign-on-settings.md).
    { path: 'single-sign-on', ...page(() => import('#web/features/single-sign-on/pages/single-sign-on-page.tsx'), 'SingleSignOnPage', { action: true }) },
  ]),
];

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    loader: rootLoader,
    // Shown without the layout only when the layout itself fails.
    errorElement: <RouteErrorPage />,
    children: [
      {
        // Errors of any page render inside the layout, keeping the navbar; a loader's 404 is the Not Found page.
        errorElement: <RouteErrorPage />,
        children: [
          ...publicRoutes,
          { loader: redirectIfSignedIn, children: authRoutes },
          guarded(requireAuth, [
            ...signedInRoutes,
            { path: 'dashboard', ...page(() => import('#web/app/layouts/dashboard-layout.tsx'), 'DashboardLayout'), children: dashboardRoutes },
          ]),
          { path: '*', loader: notFound, element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

/** A path no route has: 404, drawn by the error element as the Not Found page. */
function notFound(): never {
  throw data(null, { status: 404 });
}

/** The browser's router: with the server's data for the page it drew (app/server-state.ts), no loader runs again for it. */
export function createRouter(hydrationData?: HydrationState) {
  return createBrowserRouter(routes, { hydrationData });
}
