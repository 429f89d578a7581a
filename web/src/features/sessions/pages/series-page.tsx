import { Link, type LoaderFunctionArgs, useParams } from 'react-router';
import { authConfigQuery } from '#web/features/auth/public.ts';
import { seriesQuery, useSeries } from '#web/features/sessions/api/use-series.ts';
import { SessionCard } from '#web/features/sessions/components/session-card.tsx';
import { orNotFound, pageQueryClient } from '#web/lib/page-data.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import { usePersonName } from '#web/lib/person-name.ts';
import { shortText } from '#web/lib/page-meta.ts';
import { useTitle } from '#web/lib/use-title.ts';

/** The series, or the 404 page (no such series, or none of its classes public); and the configuration its cards' fees are said in. */
export async function loader({ params }: LoaderFunctionArgs) {
  const queryClient = pageQueryClient();
  await Promise.all([orNotFound(() => queryClient.ensureQueryData(seriesQuery(params.id ?? ''))), queryClient.prefetchQuery(authConfigQuery)]);
  return null;
}

/**
 * A weekly series' own page (docs/decisions/064-series.md): its classes in class order, each a
 * card with its own state; a class's page books that class or the series from it on.
 */
export function SeriesPage() {
  const { t } = useTranslator();
  const personName = usePersonName();
  const { id = '' } = useParams();
  const series = useSeries(id).data;
  const tutor = series && personName(series.tutorName);
  useTitle(series?.title ?? t('seriesPage.title'), series ? shortText(t('seriesPage.description', { title: series.title, tutor, count: series.classes.length }), 200) : undefined);

  // Read by the loader: here at once.
  if (!series) return null;
  return (
    <article aria-labelledby="series-title" className="mx-auto flex max-w-5xl flex-col gap-6">
      <header className="card bg-base-100 shadow-sm">
        <div className="card-body gap-2">
          <p className="text-sm font-medium text-base-content/70">{t('seriesPage.kicker')}</p>
          <h1 id="series-title" className="text-3xl font-bold break-words">
            {series.title}
          </h1>
          <p>
            {t('seriesPage.byTutor', { count: series.classes.length })}{' '}
            <Link to={`/tutors/${encodeURIComponent(series.tutorId)}`} className="link">
              {tutor}
            </Link>
          </p>
          <p className="text-base-content/70">{t('seriesPage.lead')}</p>
        </div>
      </header>
      <section aria-labelledby="series-classes" className="flex flex-col gap-4">
        <h2 id="series-classes" className="text-2xl font-bold">
          {t('seriesPage.classes')}
        </h2>
        <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {series.classes.map((s) => (
            <li key={s.id}>
              <SessionCard session={s} headingLevel={3} />
            </li>
          ))}
        </ol>
      </section>
    </article>
  );
}
