import { Link } from 'react-router';
import { useTitle } from '#web/lib/use-title.ts';

export function NotFoundPage() {
  useTitle('Page not found');
  return (
    <section className="flex flex-col items-center gap-4 py-16 text-center">
      <p className="text-6xl font-bold text-primary">404</p>
      <h1 className="text-2xl font-semibold">Page not found</h1>
      <p className="text-base-content/70">The page you are looking for does not exist.</p>
      <Link to="/" className="btn btn-primary">
        Back to Home
      </Link>
    </section>
  );
}
