import type { ComponentProps, ReactNode } from 'react';
import { Link } from 'react-router';
import { PagedList } from '#web/components/filtered-list.tsx';
import { PageSection } from '#web/components/page-section.tsx';
import { useDateFormatters } from '#web/lib/dates.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import { useTitle } from '#web/lib/use-title.ts';

// The dashboard's list pages (a tutor's sessions and materials, a student's notes, an admin's
// lists): the page with its "create one" link, a row's Edit, View and Delete.

/** A list page named by its h1 (and its title), with a link to create an item beside the heading. */
export function ListPage({ title, headingId, create, children }: { title: string; headingId: string; create: { to: string; label: string }; children: ReactNode }) {
  useTitle(title);
  return (
    <PageSection
      title={title}
      headingId={headingId}
      action={
        <Link to={create.to} className="btn btn-primary btn-sm">
          {create.label}
        </Link>
      }
    >
      {children}
    </PageSection>
  );
}

/** A list page whose list is paged (a tutor's sessions, a student's notes): `children` draws one item's row. */
export function PagedListPage<T>({ title, headingId, create, ...list }: Omit<ComponentProps<typeof ListPage>, 'children'> & ComponentProps<typeof PagedList<T>>) {
  return (
    <ListPage title={title} headingId={headingId} create={create}>
      <PagedList {...list} />
    </ListPage>
  );
}

/**
 * A row of a list page (a tutor's session, a student's note): its title, when it last changed,
 * what else it says (`children`), then its actions (Edit, View, Delete…).
 */
export function ListRow({ testId, title, updatedAt, actions, children }: { testId: string; title: ReactNode; updatedAt: string; actions: ReactNode; children?: ReactNode }) {
  const { t } = useTranslator();
  const { formatDate } = useDateFormatters();
  return (
    <li className="card bg-base-100 shadow-sm" data-testid={testId}>
      <div className="card-body gap-2 p-4">
        {title}
        <p className="text-sm text-base-content/70">{t('dashboardShell.lastUpdate', { date: formatDate(updatedAt) })}</p>
        {children}
        <div className="flex flex-wrap gap-2 pt-1">{actions}</div>
      </div>
    </li>
  );
}

/** A row's link to edit or view its item, named with the item ("Edit Algebra"). */
export function RowLink({ to, name, kind }: { to: string; name: string; kind: 'edit' | 'view' }) {
  const { t } = useTranslator();
  return (
    <Link to={to} className="btn btn-sm" aria-label={kind === 'edit' ? t('dashboardShell.editLabel', { name }) : t('dashboardShell.viewLabel', { name })}>
      {kind === 'edit' ? t('dashboardShell.edit') : t('dashboardShell.view')}
    </Link>
  );
}

