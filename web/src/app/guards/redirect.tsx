import { createContext, useContext } from 'react';
import { Navigate } from 'react-router';
import { safeRedirectPath } from '#contract/safe-redirect.ts';

/**
 * Set by the server-side renderer (web/src/entry-server.tsx) for one render: a guard's redirect
 * is recorded there and answered with an HTTP redirect, instead of a page that would only move
 * on once its JavaScript runs. `origin` is the app's public origin (BASE_URL).
 */
export const ServerRedirectContext = createContext<{ to: string | null; origin: string } | null>(null);

/** The app's origin, against which redirect targets taken from a URL are judged (lib/safe-redirect.ts). */
export function useAppOrigin(): string {
  const server = useContext(ServerRedirectContext);
  return server?.origin ?? window.location.origin;
}

/**
 * A guard's redirect (replacing the history entry): by the server when it draws the page, else by
 * the router. Only ever to a path of this origin, whatever `to` holds.
 */
export function Redirect({ to }: { to: string }) {
  const server = useContext(ServerRedirectContext);
  const path = safeRedirectPath(to, server?.origin ?? window.location.origin);
  if (server) {
    server.to ??= path;
    return null;
  }
  return <Navigate to={path} replace />;
}
