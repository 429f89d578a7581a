import type { ReactNode } from 'react';
import { LoadError } from '#web/components/load-error.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import type { useMaterials } from '#web/features/materials/api/use-materials.ts';
import { errorMessage } from '#web/lib/api-client.ts';

type MaterialListStateProps = {
  query: ReturnType<typeof useMaterials>;
  empty: string;
  children: ReactNode;
};

/** Loading, error and empty states of a materials list, then the list and its "Load more". */
export function MaterialListState({ query, empty, children }: MaterialListStateProps) {
  if (query.isPending) return <Spinner label="Loading materials" />;
  if (query.isError) return <LoadError message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  if (query.data.pages.every((page) => page.items.length === 0)) return <p className="text-base-content/70">{empty}</p>;
  return (
    <>
      {children}
      {query.hasNextPage && (
        <div className="flex justify-center">
          <button type="button" className="btn btn-outline" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {query.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </button>
        </div>
      )}
    </>
  );
}
