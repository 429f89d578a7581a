import type { ReactNode } from 'react';
import { LoadError } from '#web/components/load-error.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { errorMessage } from '#web/lib/api-client.ts';

/** The parts of a TanStack query that say whether its data is there. */
export interface LoadingQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** What loads `query`'s data: a spinner while it loads, the error with a retry, then `children()`. */
export function QueryState({ query, loadingLabel, children }: { query: LoadingQuery; loadingLabel?: string | undefined; children: () => ReactNode }) {
  if (query.isPending) return <Spinner label={loadingLabel} />;
  if (query.isError) return <LoadError message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  return children();
}
