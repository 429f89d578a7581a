import { type ActionFunctionArgs, Link, useLoaderData } from 'react-router';
import { createSessionFormBody, proposedSchedule } from '#contract/session-form.ts';
import { createSessionBody, DEFAULT_DECISION_HOURS } from '#contract/sessions.ts';
import { meQuery } from '#web/features/auth/public.ts';
import { createSession } from '#web/features/sessions/api/create-session.ts';
import { sessionKeys } from '#web/features/sessions/api/session-query-keys.ts';
import { SessionForm } from '#web/features/sessions/components/session-form.tsx';
import { pageZone } from '#web/lib/dates.ts';
import { fieldText } from '#web/lib/form-fields.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import { formBody, pageQueryClient, refused, sentOn } from '#web/lib/page-data.ts';
import { useTitle } from '#web/lib/use-title.ts';

/**
 * The form's first proposal (a class next week at the next whole hour, 90 minutes, registration
 * open until it starts), made once here so that the server's page and the app hydrating it show
 * the same. The tutor-only guard is the parent route's.
 */
export async function loader() {
  const queryClient = pageQueryClient();
  // The zone the tutor chose for their account, when they did, is the page's (lib/dates.ts).
  await queryClient.ensureQueryData(meQuery);
  return { proposal: proposedSchedule(Date.now(), pageZone(queryClient) ?? 'UTC') };
}

/** Created (pending): Manage Sessions, which says "Session created successfully". */
export async function action({ request }: ActionFunctionArgs) {
  const queryClient = pageQueryClient();
  const fields = await request.formData();
  try {
    const me = await queryClient.ensureQueryData(meQuery);
    // The dates in the zone the form names, else the page's (the tz cookie's), else UTC.
    const body = formBody(createSessionBody, createSessionFormBody((name) => fieldText(fields, name), pageZone(queryClient)));
    await createSession(me?.email ?? '', body);
  } catch (error) {
    return refused(error);
  }
  await queryClient.invalidateQueries({ queryKey: sessionKeys.all });
  return sentOn('/dashboard/manage-sessions', 'sessions.created');
}

/** Tutor: create a session. It starts pending and free until an admin approves it. */
export function CreateSessionPage() {
  const { t } = useTranslator();
  useTitle(t('sessionForm.createTitle'));
  const { proposal } = useLoaderData<typeof loader>();
  return (
    <SessionForm
      heading={
        <>
          <h1 id="session-form-heading" className="text-3xl font-bold">
            {t('sessionForm.createHeading')}
          </h1>
          <p className="mt-1 text-base-content/70">
            {t('sessionForm.createLead')} <Link to="/dashboard/create-series" className="link">{t('seriesForm.instead')}</Link>
          </p>
        </>
      }
      words={{ title: t('sessionForm.sessionTitle'), description: t('sessionForm.sessionDescription'), submit: t('sessionForm.create'), pending: t('sessionForm.creating') }}
      schedule={{ dates: proposal, maxParticipants: '', cancellationCutoffHours: '24', minimumStudents: '', decisionHoursBefore: String(DEFAULT_DECISION_HOURS) }}
    />
  );
}
