import { type ActionFunctionArgs, type LoaderFunctionArgs, useParams } from 'react-router';
import { updateSessionFormBody } from '#contract/session-form.ts';
import { DEFAULT_DECISION_HOURS, updateSessionBody } from '#contract/sessions.ts';
import { authConfigQuery, meQuery, useMe } from '#web/features/auth/public.ts';
import { editableSession, tutorSessionPath } from '#web/features/sessions/api/editable-session.ts';
import { sessionKeys } from '#web/features/sessions/api/session-query-keys.ts';
import { updateSession } from '#web/features/sessions/api/update-session.ts';
import { useSession } from '#web/features/sessions/api/use-session.ts';
import { SessionForm } from '#web/features/sessions/components/session-form.tsx';
import { StatusBadge } from '#web/features/sessions/components/status-badge.tsx';
import { pageZone } from '#web/lib/dates.ts';
import { fieldText } from '#web/lib/form-fields.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import { formBody, pageQueryClient, refused, sentOn } from '#web/lib/page-data.ts';
import { useTitle } from '#web/lib/use-title.ts';

/** The session the form edits (or the 404 page: not the visitor's to edit). */
export async function loader({ params }: LoaderFunctionArgs) {
  await editableSession(params.id ?? '');
  // Whether the schedule is offered: an admin's (signed in: the parent route's guard); the
  // config its status badge's words read (session-text.ts).
  const queryClient = pageQueryClient();
  await Promise.all([queryClient.ensureQueryData(meQuery), queryClient.prefetchQuery(authConfigQuery)]);
  return null;
}

/** Saved: the session's page, which says "Session updated successfully". */
export async function action({ request, params }: ActionFunctionArgs) {
  const queryClient = pageQueryClient();
  const session = await editableSession(params.id ?? '');
  const fields = await request.formData();
  try {
    // Only the dates typed differently from those the form was drawn with are sent.
    const body = formBody(updateSessionBody, updateSessionFormBody((name) => fieldText(fields, name), pageZone(queryClient), session));
    await updateSession(session.tutorEmail, session.id, body);
  } catch (error) {
    return refused(error);
  }
  await queryClient.invalidateQueries({ queryKey: sessionKeys.all });
  return sentOn(tutorSessionPath(session), 'sessions.updated');
}

/** Edit Session: Title and Details; dates, capacity and cutoff while pending or rejected (admins: always). */
export function EditSessionPage() {
  const { t } = useTranslator();
  useTitle(t('sessionForm.editTitle'));
  const { id = '' } = useParams();
  const { user } = useMe();
  // Read by the loader: here at once.
  const session = useSession(id).data;
  if (!session) return null;
  const scheduleEditable = session.status !== 'approved' || user?.role === 'admin';
  const schedule = {
    dates: { registrationStartDate: session.registrationStartDate, registrationEndDate: session.registrationEndDate, classStartDate: session.classStartDate, classEndDate: session.classEndDate },
    maxParticipants: session.maxParticipants === null ? '' : String(session.maxParticipants),
    cancellationCutoffHours: String(session.cancellationCutoffHours),
    minimumStudents: session.minimumStudents === null ? '' : String(session.minimumStudents),
    decisionHoursBefore: String(session.decisionHoursBefore ?? DEFAULT_DECISION_HOURS),
  };
  return (
    <SessionForm
      key={session.id}
      heading={
        <div className="flex flex-wrap items-center gap-3">
          <h1 id="session-form-heading" className="text-3xl font-bold">
            {t('sessionForm.editHeading')}
          </h1>
          <StatusBadge status={session.status} />
        </div>
      }
      words={{ title: t('sessionForm.title'), description: t('sessionForm.details'), submit: t('sessionForm.update'), pending: t('sessionForm.updating') }}
      defaults={{ title: session.title, description: session.description, place: session, maxSeatsPerBooking: session.maxSeatsPerBooking }}
      approved={session.status === 'approved'}
      // The place may change at any time: booked and waiting students are emailed.
      schedule={scheduleEditable ? schedule : t('sessionForm.scheduleFixed')}
    />
  );
}
