import { type KeyboardEvent, Suspense, useEffect, useRef, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { Spinner } from '#web/components/spinner.tsx';
import { meQuery, useMe } from '#web/features/auth/api/use-me.ts';
import { dashboardMenuFor } from '#web/app/dashboard-menu.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import { pageQueryClient } from '#web/lib/page-data.ts';

const DRAWER_ID = 'dashboard-drawer';

/** Who is signed in: the sidebar is their role's (requireAuth, above it, has read it already). */
export async function loader() {
  await pageQueryClient().ensureQueryData(meQuery);
  return null;
}

/**
 * The dashboard shell: a spinner while the role loads, then the role's sidebar (a drawer
 * opened by "Menu" on small screens, always open on large ones) beside the page.
 */
export function DashboardLayout() {
  const { t } = useTranslator();
  const { user, isPending } = useMe();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const location = useLocation();
  const filtersButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => setDrawerOpen(false), [location.pathname]);

  // Keyboard users land in the opened drawer. daisyUI reveals it after a short transition
  // delay, and a hidden element cannot take focus: try again for a few frames.
  useEffect(() => {
    if (!drawerOpen) return;
    let frame = 0;
    let tries = 0;
    const focusClose = () => {
      closeButton.current?.focus();
      if (document.activeElement !== closeButton.current && ++tries < 60) {
        frame = requestAnimationFrame(focusClose);
      }
    };
    focusClose();
    return () => cancelAnimationFrame(frame);
  }, [drawerOpen]);

  /** Closes the drawer and gives focus back to the button that opened it. */
  function closeDrawer() {
    setDrawerOpen(false);
    filtersButton.current?.focus();
  }

  function closeOnEscape(event: KeyboardEvent) {
    if (event.key === 'Escape' && drawerOpen) closeDrawer();
  }

  if (isPending || !user) return <Spinner label={t('layout.loadingDashboard')} />;

  return (
    <div className="drawer lg:drawer-open">
      <input
        id={DRAWER_ID}
        type="checkbox"
        className="drawer-toggle"
        checked={drawerOpen}
        onChange={(event) => setDrawerOpen(event.target.checked)}
        tabIndex={-1}
        aria-hidden="true"
      />
      <div className="drawer-content flex min-w-0 flex-col gap-4 lg:pl-6">
        <div className="lg:hidden">
          <button
            ref={filtersButton}
            type="button"
            className="btn btn-outline btn-sm"
            aria-controls="dashboard-sidebar"
            aria-expanded={drawerOpen}
            onClick={() => setDrawerOpen(true)}
          >
            <svg
              xmlns="http://www.w3.org/2000/svg"
              className="h-4 w-4"
              fill="none"
              viewBox="0 0 24 24"
              stroke="currentColor"
              aria-hidden="true"
            >
              <path strokeLinecap="round" strokeWidth="2" d="M4 6h16M4 12h16M4 18h16" />
            </svg>
            {t('layout.menu')}
          </button>
        </div>
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </div>
      <div className="drawer-side z-30 lg:z-auto">
        {/* Named by its text: aria-label is not allowed on a <label>, which has no role. */}
        <label htmlFor={DRAWER_ID} className="drawer-overlay">
          <span className="sr-only">{t('layout.closeSidebar')}</span>
        </label>
        <nav
          id="dashboard-sidebar"
          aria-label={t('nav.dashboard')}
          onKeyDown={closeOnEscape}
          className="min-h-full w-64 max-w-[80vw] bg-base-200 p-4 lg:min-h-0 lg:rounded-box"
        >
          <div className="mb-2 flex items-center justify-between lg:hidden">
            <span className="font-semibold">{t('nav.dashboard')}</span>
            <button
              ref={closeButton}
              type="button"
              className="btn btn-ghost btn-sm btn-square"
              aria-label={t('layout.closeSidebar')}
              onClick={closeDrawer}
            >
              ✕
            </button>
          </div>
          <ul className="menu w-full gap-1 p-0">
            {dashboardMenuFor(user.role, t).map((entry) => (
              <li key={entry.to}>
                <NavLink
                  to={entry.to}
                  end
                  className={({ isActive }) => (isActive ? 'menu-active' : '')}
                >
                  {entry.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </div>
  );
}
