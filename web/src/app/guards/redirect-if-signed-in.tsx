import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Redirect } from '#web/app/guards/redirect.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { useMe } from '#web/features/auth/api/use-me.ts';
import { returnPathFrom } from '#web/lib/login-path.ts';

/**
 * Spec §4: a signed-in user visiting /login or /register goes to / — or, right after signing
 * in, back to the page that sent them to login (`?from=`).
 */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { user, isPending } = useMe();
  const [searchParams] = useSearchParams();
  if (isPending) return <Spinner />;
  if (user) return <Redirect to={returnPathFrom(searchParams)} />;
  return children;
}
