import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { useTitle } from '#web/lib/use-title.ts';
import { NotFoundPage } from '#web/app/not-found-page.tsx';
import { useTranslator } from '#web/lib/i18n.ts';

/** The error element of the root route: a render or loader error anywhere lands here. */
export function RouteErrorPage() {
  const { t } = useTranslator();
  useTitle(t('error.title'));
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <section
      role="alert"
      className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-4 p-6 text-center"
    >
      <h1 className="text-2xl font-semibold">{t('error.heading')}</h1>
      <p className="text-base-content/70">
        {t('error.text')}
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <button type="button" className="btn" onClick={() => window.location.reload()}>
          {t('error.tryAgain')}
        </button>
        <Link to="/" className="btn btn-primary" reloadDocument>
          {t('notFound.home')}
        </Link>
      </div>
    </section>
  );
}
