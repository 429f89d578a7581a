import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Spinner } from '../../components/spinner';
import { useMe } from '../../features/auth/api/use-me';
import { loginPathFrom } from '../../lib/login-path';

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
