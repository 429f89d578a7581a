import type { ActionFunctionArgs } from 'react-router';
import type { TutorSessionListItem } from '#contract/sessions.ts';
import { RefusalMessage } from '#web/components/form-messages.tsx';
import { IntentButton } from '#web/components/intent-button.tsx';
import { authConfigQuery, meQuery, useMe } from '#web/features/auth/public.ts';
import { tutorSessionsQuery, useTutorSessions } from '#web/features/sessions/api/use-tutor-sessions.ts';
import { sessionAction } from '#web/features/sessions/session-actions.ts';
import { formText, pageQueryClient } from '#web/lib/page-data.ts';
import { useDateFormatters } from '#web/lib/dates.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import { useSessionText } from '#web/features/sessions/session-text.ts';
import { ListRow, PagedListPage, RowLink } from '#web/components/list-page.tsx';
import { DeleteSessionButton, EditSessionLink, RejectionNote, SessionRowTitle } from '#web/features/sessions/components/session-row-title.tsx';

/** The tutor's first page of sessions and the config (fees' currency); signed out, the parent route's guard sends the visitor to log in. */
export async function loader() {
  const queryClient = pageQueryClient();
  const [me] = await Promise.all([queryClient.ensureQueryData(meQuery), queryClient.prefetchQuery(authConfigQuery)]);
  if (me) await queryClient.prefetchInfiniteQuery(tutorSessionsQuery(me.email));
  return null;
}

/** A row's Delete and Resubmit: the list again, which says so once; refused, the page again saying why. */
export async function action({ request }: ActionFunctionArgs) {
  return sessionAction(formText(await request.formData()), '/dashboard/manage-sessions');
}

/** Tutor: their sessions, every status, each with its class date and time and its seats taken, with Edit, View, Delete (Cancel session once booked) and Resubmit. */
export function ManageSessionsPage() {
  const { t } = useTranslator();
  const { user } = useMe();
  const email = user?.email ?? '';
  const sessions = useTutorSessions(email);

  return (
    <>
      {/* A refused form of any row (a session booked meanwhile, not the tutor's), said once for the list. */}
      <RefusalMessage title={t('dashboardShell.error')} withFields />
      <PagedListPage title={t('sessionLists.manageTitle')} headingId="manage-sessions-heading" create={{ to: '/dashboard/create-session', label: t('sessionForm.create') }} query={sessions} loadingLabel={t('sessionLists.loadingMine')} empty={t('sessionLists.noneMine')}>
        {(session) => <SessionRow key={session.id} email={email} session={session} />}
      </PagedListPage>
    </>
  );
}

function SessionRow({ email, session }: { email: string; session: TutorSessionListItem }) {
  const { t } = useTranslator();
  const { formatClassTime } = useDateFormatters();
  const { seatsText } = useSessionText();
  const detailsPath = `/dashboard/session/${encodeURIComponent(email)}/${session.id}`;

  return (
    <ListRow
      testId="manage-session-row"
      title={<SessionRowTitle session={session} detailsPath={detailsPath} />}
      updatedAt={session.updatedAt}
      actions={
        <>
          <EditSessionLink session={session} />
          <RowLink to={detailsPath} name={session.title} kind="view" />
          <DeleteSessionButton email={email} session={session} detailsPath={detailsPath} />
          {session.status === 'rejected' && (session.rejectionReason || session.rejectionFeedback) && (
            <IntentButton intent="resubmit" fields={{ id: session.id }} className="btn btn-sm btn-primary" label={t('sessionLists.resubmitLabel', { title: session.title })}>
              {t('sessionLists.resubmit')}
            </IntentButton>
          )}
        </>
      }
    >
      {/* When the class is and how many booked: what a tutor looks for in the list. */}
      <p className="text-sm" data-testid="manage-session-class">
        {t('sessionLists.classOn', { date: formatClassTime(session.classStartDate, session.classEndDate, session.tutorTimeZone) })}
        {' · '}
        {session.maxParticipants === null ? t('sessionLists.bookedCount', { count: session.seatsTaken }) : seatsText(session)}
      </p>
      <RejectionNote session={session} />
    </ListRow>
  );
}
