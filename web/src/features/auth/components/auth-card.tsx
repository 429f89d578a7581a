import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { GoogleSignInButton } from '#web/features/auth/components/google-sign-in-button.tsx';

/** The card of a page for visitors who are not signed in (log in, register, reset password): its h1, then the page's content. */
export function AuthCard({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-md">
      <div className="card bg-base-100 shadow-md">
        <div className="card-body gap-4">
          <h1 className="text-center text-2xl font-bold">{heading}</h1>
          {children}
        </div>
      </div>
    </section>
  );
}

/**
 * Under the log in and register forms: Google sign-in (when configured), and a link to the other
 * page ("New here? Register"), which keeps `?from=`: either way in, the visitor goes back there.
 */
export function OtherWaysIn({ lead, to, link }: { lead: string; to: string; link: string }) {
  const [params] = useSearchParams();
  const from = params.get('from');
  return (
    <>
      <GoogleSignInButton />
      <p className="text-center text-sm">
        {lead}{' '}
        <Link to={from ? `${to}?${new URLSearchParams({ from }).toString()}` : to} className="link link-primary">
          {link}
        </Link>
      </p>
    </>
  );
}
