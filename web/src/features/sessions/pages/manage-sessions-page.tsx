import type { Session } from '#contract/sessions.ts';
import { useMe } from '#web/features/auth/public.ts';
import { useResubmitSession } from '#web/features/sessions/api/use-resubmit-session.ts';
import { useTutorSessions } from '#web/features/sessions/api/use-tutor-sessions.ts';
import { runWithDialogs } from '#web/lib/dialogs.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import { ListRow, PagedListPage, RowLink } from '#web/components/list-page.tsx';
import { DeleteSessionButton, EditSessionLink, RejectionNote, SessionRowTitle } from '#web/features/sessions/components/session-row-title.tsx';

/** Tutor: their sessions, every status, with Edit, View, Delete and Resubmit. */
export function ManageSessionsPage() {
  const { t } = useTranslator();
  const { user } = useMe();
  const email = user?.email ?? '';
  const sessions = useTutorSessions(email);

  return (
    <PagedListPage title={t('sessionLists.manageTitle')} headingId="manage-sessions-heading" create={{ to: '/dashboard/create-session', label: t('sessionForm.create') }} query={sessions} loadingLabel={t('sessionLists.loadingMine')} empty={t('sessionLists.noneMine')}>
      {(session) => <SessionRow key={session.id} email={email} session={session} />}
    </PagedListPage>
  );
}

function SessionRow({ email, session }: { email: string; session: Session }) {
  const { t } = useTranslator();
  const resubmit = useResubmitSession();
  const detailsPath = `/dashboard/session/${encodeURIComponent(email)}/${session.id}`;

  function handleResubmit() {
    return runWithDialogs(() => resubmit.mutateAsync(session.id), { success: t('sessionLists.resubmitted') });
  }

  return (
    <ListRow
      testId="manage-session-row"
      title={<SessionRowTitle session={session} detailsPath={detailsPath} />}
      updatedAt={session.updatedAt}
      actions={
        <>
          <EditSessionLink session={session} />
          <RowLink to={detailsPath} name={session.title} kind="view" />
          <DeleteSessionButton email={email} session={session} />
          {session.status === 'rejected' && (session.rejectionReason || session.rejectionFeedback) && (
            <button type="button" className="btn btn-sm btn-primary" aria-label={t('sessionLists.resubmitLabel', { title: session.title })} disabled={resubmit.isPending} onClick={() => void handleResubmit()}>
              {t('sessionLists.resubmit')}
            </button>
          )}
        </>
      }
    >
      <RejectionNote session={session} />
    </ListRow>
  );
}
