import type { ReactNode } from 'react';
import { LoadError } from '#web/components/load-error.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { errorMessage } from '#web/lib/api-client.ts';

type CardSectionProps = {
  title: string;
  headingId: string;
  /** What the card shows is loaded by this query. */
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  loadingLabel: string;
  /** Drawn once the query has its data. */
  children: () => ReactNode;
};

/** A card of a page with its own data (a roster, the reviews): its h2, then loading, error or the content. */
export function CardSection({ title, headingId, query, loadingLabel, children }: CardSectionProps) {
  return (
    <section aria-labelledby={headingId} className="card bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <h2 id={headingId} className="card-title">
          {title}
        </h2>
        {query.isPending ? (
          <Spinner label={loadingLabel} />
        ) : query.isError ? (
          <LoadError message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
        ) : (
          children()
        )}
      </div>
    </section>
  );
}

/** "Load more" of a list paged in place, while there is a next page. */
export function LoadMoreButton({ query }: { query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown } }) {
  if (!query.hasNextPage) return null;
  return (
    <div>
      <button type="button" className="btn btn-outline btn-sm" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
        {query.isFetchingNextPage ? 'Loading…' : 'Load more'}
      </button>
    </div>
  );
}
