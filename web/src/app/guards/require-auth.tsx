import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Spinner } from '#web/components/spinner.tsx';
import { useMe } from '#web/features/auth/api/use-me.ts';
import { loginPathFrom } from '#web/lib/login-path.ts';

/** Signed-out visitors go to /login, which brings them back here after signing in. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, isPending } = useMe();
  const location = useLocation();
  if (isPending) return <Spinner />;
  if (!user) {
    return <Navigate to={loginPathFrom(location)} replace />;
  }
  return children;
}
