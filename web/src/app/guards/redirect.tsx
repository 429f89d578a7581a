import { createContext, useContext } from 'react';
import { Navigate } from 'react-router';

/**
 * Set by the server-side renderer (web/src/entry-server.tsx) for one render: a guard's redirect
 * is recorded there and answered with an HTTP redirect, instead of a page that would only move
 * on once its JavaScript runs.
 */
export const ServerRedirectContext = createContext<{ to: string | null } | null>(null);

/** A guard's redirect (replacing the history entry): by the server when it draws the page, else by the router. */
export function Redirect({ to }: { to: string }) {
  const server = useContext(ServerRedirectContext);
  if (server) {
    server.to ??= to;
    return null;
  }
  return <Navigate to={to} replace />;
}
