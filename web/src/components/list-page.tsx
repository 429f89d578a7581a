import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageSection } from '#web/components/page-section.tsx';
import { deleteAfterConfirm } from '#web/lib/dialogs.ts';
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

/** A row's link to edit or view its item, named with the item ("Edit Algebra"). */
export function RowLink({ to, name, kind }: { to: string; name: string; kind: 'edit' | 'view' }) {
  const { t } = useTranslator();
  return (
    <Link to={to} className="btn btn-sm" aria-label={kind === 'edit' ? t('dashboardShell.editLabel', { name }) : t('dashboardShell.viewLabel', { name })}>
      {kind === 'edit' ? t('dashboardShell.edit') : t('dashboardShell.view')}
    </Link>
  );
}

/** A row's Delete, after the confirmation every delete asks for, then `deleted` as a toast. */
export function DeleteButton({ name, pending, remove, deleted }: { name: string; pending: boolean; remove: () => Promise<unknown>; deleted: string }) {
  const { t } = useTranslator();
  return (
    <button type="button" className="btn btn-sm btn-error btn-outline" aria-label={t('dashboardShell.deleteLabel', { name })} disabled={pending} onClick={() => void deleteAfterConfirm(remove, deleted)}>
      {t('dashboardShell.delete')}
    </button>
  );
}
