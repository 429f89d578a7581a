import { useState } from 'react';
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router';
import type { AdminSessionListItem, SessionStatus } from '#contract/sessions.ts';
import { RefusalMessage } from '#web/components/form-messages.tsx';
import { authConfigQuery } from '#web/features/auth/public.ts';
import { adminSessionsQuery, useAdminSessions } from '#web/features/sessions/api/use-admin-sessions.ts';
import { ApproveSessionDialog } from '#web/features/sessions/components/approve-session-dialog.tsx';
import { RejectSessionDialog } from '#web/features/sessions/components/reject-session-dialog.tsx';
import { DecisionButton, searchWithoutDecision, useAskedDecision } from '#web/features/sessions/components/session-decision-dialog.tsx';
import { sessionAction } from '#web/features/sessions/session-actions.ts';
import { useSessionText } from '#web/features/sessions/session-text.ts';
import { useDateFormatters } from '#web/lib/dates.ts';
import { formText, pageQueryClient } from '#web/lib/page-data.ts';
import { useTitle } from '#web/lib/use-title.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import { FilterBar, PagedList, useListQuery } from '#web/components/filtered-list.tsx';
import { PageSection } from '#web/components/page-section.tsx';
import { DeleteSessionButton, EditSessionLink, RejectionNote, SessionRowTitle } from '#web/features/sessions/components/session-row-title.tsx';

const STATUSES: readonly string[] = ['pending', 'approved', 'rejected'] satisfies SessionStatus[];
const isStatus = (value: string): value is SessionStatus => STATUSES.includes(value);

/** The first page of the list the address asks for (`?status=…&q=…`, read as useListQuery reads them) and the config (fees' currency). */
export async function loader({ request }: LoaderFunctionArgs) {
  const queryClient = pageQueryClient();
  const search = new URL(request.url).searchParams;
  const status = search.get('status') ?? '';
  await Promise.all([queryClient.prefetchQuery(authConfigQuery), queryClient.prefetchInfiniteQuery(adminSessionsQuery(isStatus(status) ? status : '', search.get('q') ?? ''))]);
  return null;
}

/**
 * Approve, Reject and a row's Delete: the same list again (its ?status and ?q kept, not the
 * decision it asked for), which says so once; refused, the page again saying why.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { search } = new URL(request.url);
  return sessionAction(formText(await request.formData()), `/dashboard/all-sessions${searchWithoutDecision(search)}`);
}

/**
 * Admin: every session, pending first; approve, reject, edit, delete. The status
 * filter and the search live in the URL (`?status=…&q=…`), the address the search form (a GET)
 * asks for when sent before the app is live.
 */
export function AdminSessionsPage() {
  const { t } = useTranslator();
  useTitle(t('sessionLists.adminTitle'));
  const { statusLabel } = useSessionText();
  const list = useListQuery('status', isStatus);
  const [approving, setApproving] = useState<AdminSessionListItem | null>(null);
  const [rejecting, setRejecting] = useState<AdminSessionListItem | null>(null);
  const sessions = useAdminSessions(list.filter, list.q);
  // A decision asked by address (its button sent without JavaScript): its form in the page, above the list.
  const asked = useAskedDecision();
  const askedSession = sessions.data?.pages.flatMap((page) => page.items).find((s) => s.id === asked.sessionId && s.status === 'pending') ?? null;

  return (
    <PageSection title={t('sessionLists.adminTitle')} headingId="admin-sessions-heading">
      <FilterBar list={list} filterLabel={t('sessionLists.status')} filterWidth="sm:w-44" searchLabel={t('sessionLists.search')}>
          <option value="">{t('sessionLists.all')}</option>
          {(STATUSES as SessionStatus[]).map((status) => (
            <option key={status} value={status}>
              {statusLabel(status)}
            </option>
          ))}
      </FilterBar>
      {/* A row's refused Delete (Approve and Reject: their dialogs say why). */}
      <RefusalMessage title={t('dashboardShell.error')} intent="delete" />
      <ApproveSessionDialog session={approving} onClose={() => setApproving(null)} asked={asked.decision === 'approve' ? askedSession : null} />
      <RejectSessionDialog session={rejecting} onClose={() => setRejecting(null)} asked={asked.decision === 'reject' ? askedSession : null} />
      <PagedList query={sessions} loadingLabel={t('sessionLists.loading')} empty={t('sessionLists.noMatch')}>
        {(session) => <AdminSessionRow key={session.id} session={session} onApprove={setApproving} onReject={setRejecting} />}
      </PagedList>
    </PageSection>
  );
}

type RowProps = { session: AdminSessionListItem; onApprove: (s: AdminSessionListItem) => void; onReject: (s: AdminSessionListItem) => void };

function AdminSessionRow({ session, onApprove, onReject }: RowProps) {
  const { t } = useTranslator();
  const { feeText } = useSessionText();
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
              <DecisionButton decision="approve" session={session} onOpen={onApprove} className="btn btn-sm btn-success" label={t('sessionLists.approveLabel', { title: session.title })}>
                {t('sessionLists.approve')}
              </DecisionButton>
              <DecisionButton decision="reject" session={session} onOpen={onReject} className="btn btn-sm btn-error btn-outline" label={t('sessionLists.rejectLabel', { title: session.title })}>
                {t('sessionLists.reject')}
              </DecisionButton>
            </>
          )}
          <EditSessionLink session={session} />
          <DeleteSessionButton email={session.tutorEmail} session={session} />
        </div>
      </div>
    </li>
  );
}
