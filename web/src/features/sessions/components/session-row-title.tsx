import { Link } from 'react-router';
import type { Session } from '#contract/sessions.ts';
import { useDeleteSession } from '#web/features/sessions/api/use-delete-session.ts';
import { StatusBadge } from '#web/features/sessions/components/status-badge.tsx';
import { DeleteButton, RowLink } from '#web/components/list-page.tsx';
import { useTranslator } from '#web/lib/i18n.ts';

// The pieces of a session's row in the dashboard's lists (a tutor's Manage Sessions, an admin's All Sessions).

/** The first line of a session in a dashboard list: its title, a link to its details, and its status. */
export function SessionRowTitle({ session, detailsPath }: { session: Pick<Session, 'title' | 'status'>; detailsPath: string }) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-2">
      <Link to={detailsPath} className="link link-hover min-w-0 text-lg font-semibold break-words">
        {session.title}
      </Link>
      <StatusBadge status={session.status} />
    </div>
  );
}

/** A rejected session's reason and feedback, as the admin wrote them. */
export function RejectionNote({ session }: { session: Pick<Session, 'status' | 'rejectionReason' | 'rejectionFeedback'> }) {
  const { t } = useTranslator();
  if (session.status !== 'rejected' || !(session.rejectionReason || session.rejectionFeedback)) return null;
  return (
    <div role="note" className="rounded-box bg-error/10 p-3 text-sm">
      <p>
        <strong>{t('sessionLists.reason')}</strong> {session.rejectionReason}
      </p>
      <p>
        <strong>{t('sessionLists.feedback')}</strong> {session.rejectionFeedback}
      </p>
    </div>
  );
}

export function EditSessionLink({ session }: { session: Pick<Session, 'id' | 'title'> }) {
  return <RowLink to={`/dashboard/session/edit/${session.id}`} name={session.title} kind="edit" />;
}

export function DeleteSessionButton({ email, session }: { email: string; session: Pick<Session, 'id' | 'title'> }) {
  const { t } = useTranslator();
  const deleteSession = useDeleteSession();
  return <DeleteButton name={session.title} pending={deleteSession.isPending} remove={() => deleteSession.mutateAsync({ email, id: session.id })} deleted={t('sessionLists.deleted')} />;
}
