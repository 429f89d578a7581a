// The reviews under a session's details (public): average, count, newest first, paged.
import { CardSection, LoadMoreButton } from '#web/components/card-section.tsx';
import { pagedItems } from '#web/components/paged-list-state.tsx';
import { useSessionReviews } from '#web/features/reviews/api/use-session-reviews.ts';
import { useDateFormatters } from '#web/lib/dates.ts';

export function SessionReviews({ sessionId }: { sessionId: string }) {
  const { formatDate } = useDateFormatters();
  const reviews = useSessionReviews(sessionId);
  const first = reviews.data?.pages[0];
  const items = pagedItems(reviews);

  return (
    <CardSection title="Reviews" headingId="reviews-heading" query={reviews} loadingLabel="Loading reviews">
      {() =>
        first!.count === 0 ? (
          <p className="text-base-content/70">No ratings yet</p>
        ) : (
          <>
            <p data-testid="review-summary" className="text-lg">
              Average rating: <strong>{first!.average}</strong> / 5 ({first!.count} review{first!.count === 1 ? '' : 's'})
            </p>
            <ul className="flex flex-col divide-y divide-base-200">
              {items.map((r) => (
                <li key={r.id} className="flex flex-col gap-1 py-3">
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <span className="font-semibold break-words">{r.studentName}</span>
                    <span className="text-sm text-base-content/70">
                      <span aria-label={`Rated ${r.rating} out of 5`}>{'★'.repeat(r.rating)}{'☆'.repeat(5 - r.rating)}</span> · {formatDate(r.updatedAt)}
                    </span>
                  </div>
                  <p className="whitespace-pre-line break-words">{r.review}</p>
                </li>
              ))}
            </ul>
            <LoadMoreButton query={reviews} />
          </>
        )
      }
    </CardSection>
  );
}
