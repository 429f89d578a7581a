import { type FormEvent, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSessions } from '#web/features/sessions/api/use-sessions.ts';
import { SessionGrid } from '#web/features/sessions/components/session-grid.tsx';
import { useTitle } from '#web/lib/use-title.ts';
import { PagedListState } from '#web/components/paged-list-state.tsx';

/**
 * All Sessions (spec §2): approved sessions in a 1/2/3-column grid, searched by title or tutor,
 * optionally only those open for registration, with "Load more" pages. The search lives in
 * the URL so that it survives reloads and can be shared.
 */
export function AllSessionsPage() {
  useTitle('All Sessions');
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const open = params.get('open') === 'true';
  const [draft, setDraft] = useState(q);
  const searchId = useId();
  const sessions = useSessions(q, open);
  const items = sessions.data?.pages.flatMap((page) => page.items) ?? [];

  function update(next: { q?: string; open?: boolean }) {
    const nextQ = next.q ?? q;
    const nextOpen = next.open ?? open;
    const search = new URLSearchParams();
    if (nextQ) search.set('q', nextQ);
    if (nextOpen) search.set('open', 'true');
    setParams(search, { replace: true });
  }

  function handleSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    update({ q: draft.trim() });
  }

  return (
    <section aria-labelledby="all-sessions-heading" className="flex flex-col gap-6">
      <h1 id="all-sessions-heading" className="text-3xl font-bold">
        All Sessions
      </h1>

      <div className="flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
        <form role="search" className="flex w-full max-w-xl items-end gap-2" onSubmit={handleSearch}>
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <label htmlFor={searchId} className="text-sm font-medium">
              Search by title or tutor
            </label>
            <input
              id={searchId}
              type="search"
              className="input w-full"
              value={draft}
              maxLength={100}
              placeholder="e.g. Calculus or Maria"
              onChange={(event) => setDraft(event.target.value)}
            />
          </div>
          <button type="submit" className="btn btn-primary">
            Search
          </button>
        </form>
        <label className="label cursor-pointer gap-2 text-base-content">
          <input type="checkbox" className="toggle toggle-success" checked={open} onChange={(event) => update({ open: event.target.checked })} />
          Open for registration
        </label>
      </div>

      <PagedListState query={sessions} loadingLabel="Loading sessions" empty={q || open ? 'No sessions match your search.' : 'No sessions yet. Come back soon!'}>
        <SessionGrid sessions={items} />
      </PagedListState>
    </section>
  );
}
