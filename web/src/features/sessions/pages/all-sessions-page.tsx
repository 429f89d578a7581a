import { useId } from 'react';
import { useLocation, useNavigation, useSearchParams } from 'react-router';
import { useSessions } from '#web/features/sessions/api/use-sessions.ts';
import { SessionGrid } from '#web/features/sessions/components/session-grid.tsx';
import { useTitle } from '#web/lib/use-title.ts';
import { PagedListState, pagedItems } from '#web/components/paged-list-state.tsx';
import { SearchForm } from '#web/components/search-form.tsx';
import { useFilterField } from '#web/lib/form-fields.ts';
import { useTranslator } from '#web/lib/i18n.ts';

/**
 * All Sessions: approved sessions in a 1/2/3-column grid, searched by title or tutor,
 * optionally only those open for registration, with "Load more" pages. The search lives in
 * the URL so that it survives reloads and can be shared.
 */
export function AllSessionsPage() {
  const { t } = useTranslator();
  useTitle(t('sessions.allTitle'));
  const [currentParams, setParams] = useSearchParams();
  // While a change of the filters is being applied, list for it already.
  const { pathname } = useLocation();
  const pending = useNavigation().location;
  const params = pending && pending.pathname === pathname ? new URLSearchParams(pending.search) : currentParams;
  const q = params.get('q') ?? '';
  const open = params.get('open') === 'true';
  const after = params.get('after');
  const sessions = useSessions(q, open, after);
  const items = pagedItems(sessions);
  // "Load more" also names the next page's address (without the app, it is how a visitor pages).
  const nextCursor = sessions.data?.pages.at(-1)?.nextCursor;
  const moreSearch = new URLSearchParams();
  if (q) moreSearch.set('q', q);
  if (open) moreSearch.set('open', 'true');
  if (nextCursor) moreSearch.set('after', nextCursor);

  function update(next: { q?: string; open?: boolean }) {
    const nextQ = next.q ?? q;
    const nextOpen = next.open ?? open;
    const search = new URLSearchParams();
    if (nextQ) search.set('q', nextQ);
    if (nextOpen) search.set('open', 'true');
    setParams(search, { replace: true });
  }

  // The switch belongs to the search form (a GET to this page: `?q=…&open=true`); switched
  // before the app was live, it applies once the app is.
  const formId = useId();
  const openSwitch = useFilterField<HTMLInputElement>(open, (field) => update({ open: field.checked }));

  return (
    <section aria-labelledby="all-sessions-heading" className="flex flex-col gap-6">
      <h1 id="all-sessions-heading" className="text-3xl font-bold">
        {t('sessions.allTitle')}
      </h1>

      {/* The switch filters the same search: it sits right beside the search box. */}
      <div className="flex flex-col gap-3 md:flex-row md:items-end md:gap-6">
        <SearchForm
          id={formId}
          label={t('sessions.search')}
          defaultValue={q}
          placeholder={t('sessions.searchPlaceholder')}
          className="flex w-full max-w-xl items-end gap-2"
          onSearch={(query) => update({ q: query })}
        />
        <label className="label cursor-pointer gap-2 text-base-content">
          <input ref={openSwitch} form={formId} type="checkbox" name="open" value="true" className="toggle toggle-success" defaultChecked={open} onChange={(event) => update({ open: event.target.checked })} />
          {t('sessions.openOnly')}
        </label>
      </div>

      <PagedListState query={sessions} moreQuery={nextCursor ? moreSearch : undefined} loadingLabel={t('sessions.loading')} empty={q || open ? t('sessions.noMatch') : t('sessions.none')}>
        <SessionGrid sessions={items} />
      </PagedListState>
    </section>
  );
}
