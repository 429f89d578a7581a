import { useId } from 'react';
import { type LoaderFunctionArgs, useLocation, useNavigation, useSearchParams } from 'react-router';
import { authConfigQuery } from '#web/features/auth/public.ts';
import type { SessionsFilter } from '#web/features/sessions/api/session-query-keys.ts';
import { sessionsFilterOf, sessionsQuery, sessionsSearch, useSessions } from '#web/features/sessions/api/use-sessions.ts';
import { SessionGrid } from '#web/features/sessions/components/session-grid.tsx';
import { useTitle } from '#web/lib/use-title.ts';
import { PagedListState, pagedItems } from '#web/components/paged-list-state.tsx';
import { SearchForm } from '#web/components/search-form.tsx';
import { useFilterField } from '#web/lib/form-fields.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import { pageQueryClient } from '#web/lib/page-data.ts';

/**
 * The list the address asks for (`?q=`, `?open=true`, `?when=past`, `?sort=newest`, `?after=`)
 * and the config its fees are written with. Prefetched: a list the API cannot give is the page's
 * error with Try again.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const queryClient = pageQueryClient();
  await Promise.all([queryClient.prefetchQuery(authConfigQuery), queryClient.prefetchInfiniteQuery(sessionsQuery(sessionsFilterOf(params), params.get('after')))]);
  return null;
}

/**
 * All Sessions: approved sessions in a 1/2/3-column grid, upcoming classes soonest first (or
 * past ones, latest first; or newest first), searched by title or tutor, optionally only those
 * open for registration, with "Load more" pages. Each search, filter and order is an address of
 * its own, in the history: it survives reloads, can be shared, and Back returns to the one before.
 */
export function AllSessionsPage() {
  const { t } = useTranslator();
  useTitle(t('sessions.allTitle'));
  const [currentParams, setParams] = useSearchParams();
  // While a change of the filters is being applied, list for it already.
  const { pathname } = useLocation();
  const pending = useNavigation().location;
  const params = pending && pending.pathname === pathname ? new URLSearchParams(pending.search) : currentParams;
  const filter = sessionsFilterOf(params);
  const { q, open, when, sort } = filter;
  const after = params.get('after');
  const sessions = useSessions(filter, after);
  const items = pagedItems(sessions);
  // "Load more" also names the next page's address (without the app, it is how a visitor pages).
  const nextCursor = sessions.data?.pages.at(-1)?.nextCursor;
  const moreSearch = sessionsSearch(filter, nextCursor);

  // A new entry in the history, not a replacement: Back returns to the list before.
  function update(next: Partial<SessionsFilter>) {
    setParams(sessionsSearch({ ...filter, ...next }));
  }

  // The switch belongs to the search form (a GET to this page: `?q=…&open=true`); switched
  // before the app was live, it applies once the app is.
  const formId = useId();
  const openSwitch = useFilterField<HTMLInputElement>(open, (field) => update({ open: field.checked }));
  const whenField = useFilterField<HTMLSelectElement>(when, (field) => update({ when: field.value === 'past' ? 'past' : 'upcoming' }));
  const sortField = useFilterField<HTMLSelectElement>(sort, (field) => update({ sort: field.value === 'newest' ? 'newest' : 'class' }));

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
        <label className="form-control">
          <span className="label-text">{t('sessions.show')}</span>
          <select ref={whenField} form={formId} name="when" className="select select-bordered" defaultValue={when} onChange={(event) => update({ when: event.target.value === 'past' ? 'past' : 'upcoming' })}>
            <option value="upcoming">{t('sessions.upcoming')}</option>
            <option value="past">{t('sessions.past')}</option>
          </select>
        </label>
        <label className="form-control">
          <span className="label-text">{t('sessions.sortBy')}</span>
          <select ref={sortField} form={formId} name="sort" className="select select-bordered" defaultValue={sort} onChange={(event) => update({ sort: event.target.value === 'newest' ? 'newest' : 'class' })}>
            <option value="class">{t('sessions.sortClass')}</option>
            <option value="newest">{t('sessions.sortNewest')}</option>
          </select>
        </label>
      </div>

      <PagedListState query={sessions} moreQuery={nextCursor ? moreSearch : undefined} loadingLabel={t('sessions.loading')} empty={q || open ? t('sessions.noMatch') : when === 'past' ? t('sessions.nonePast') : t('sessions.none')}>
        <SessionGrid sessions={items} />
      </PagedListState>
    </section>
  );
}
