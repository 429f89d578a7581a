import { useRef, type ReactNode } from 'react';
import { LoadError } from '#web/components/load-error.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useTranslator } from '#web/lib/i18n.ts';

/** The parts of a TanStack infinite query over `{ items, nextCursor }` pages that a list shows. */
export interface PagedQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data?: { pages: Array<{ items: readonly unknown[] }> } | undefined;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  refetch: () => unknown;
  fetchNextPage: () => unknown;
}

type PagedListStateProps = {
  query: PagedQuery;
  /**
   * The query of the next page's own address, where the list has one: "Load more" then sends a
   * GET form to it (without the app, that is how a visitor pages); the app loads it in place.
   */
  moreQuery?: URLSearchParams | undefined;
  loadingLabel: string;
  empty: ReactNode;
  children: ReactNode;
};

/** Loading, error and empty states of a paged list, then the list and its "Load more". */
export function PagedListState({ query, moreQuery, loadingLabel, empty, children }: PagedListStateProps) {
  const { t } = useTranslator();
  const list = useRef<HTMLDivElement>(null);

  /**
   * "Load more", then keyboard focus on the first item it brought (else it fell to the top of
   * the page when the button went away or was disabled while loading).
   */
  async function loadMore() {
    const before = list.current?.querySelectorAll('li').length ?? 0;
    await query.fetchNextPage();
    // The new items are drawn a moment after the data arrives: wait for them (at most a second).
    for (let frame = 0; frame < 60; frame++) {
      const first = list.current?.querySelectorAll('li')[before];
      if (first) {
        const target = first.querySelector<HTMLElement>('a, button') ?? first;
        if (target === first) first.tabIndex = -1;
        target.focus();
        return;
      }
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
  }

  if (query.isPending) return <Spinner label={loadingLabel} />;
  if (query.isError) return <LoadError message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  if (!query.data || query.data.pages.every((page) => page.items.length === 0)) return <p className="text-base-content/70">{empty}</p>;
  return (
    <>
      <div ref={list} className="contents">
        {children}
      </div>
      {query.hasNextPage && (
        <div className="flex justify-center">
          <form
            method="get"
            onSubmit={(event) => {
              event.preventDefault();
              void loadMore();
            }}
          >
            {[...(moreQuery ?? [])].map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <button type={moreQuery ? 'submit' : 'button'} className="btn btn-outline" disabled={query.isFetchingNextPage} onClick={moreQuery ? undefined : () => void loadMore()}>
              {query.isFetchingNextPage ? t('ui.loadingMore') : t('ui.loadMore')}
            </button>
          </form>
        </div>
      )}
    </>
  );
}

/** Every item of the pages loaded so far, in order. */
export function pagedItems<T>(query: { data?: { pages: Array<{ items: readonly T[] }> } | undefined }): T[] {
  return query.data?.pages.flatMap((page) => page.items) ?? [];
}
