import { type ActionFunctionArgs, Form, Link, type LoaderFunctionArgs, useNavigation, useParams } from 'react-router';
import { rescheduleSessionFormBody } from '#contract/session-form.ts';
import { RESCHEDULE_MESSAGE_MAX, rescheduleSessionBody, type ScheduleField, type SessionDetails } from '#contract/sessions.ts';
import { RefusalMessage, useFormRefusal } from '#web/components/form-messages.tsx';
import { NoScriptField } from '#web/components/no-script-field.tsx';
import { SubmitButton } from '#web/components/submit-button.tsx';
import { TextAreaField } from '#web/components/text-area-field.tsx';
import { editableSession, tutorSessionPath } from '#web/features/sessions/api/editable-session.ts';
import { rescheduleSession } from '#web/features/sessions/api/reschedule-session.ts';
import { sessionKeys } from '#web/features/sessions/api/session-query-keys.ts';
import { useSession } from '#web/features/sessions/api/use-session.ts';
import { PlaceFields } from '#web/features/sessions/components/place-fields.tsx';
import { ScheduleDates } from '#web/features/sessions/components/schedule-fields.tsx';
import { pageZone, useDateFormatters } from '#web/lib/dates.ts';
import { fieldText } from '#web/lib/form-fields.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import { formBody, pageQueryClient, refused, sentOn } from '#web/lib/page-data.ts';
import { useTitle } from '#web/lib/use-title.ts';

/** The dates the form offers, in its order: the class's, then when registration closes. */
const DATES = ['classStartDate', 'classEndDate', 'registrationEndDate'] as const satisfies readonly ScheduleField[];
/** The fields the form shows a message under; the server's message for any other is said above them. */
const SHOWN = new Set<string>([...DATES, 'placeName', 'placeAddress', 'meetingUrl', 'message']);

/** The session to move (or the 404 page: not the visitor's; the tutor-or-admin guard is the parent route's). */
export async function loader({ params }: LoaderFunctionArgs) {
  await editableSession(params.id ?? '');
  return null;
}

/**
 * Moved (docs/decisions/053-reschedule-and-class-order.md): the session's page, which says so and
 * shows the new time. Refused: this page again with the server's reason at its field.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const queryClient = pageQueryClient();
  const session = await editableSession(params.id ?? '');
  const fields = await request.formData();
  let moved;
  try {
    // Read in the zone the form names, as Create and Edit Session read theirs.
    const body = formBody(rescheduleSessionBody, rescheduleSessionFormBody((name) => fieldText(fields, name), pageZone(queryClient), session));
    moved = await rescheduleSession(session.id, body);
  } catch (error) {
    return refused(error);
  }
  await queryClient.invalidateQueries({ queryKey: sessionKeys.all });
  // The page it goes back to shows the moved class at once.
  queryClient.setQueryData(sessionKeys.tutorDetail(session.tutorEmail, session.id), moved);
  return sentOn(tutorSessionPath(session), 'sessions.rescheduled');
}

/** Reschedule Session: an approved class moved before it starts, with a message for its students. */
export function RescheduleSessionPage() {
  const { t } = useTranslator();
  useTitle(t('reschedule.title'));
  const { id = '' } = useParams();
  // Read by the loader: here at once.
  const session = useSession(id).data;
  return session ? <RescheduleSession s={session} /> : null;
}

function RescheduleSession({ s }: { s: SessionDetails }) {
  const { t } = useTranslator();
  const { formatClassTime } = useDateFormatters();
  const back = tutorSessionPath({ id: s.id, tutorEmail: s.tutorEmail ?? '' });
  // The server refuses the others and says why; the page says it before any is typed.
  const why =
    s.status === 'cancelled' ? t('reschedule.cancelled') : s.status !== 'approved' ? t('reschedule.notApproved') : Date.parse(s.classStartDate) <= Date.now() ? t('reschedule.started') : null;
  return (
    <section aria-labelledby="reschedule-heading" className="w-full max-w-3xl">
      <h1 id="reschedule-heading" className="text-3xl font-bold">
        {t('reschedule.heading')}
      </h1>
      <p className="mt-2 text-lg font-semibold break-words">{s.title}</p>
      <p className="text-base-content/70">{t('reschedule.now', { time: formatClassTime(s.classStartDate, s.classEndDate, s.tutorTimeZone) })}</p>
      {why ? (
        <div role="note" className="alert alert-warning alert-soft mt-6 flex-col items-start">
          <p>{why}</p>
          <Link to={back} className="link">
            {t('reschedule.back')}
          </Link>
        </div>
      ) : (
        // Drawn again with the dates it changes from when they change (a move read from a stale cache, then refetched).
        <RescheduleForm key={s.updatedAt} s={s} back={back} />
      )}
    </section>
  );
}

/** Sent to the page's action by the app, or by the browser before the app is live or without it; every field kept as typed when refused. */
function RescheduleForm({ s, back }: { s: SessionDetails; back: string }) {
  const { t } = useTranslator();
  const errors = useFormRefusal()?.fields ?? {};
  const unplaced = Object.entries(errors).filter(([field]) => !SHOWN.has(field));
  const busy = useNavigation().state === 'submitting';
  return (
    <Form method="post" className="card mt-6 bg-base-100 shadow-sm">
      <NoScriptField />
      <div className="card-body gap-4">
        <RefusalMessage title={t('reschedule.failed')} />
        <p>{t('reschedule.lead')}</p>
        {unplaced.length > 0 && (
          <div role="alert" className="alert alert-error alert-soft flex-col items-start">
            {unplaced.map(([field, message]) => (
              <p key={field}>{message}</p>
            ))}
          </div>
        )}
        <ScheduleDates fields={DATES} dates={s} errors={errors}>
          <p className="text-sm text-base-content/70 sm:col-span-2">{t('reschedule.registrationEndKept')}</p>
        </ScheduleDates>
        <PlaceFields defaults={s} errors={errors} offerToBeAnnounced={false} />
        <TextAreaField label={t('reschedule.message')} name="message" required maxLength={RESCHEDULE_MESSAGE_MAX} rows={4} error={errors.message} />
        <div className="flex flex-wrap items-center gap-2">
          <SubmitButton className="btn btn-primary" busy={busy} busyLabel={t('reschedule.sending')} label={t('reschedule.submit')} />
          <Link to={back} className="btn btn-ghost">
            {t('reschedule.back')}
          </Link>
        </div>
      </div>
    </Form>
  );
}
