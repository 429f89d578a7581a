import type { ReactNode } from 'react';
import { type LoadingQuery, QueryState } from '#web/components/query-state.tsx';
import { useTranslator } from '#web/lib/i18n.ts';

type CardSectionProps = {
  title: string;
  headingId: string;
  /** The section's own id, when a link points at it (`/dashboard/settings#calendar`). */
  id?: string;
  /** Under the heading, drawn whatever the query's state. */
  lead?: ReactNode;
  /** What the card shows is loaded by this query (none: the content is drawn at once). */
  query?: LoadingQuery;
  loadingLabel?: string;
  /** Drawn once the query has its data. */
  children: () => ReactNode;
};

/** A card of a page with its own data (a roster, the reviews, a Settings section): its h2, then loading, error or the content. */
export function CardSection({ title, headingId, id, lead, query, loadingLabel, children }: CardSectionProps) {
  return (
    <section id={id} aria-labelledby={headingId} className="card bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <h2 id={headingId} className="card-title">
          {title}
        </h2>
        {lead}
        {query ? (
          <QueryState query={query} loadingLabel={loadingLabel}>
            {children}
          </QueryState>
        ) : (
          children()
        )}
      </div>
    </section>
  );
}

/** "Load more" of a list paged in place, while there is a next page. */
export function LoadMoreButton({ query }: { query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown } }) {
  const { t } = useTranslator();
  if (!query.hasNextPage) return null;
  return (
    <div>
      <button type="button" className="btn btn-outline btn-sm" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
        {query.isFetchingNextPage ? t('ui.loadingMore') : t('ui.loadMore')}
      </button>
    </div>
  );
}
