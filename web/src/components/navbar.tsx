import { useEffect, useState } from 'react';
import { Form, Link, NavLink, useLocation } from 'react-router';
import logoUrl from '#web/assets/logo.svg';
import { Avatar } from '#web/components/avatar.tsx';
import { NoScriptField } from '#web/components/no-script-field.tsx';
import { useTranslator } from '#web/lib/i18n.ts';

export type NavbarUser = { name: string; email: string; image: string | null };

type NavbarProps = {
  /** undefined while auth loads, null when signed out. */
  user: NavbarUser | null | undefined;
};

/** The Log out form's id (its buttons are in the account menu and the phone menu). */
const LOG_OUT_FORM = 'log-out';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? 'menu-active font-semibold' : '';

/**
 * The layout: logo and name, Home, Sessions, Dashboard when signed in, the avatar menu or
 * a Log In link; on phones a collapsible menu that also shows the user's name and email.
 */
export function Navbar({ user }: NavbarProps) {
  const { t } = useTranslator();
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();

  // Close the phone menu after navigating.
  useEffect(() => setMenuOpen(false), [location.pathname]);

  const pageLinks = (
    <>
      <li>
        <NavLink to="/" end className={linkClass}>
          {t('nav.home')}
        </NavLink>
      </li>
      <li>
        <NavLink to="/all-sessions" className={linkClass}>
          {t('nav.sessions')}
        </NavLink>
      </li>
      {user && (
        <li>
          <NavLink to="/dashboard" className={linkClass}>
            {t('nav.dashboard')}
          </NavLink>
        </li>
      )}
    </>
  );

  return (
    <header className="bg-base-100 shadow-sm">
      <nav aria-label={t('nav.main')} className="navbar mx-auto max-w-7xl gap-2 px-2 sm:px-4">
        <div className="navbar-start w-auto min-w-0 flex-1 gap-1 lg:w-1/2 lg:flex-none">
          <button
            type="button"
            className="btn btn-ghost btn-square lg:hidden"
            aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
            aria-expanded={menuOpen}
            aria-controls="phone-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            <svg
              xmlns="http://www.w3.org/2000/svg"
              className="h-6 w-6"
              fill="none"
              viewBox="0 0 24 24"
              stroke="currentColor"
              aria-hidden="true"
            >
              {menuOpen ? (
                <path strokeLinecap="round" strokeWidth="2" d="M6 6l12 12M18 6 6 18" />
              ) : (
                <path strokeLinecap="round" strokeWidth="2" d="M4 6h16M4 12h16M4 18h16" />
              )}
            </svg>
          </button>
          <Link to="/" className="flex min-w-0 items-center gap-2 text-xl font-bold">
            <img src={logoUrl} alt="" width={36} height={36} className="h-9 w-9 shrink-0" />
            <span className="truncate">StudyNest</span>
          </Link>
        </div>

        <div className="navbar-center hidden lg:flex">
          <ul className="menu menu-horizontal gap-1 px-1">{pageLinks}</ul>
        </div>

        <div className="navbar-end w-auto lg:w-1/2">
          {user === undefined ? null : user ? (
            <div className="dropdown dropdown-end">
              {/* daisyUI's dropdown opens while focus is within it: Safari does not focus a clicked button by itself. */}
              <button type="button" className="btn btn-ghost btn-circle" aria-label={t('nav.accountMenu')} onClick={(event) => event.currentTarget.focus()}>
                <Avatar src={user.image} alt="" />
              </button>
              <ul
                tabIndex={0}
                // daisyUI's dropdown stays open while it has focus: let go of it once used.
                onClick={() => (document.activeElement as HTMLElement | null)?.blur()}
                className="menu dropdown-content z-20 mt-3 w-52 rounded-box bg-base-100 p-2 shadow"
              >
                <li className="menu-title max-w-full truncate">{user.name}</li>
                <li>
                  <Link to="/dashboard">{t('nav.dashboard')}</Link>
                </li>
                <AccountItems />
              </ul>
            </div>
          ) : (
            <Link to="/login" className="btn btn-primary btn-sm">
              {t('nav.logIn')}
            </Link>
          )}
        </div>
      </nav>

      <div id="phone-menu" hidden={!menuOpen} className="border-t border-base-200 px-2 pb-3 lg:hidden">
          {user && (
            <div className="flex items-center gap-3 px-4 py-3">
              <Avatar src={user.image} alt="" />
              <div className="min-w-0">
                <p className="truncate font-semibold">{user.name}</p>
                <p className="truncate text-sm text-base-content/70">{user.email}</p>
              </div>
            </div>
          )}
          <ul className="menu w-full">
            {pageLinks}
            {user && <AccountItems />}
          </ul>
      </div>
    </header>
  );
}

/** Settings and Log out: the account menu's last items, and the phone menu's. */
function AccountItems() {
  const { t } = useTranslator();
  return (
    <>
      <li>
        <Link to="/dashboard/settings">{t('nav.settings')}</Link>
      </li>
      <li>
        <button type="submit" form={LOG_OUT_FORM}>
          {t('nav.logOut')}
        </button>
      </li>
    </>
  );
}

/**
 * The form every page's Log out sends: /logout's route action (features/auth/pages/logout-page.tsx).
 * Drawn after the page's own forms: a refused form's page is filled with what was typed into the
 * first post form when its button carried no intent (server/http/typed-fields.ts).
 */
export function LogOutForm() {
  return (
    <Form id={LOG_OUT_FORM} method="post" action="/logout" hidden>
      <NoScriptField />
    </Form>
  );
}
