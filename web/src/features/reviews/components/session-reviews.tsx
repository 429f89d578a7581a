// The reviews under a session's details (public): average, count, newest first, paged.
import { CardSection, LoadMoreButton } from '#web/components/card-section.tsx';
import { pagedItems } from '#web/components/paged-list-state.tsx';
import { useSessionReviews } from '#web/features/reviews/api/use-session-reviews.ts';
import { useDateFormatters } from '#web/lib/dates.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import { usePersonName } from '#web/lib/person-name.ts';

/** Stands for the average in the summary's sentence, which draws it bold. */
const AVERAGE = '\u2063';

export function SessionReviews({ sessionId }: { sessionId: string }) {
  const { t, language } = useTranslator();
  const personName = usePersonName();
  const { formatDate } = useDateFormatters();
  const reviews = useSessionReviews(sessionId);
  const first = reviews.data?.pages[0];
  const items = pagedItems(reviews);

  return (
    <CardSection title={t('reviews.title')} headingId="reviews-heading" query={reviews} loadingLabel={t('reviews.loading')}>
      {() => {
        if (first!.count === 0) return <p className="text-base-content/70">{t('sessionText.noRatings')}</p>;
        const [before, after] = t('reviews.summary', { average: AVERAGE, count: first!.count }).split(AVERAGE);
        return (
          <>
            <p data-testid="review-summary" className="text-lg">
              {before}
              <strong>{first!.average === null ? '' : new Intl.NumberFormat(language).format(first!.average)}</strong>
              {after}
            </p>
            <ul className="flex flex-col divide-y divide-base-200">
              {items.map((r) => (
                <li key={r.id} className="flex flex-col gap-1 py-3">
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <span className="font-semibold break-words">{personName(r.studentName)}</span>
                    <span className="text-sm text-base-content/70">
                      <span aria-label={t('reviews.rated', { rating: r.rating })}>{'★'.repeat(r.rating)}{'☆'.repeat(5 - r.rating)}</span> · {formatDate(r.updatedAt)}
                    </span>
                  </div>
                  <p className="whitespace-pre-line break-words">{r.review}</p>
                </li>
              ))}
            </ul>
            <LoadMoreButton query={reviews} />
          </>
        );
      }}
    </CardSection>
  );
}
