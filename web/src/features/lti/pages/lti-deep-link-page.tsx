import { type LoaderFunctionArgs, useParams } from 'react-router';
import { PageSection } from '#web/components/page-section.tsx';
import { ltiDeepLinkQuery, useLtiDeepLink } from '#web/features/lti/api/lti-platforms.ts';
import { useDateFormatters } from '#web/lib/dates.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import { orNotFound, pageQueryClient } from '#web/lib/page-data.ts';
import { useTitle } from '#web/lib/use-title.ts';

// An instructor's Deep Linking launch lands here (docs/decisions/062-lti-tool.md): they pick one
// of their weekly series or approved sessions to place in the course. Each pick is a plain form posting to the
// API, not a route action: its answer is a page that posts the signed response to the learning
// platform, another site, which this app's pages may not post to.

/** The request, or the 404 page (another's, expired or already answered). */
export async function loader({ params }: LoaderFunctionArgs) {
  await orNotFound(() => pageQueryClient().ensureQueryData(ltiDeepLinkQuery(params.id ?? '')));
  return null;
}

export function LtiDeepLinkPage() {
  const { t } = useTranslator();
  const { formatDate } = useDateFormatters();
  const { id = '' } = useParams();
  const request = useLtiDeepLink(id).data;
  useTitle(t('ltiDeepLink.title', { platform: request?.platform ?? '' }));
  if (!request) return null;
  return (
    <PageSection title={t('ltiDeepLink.title', { platform: request.platform })} headingId="lti-deep-link-heading" className="flex max-w-3xl flex-col gap-4">
      <p className="text-base-content/70">{t('ltiDeepLink.lead')}</p>
      {request.series.length === 0 && request.sessions.length === 0 && <p>{t('ltiDeepLink.none')}</p>}
      {request.series.length > 0 && (
        <section aria-labelledby="lti-deep-link-series" className="flex flex-col gap-3">
          <h2 id="lti-deep-link-series" className="text-xl font-semibold">
            {t('ltiDeepLink.seriesHeading')}
          </h2>
          <ul className="flex flex-col gap-3">
            {request.series.map((series) => (
              <Pick key={series.id} testId="lti-deep-link-series" title={series.title} when={t('ltiDeepLink.seriesClasses', { count: series.classCount, date: formatDate(series.firstClassStartDate) })} requestId={request.id} field="seriesId" value={series.id} label={t('ltiDeepLink.placeSeriesLabel', { title: series.title })} button={t('ltiDeepLink.placeSeries')} />
            ))}
          </ul>
        </section>
      )}
      {request.sessions.length > 0 && (
        <section aria-labelledby="lti-deep-link-sessions" className="flex flex-col gap-3">
          <h2 id="lti-deep-link-sessions" className="text-xl font-semibold">
            {t('ltiDeepLink.sessionsHeading')}
          </h2>
          <ul className="flex flex-col gap-3">
            {request.sessions.map((session) => (
              <Pick key={session.id} testId="lti-deep-link-session" title={session.title} when={formatDate(session.classStartDate)} requestId={request.id} field="sessionId" value={session.id} label={t('ltiDeepLink.placeLabel', { title: session.title })} button={t('ltiDeepLink.place')} />
            ))}
          </ul>
        </section>
      )}
    </PageSection>
  );
}

/** One thing to place: a plain form posting its id to the API (see above). */
function Pick({ testId, title, when, requestId, field, value, label, button }: { testId: string; title: string; when: string; requestId: string; field: 'sessionId' | 'seriesId'; value: string; label: string; button: string }) {
  return (
    <li className="card bg-base-100 shadow-sm" data-testid={testId}>
      <div className="card-body flex-col gap-2 p-4 sm:flex-row sm:items-center">
        <div className="min-w-0 flex-1">
          <p className="font-semibold break-words">{title}</p>
          <p className="text-sm text-base-content/70">{when}</p>
        </div>
        <form method="post" action={`/api/lti/deep-links/${encodeURIComponent(requestId)}`}>
          <input type="hidden" name={field} value={value} />
          <button type="submit" className="btn btn-primary btn-sm" aria-label={label}>
            {button}
          </button>
        </form>
      </div>
    </li>
  );
}
