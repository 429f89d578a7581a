import { type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { FilterSelect } from '#web/components/filter-select.tsx';
import { PagedListState, type PagedQuery, pagedItems } from '#web/components/paged-list-state.tsx';
import { SearchForm } from '#web/components/search-form.tsx';
import { useFilterField } from '#web/lib/form-fields.ts';

// The dashboard's lists (admin's sessions, users, audit log, jobs; a tutor's sessions, a
// student's notes): a paged list of cards, and for the searchable ones a filter and a search
// that live in the URL (`?<filter>=…&q=…`), what the search form (a GET) asks for when sent
// before the app is live.

/** The page's filter (a query parameter, `''` when absent or not one of `valid`) and search, and how to change them. */
export function useListQuery<T extends string>(name: string, isValid: (value: string) => value is T) {
  const [params, setParams] = useSearchParams();
  const raw = params.get(name) ?? '';
  const filter: T | '' = isValid(raw) ? raw : '';
  const q = params.get('q') ?? '';
  // What the last change asked for, until the address shows it: the address changes only once the
  // page's loader has its answer, and a search pressed before then (a filter chosen before the app
  // was live applies as it goes live) must keep that filter, not go back to the address's.
  const asked = useRef<{ filter: string; q: string } | null>(null);
  const shown = params.toString();
  useEffect(() => {
    asked.current = null;
  }, [shown]);
  function update(next: { filter?: string; q?: string }) {
    const search = new URLSearchParams();
    const nextFilter = next.filter ?? asked.current?.filter ?? filter;
    const nextQ = next.q ?? asked.current?.q ?? q;
    asked.current = { filter: nextFilter, q: nextQ };
    if (nextFilter && isValid(nextFilter)) search.set(name, nextFilter);
    if (nextQ) search.set('q', nextQ);
    setParams(search, { replace: true });
  }
  // Chosen before the app was live, the filter applies once it is.
  const filterField = useFilterField<HTMLSelectElement>(filter, (field) => update({ filter: field.value }));
  return { name, filter, q, update, filterField };
}

type FilterBarProps = {
  list: { name: string; filter: string; q: string; update: (next: { filter?: string; q?: string }) => void; filterField: RefObject<HTMLSelectElement | null> };
  filterLabel: string;
  /** The select's width (a Tailwind class). */
  filterWidth: string;
  searchLabel: string;
  /** The filter's options. */
  children: ReactNode;
};

/** A list's filter (a select joined to the search form) and its search box. */
export function FilterBar({ list, filterLabel, filterWidth, searchLabel, children }: FilterBarProps) {
  const filterId = useId();
  const formId = useId();
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <FilterSelect label={filterLabel} id={filterId} ref={list.filterField} form={formId} name={list.name} className={`select w-full ${filterWidth}`} defaultValue={list.filter} onChange={(event) => list.update({ filter: event.target.value })}>
        {children}
      </FilterSelect>
      <SearchForm id={formId} label={searchLabel} defaultValue={list.q} onSearch={(query) => list.update({ q: query })} />
    </div>
  );
}

type PagedListProps<T> = {
  query: PagedQuery & { data?: { pages: Array<{ items: readonly T[] }> } | undefined };
  loadingLabel: string;
  empty: ReactNode;
  /** One item's row (an <li>). */
  children: (item: T) => ReactNode;
  gap?: 'gap-2' | 'gap-3';
};

/** A paged list of rows, with its loading, error, empty and "Load more" states. */
export function PagedList<T>({ query, loadingLabel, empty, children, gap = 'gap-3' }: PagedListProps<T>) {
  return (
    <PagedListState query={query} loadingLabel={loadingLabel} empty={empty}>
      <ul className={`flex flex-col ${gap}`}>{pagedItems<T>(query).map(children)}</ul>
    </PagedListState>
  );
}
