import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Redirect } from '#web/app/guards/redirect.tsx';
import { LoadError } from '#web/components/load-error.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { useMe } from '#web/features/auth/api/use-me.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { loginPathFrom } from '#web/lib/login-path.ts';

/** Signed-out visitors go to /login, which brings them back here after signing in. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, isPending, isError, error, refetch } = useMe();
  const location = useLocation();
  if (isPending) return <Spinner />;
  // The server could not say who this is (down, network): not the same as signed out.
  if (isError && user === undefined) {
    return <LoadError message={errorMessage(error)} onRetry={() => void refetch()} />;
  }
  if (!user) return <Redirect to={loginPathFrom(location)} />;
  return children;
}
