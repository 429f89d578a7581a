import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Redirect, useAppOrigin } from '#web/app/guards/redirect.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { useMe } from '#web/features/auth/api/use-me.ts';
import { returnPathFrom } from '#web/lib/login-path.ts';

/**
 * A signed-in user visiting /login or /register goes to / — or, right after signing
 * in, back to the page that sent them to login (`?from=`, when it is a page of this origin:
 * lib/safe-redirect.ts).
 */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { user, isPending } = useMe();
  const [searchParams] = useSearchParams();
  const origin = useAppOrigin();
  if (isPending) return <Spinner />;
  if (user) return <Redirect to={returnPathFrom(searchParams, origin)} />;
  return children;
}
