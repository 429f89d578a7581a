import { Link } from 'react-router';
import type { Session } from '#contract/sessions.ts';
import { useMe } from '#web/features/auth/public.ts';
import { useDeleteSession } from '#web/features/sessions/api/use-delete-session.ts';
import { useResubmitSession } from '#web/features/sessions/api/use-resubmit-session.ts';
import { useTutorSessions } from '#web/features/sessions/api/use-tutor-sessions.ts';
import { useDateFormatters } from '#web/lib/dates.ts';
import { deleteAfterConfirm, runWithDialogs } from '#web/lib/dialogs.ts';
import { useTitle } from '#web/lib/use-title.ts';
import { PagedListState, pagedItems } from '#web/components/paged-list-state.tsx';
import { PageSection } from '#web/components/page-section.tsx';
import { SessionRowTitle } from '#web/features/sessions/components/session-row-title.tsx';

/** Tutor: their sessions, every status, with Edit, View, Delete and Resubmit (spec §2, PRODUCT.md §4). */
export function ManageSessionsPage() {
  useTitle('Manage Sessions');
  const { user } = useMe();
  const email = user?.email ?? '';
  const sessions = useTutorSessions(email);
  const items = pagedItems(sessions);

  return (
    <PageSection
      title="Manage Sessions"
      headingId="manage-sessions-heading"
      action={
        <Link to="/dashboard/create-session" className="btn btn-primary btn-sm">
          Create Session
        </Link>
      }
    >
      <PagedListState query={sessions} loadingLabel="Loading your sessions" empty="You have not created any session yet.">
        <ul className="flex flex-col gap-3">
          {items.map((session) => (
            <SessionRow key={session.id} email={email} session={session} />
          ))}
        </ul>
      </PagedListState>
    </PageSection>
  );
}

function SessionRow({ email, session }: { email: string; session: Session }) {
  const { formatDate } = useDateFormatters();
  const deleteSession = useDeleteSession();
  const resubmit = useResubmitSession();
  const detailsPath = `/dashboard/session/${encodeURIComponent(email)}/${session.id}`;

  function handleDelete() {
    return deleteAfterConfirm(() => deleteSession.mutateAsync({ email, id: session.id }), 'Session deleted successfully');
  }

  function handleResubmit() {
    return runWithDialogs(() => resubmit.mutateAsync(session.id), { success: 'Session resubmitted for review' });
  }

  return (
    <li className="card bg-base-100 shadow-sm" data-testid="manage-session-row">
      <div className="card-body gap-2 p-4">
        <SessionRowTitle session={session} detailsPath={detailsPath} />
        <p className="text-sm text-base-content/70">Last Update: {formatDate(session.updatedAt)}</p>
        {session.status === 'rejected' && (session.rejectionReason || session.rejectionFeedback) && (
          <div className="rounded-box bg-error/10 p-3 text-sm">
            <p>
              <strong>Reason:</strong> {session.rejectionReason}
            </p>
            <p>
              <strong>Feedback:</strong> {session.rejectionFeedback}
            </p>
          </div>
        )}
        <div className="flex flex-wrap gap-2 pt-1">
          <Link to={`/dashboard/session/edit/${session.id}`} className="btn btn-sm" aria-label={`Edit ${session.title}`}>
            Edit
          </Link>
          <Link to={detailsPath} className="btn btn-sm" aria-label={`View ${session.title}`}>
            View
          </Link>
          <button type="button" className="btn btn-sm btn-error btn-outline" aria-label={`Delete ${session.title}`} disabled={deleteSession.isPending} onClick={() => void handleDelete()}>
            Delete
          </button>
          {session.status === 'rejected' && (session.rejectionReason || session.rejectionFeedback) && (
            <button type="button" className="btn btn-sm btn-primary" aria-label={`Resubmit ${session.title}`} disabled={resubmit.isPending} onClick={() => void handleResubmit()}>
              Resubmit
            </button>
          )}
        </div>
      </div>
    </li>
  );
}
