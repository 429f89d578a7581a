import { type LoaderFunctionArgs, useParams } from 'react-router';
import { PageSection } from '#web/components/page-section.tsx';
import { ltiDeepLinkQuery, useLtiDeepLink } from '#web/features/lti/api/lti-platforms.ts';
import { useDateFormatters } from '#web/lib/dates.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import { orNotFound, pageQueryClient } from '#web/lib/page-data.ts';
import { useTitle } from '#web/lib/use-title.ts';

// An instructor's Deep Linking launch lands here (docs/decisions/062-lti-tool.md): they pick one
// of their approved sessions to place in the course. Each pick is a plain form posting to the
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
      {request.sessions.length > 0 ? (
        <ul className="flex flex-col gap-3">
          {request.sessions.map((session) => (
            <li key={session.id} className="card bg-base-100 shadow-sm" data-testid="lti-deep-link-session">
              <div className="card-body flex-col gap-2 p-4 sm:flex-row sm:items-center">
                <div className="min-w-0 flex-1">
                  <p className="font-semibold break-words">{session.title}</p>
                  <p className="text-sm text-base-content/70">{formatDate(session.classStartDate)}</p>
                </div>
                <form method="post" action={`/api/lti/deep-links/${encodeURIComponent(request.id)}`}>
                  <input type="hidden" name="sessionId" value={session.id} />
                  <button type="submit" className="btn btn-primary btn-sm" aria-label={t('ltiDeepLink.placeLabel', { title: session.title })}>
                    {t('ltiDeepLink.place')}
                  </button>
                </form>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('ltiDeepLink.none')}</p>
      )}
    </PageSection>
  );
}
