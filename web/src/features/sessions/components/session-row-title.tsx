import { Link, useNavigate } from 'react-router';
import type { Session } from '#contract/sessions.ts';
import { StatusBadge } from '#web/features/sessions/components/status-badge.tsx';
import { IntentButton } from '#web/components/intent-button.tsx';
import { RowLink } from '#web/components/list-page.tsx';
import { confirmAction, confirmDelete } from '#web/lib/dialogs.ts';
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

type DeleteSessionProps =
  /** A tutor's list: a booked class still to come leads to its page, `detailsPath`, to be cancelled there. */
  | { email: string; session: Pick<Session, 'id' | 'title' | 'status' | 'seatsTaken' | 'classStartDate'>; detailsPath: string }
  /** The admins' list: Delete only asks to confirm (an admin deletes a session with everything attached). */
  | { email: string; session: Pick<Session, 'id' | 'title'>; detailsPath?: undefined };

/**
 * A session's Delete, sent to its page's route action (features/sessions/session-actions.ts). A
 * booked class still to come cannot be deleted by its tutor (its students counted on it): with the
 * app its Delete says so in its own confirmation and leads to Cancel session on the session's page,
 * which tells them; without it, the server refuses the delete and the page says why.
 */
export function DeleteSessionButton(props: DeleteSessionProps) {
  const { t } = useTranslator();
  const navigate = useNavigate();
  const { email, session } = props;
  const booked = props.detailsPath !== undefined && props.session.status === 'approved' && props.session.seatsTaken > 0 && Date.parse(props.session.classStartDate) > Date.now() ? { detailsPath: props.detailsPath, seatsTaken: props.session.seatsTaken } : null;
  // A booked class: asked, the page to cancel it, never the delete itself.
  const confirm = booked
    ? async () => {
        const confirmed = await confirmAction({ title: t('sessionLists.bookedDeleteTitle'), text: t('sessionLists.bookedDeleteText', { title: session.title, count: booked.seatsTaken }), confirmButtonText: t('tutorSession.cancel'), cancelButtonText: t('sessionLists.keepSession') });
        if (confirmed) void navigate(booked.detailsPath, { state: { cancelSession: true } });
        return false;
      }
    : confirmDelete;
  return (
    <IntentButton intent="delete" fields={{ id: session.id, email }} confirm={confirm} className="btn btn-sm btn-error btn-outline" label={t('dashboardShell.deleteLabel', { name: session.title })}>
      {t('dashboardShell.delete')}
    </IntentButton>
  );
}
