import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Session, SessionStatus } from '#contract/sessions.ts';
import { useAdminSessions } from '#web/features/sessions/api/use-admin-sessions.ts';
import { ApproveSessionDialog } from '#web/features/sessions/components/approve-session-dialog.tsx';
import { RejectSessionDialog } from '#web/features/sessions/components/reject-session-dialog.tsx';
import { feeText } from '#web/features/sessions/session-text.ts';
import { useDateFormatters } from '#web/lib/dates.ts';
import { useTitle } from '#web/lib/use-title.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import { PagedListState, pagedItems } from '#web/components/paged-list-state.tsx';
import { SearchForm } from '#web/components/search-form.tsx';
import { useFilterField } from '#web/lib/form-fields.ts';
import { PageSection } from '#web/components/page-section.tsx';
import { FilterSelect } from '#web/components/filter-select.tsx';
import { DeleteSessionButton, EditSessionLink, RejectionNote, SessionRowTitle } from '#web/features/sessions/components/session-row-title.tsx';

const STATUSES: readonly string[] = ['pending', 'approved', 'rejected'] satisfies SessionStatus[];

/**
 * Admin: every session, pending first; approve, reject, edit, delete (PRODUCT.md §4). The status
 * filter and the search live in the URL (`?status=…&q=…`), the address the search form (a GET)
 * asks for when sent before the app is live.
 */
export function AdminSessionsPage() {
  const { t } = useTranslator();
  useTitle(t('sessionLists.adminTitle'));
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status') ?? '';
  const status = (STATUSES.includes(statusParam) ? statusParam : '') as SessionStatus | '';
  const q = params.get('q') ?? '';
  const formId = useId();
  function update(next: { status?: SessionStatus | ''; q?: string }) {
    const search = new URLSearchParams();
    const nextStatus = next.status ?? status;
    const nextQ = next.q ?? q;
    if (nextStatus) search.set('status', nextStatus);
    if (nextQ) search.set('q', nextQ);
    setParams(search, { replace: true });
  }
  // Chosen before the app was live, the status applies once it is.
  const statusField = useFilterField<HTMLSelectElement>(status, (field) => update({ status: field.value as SessionStatus | '' }));
  const [approving, setApproving] = useState<Session | null>(null);
  const [rejecting, setRejecting] = useState<Session | null>(null);
  const statusId = useId();
  const sessions = useAdminSessions(status, q);
  const items = pagedItems(sessions);

  return (
    <PageSection title={t('sessionLists.adminTitle')} headingId="admin-sessions-heading">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <FilterSelect label={t('sessionLists.status')} id={statusId} ref={statusField} form={formId} name="status" className="select w-full sm:w-44" defaultValue={status} onChange={(event) => update({ status: event.target.value as SessionStatus | '' })}>
          <option value="">{t('sessionLists.all')}</option>
          <option value="pending">{t('sessionLists.pending')}</option>
          <option value="approved">{t('sessionLists.approved')}</option>
          <option value="rejected">{t('sessionLists.rejected')}</option>
        </FilterSelect>
        <SearchForm id={formId} label={t('sessionLists.search')} defaultValue={q} onSearch={(query) => update({ q: query })} />
      </div>

      <PagedListState query={sessions} loadingLabel={t('sessionLists.loading')} empty={t('sessionLists.noMatch')}>
        <ul className="flex flex-col gap-3">
          {items.map((session) => (
            <AdminSessionRow key={session.id} session={session} onApprove={setApproving} onReject={setRejecting} />
          ))}
        </ul>
      </PagedListState>
      <ApproveSessionDialog session={approving} onClose={() => setApproving(null)} />
      <RejectSessionDialog session={rejecting} onClose={() => setRejecting(null)} />
    </PageSection>
  );
}

type RowProps = { session: Session; onApprove: (s: Session) => void; onReject: (s: Session) => void };

function AdminSessionRow({ session, onApprove, onReject }: RowProps) {
  const { t } = useTranslator();
  const { formatDate } = useDateFormatters();
  const detailsPath = `/dashboard/session/${encodeURIComponent(session.tutorEmail)}/${session.id}`;

  return (
    <li className="card bg-base-100 shadow-sm" data-testid="admin-session-row">
      <div className="card-body gap-2 p-4">
        <SessionRowTitle session={session} detailsPath={detailsPath} />
        <p className="text-sm break-words text-base-content/70">
          {session.tutorName} · {session.tutorEmail}
        </p>
        <p className="text-sm">
          {t('sessionLists.registration', { from: formatDate(session.registrationStartDate), until: formatDate(session.registrationEndDate) })} ·{' '}
          {t('sessionLists.classOn', { date: formatDate(session.classStartDate) })} ·{' '}
          {session.status === 'approved' ? t('sessionLists.fee', { fee: feeText(session.registrationFee) }) : t('dashboardShell.lastUpdate', { date: formatDate(session.updatedAt) })}
        </p>
        <RejectionNote session={session} />
        <div className="flex flex-wrap gap-2 pt-1">
          {session.status === 'pending' && (
            <>
              <button type="button" className="btn btn-sm btn-success" aria-label={t('sessionLists.approveLabel', { title: session.title })} onClick={() => onApprove(session)}>
                {t('sessionLists.approve')}
              </button>
              <button type="button" className="btn btn-sm btn-error btn-outline" aria-label={t('sessionLists.rejectLabel', { title: session.title })} onClick={() => onReject(session)}>
                {t('sessionLists.reject')}
              </button>
            </>
          )}
          <EditSessionLink session={session} />
          <DeleteSessionButton email={session.tutorEmail} session={session} />
        </div>
      </div>
    </li>
  );
}
