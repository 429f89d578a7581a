import { type ActionFunctionArgs, Link, useLoaderData } from 'react-router';
import { createSeriesFormBody, proposedSchedule } from '#contract/session-form.ts';
import { createSeriesBody, DEFAULT_DECISION_HOURS, MAX_SERIES_CLASSES, MAX_SERIES_EVERY_WEEKS } from '#contract/sessions.ts';
import { TextField } from '#web/components/text-field.tsx';
import { useFormRefusal } from '#web/components/form-messages.tsx';
import { meQuery } from '#web/features/auth/public.ts';
import { createSeries } from '#web/features/sessions/api/create-series.ts';
import { sessionKeys } from '#web/features/sessions/api/session-query-keys.ts';
import { DateField } from '#web/features/sessions/components/schedule-fields.tsx';
import { SessionForm } from '#web/features/sessions/components/session-form.tsx';
import { pageZone } from '#web/lib/dates.ts';
import { fieldText } from '#web/lib/form-fields.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import { formBody, pageQueryClient, refused, sentOn } from '#web/lib/page-data.ts';
import { useTitle } from '#web/lib/use-title.ts';

/** The first class's proposal, as Create Session's (a class next week at the next whole hour). The tutor-only guard is the parent route's. */
export async function loader() {
  const queryClient = pageQueryClient();
  await queryClient.ensureQueryData(meQuery);
  return { proposal: proposedSchedule(Date.now(), pageZone(queryClient) ?? 'UTC') };
}

/** Created (every class pending): Manage Sessions, which says how many classes were created. */
export async function action({ request }: ActionFunctionArgs) {
  const queryClient = pageQueryClient();
  const fields = await request.formData();
  let classes: number;
  try {
    const me = await queryClient.ensureQueryData(meQuery);
    const body = formBody(createSeriesBody, createSeriesFormBody((name) => fieldText(fields, name), pageZone(queryClient)));
    classes = (await createSeries(me?.email ?? '', body)).classes.length;
  } catch (error) {
    return refused(error);
  }
  await queryClient.invalidateQueries({ queryKey: sessionKeys.all });
  return sentOn('/dashboard/manage-sessions', 'sessions.seriesCreated', String(classes));
}

/**
 * Tutor: create a weekly series (docs/decisions/064-series.md): the first class as Create Session
 * takes it, and how it repeats. Each class becomes a session of its own, pending until an admin
 * approves the series.
 */
export function CreateSeriesPage() {
  const { t } = useTranslator();
  useTitle(t('seriesForm.title'));
  const { proposal } = useLoaderData<typeof loader>();
  const errors = useFormRefusal()?.fields ?? {};
  return (
    <SessionForm
      heading={
        <>
          <h1 id="session-form-heading" className="text-3xl font-bold">
            {t('seriesForm.heading')}
          </h1>
          <p className="mt-1 text-base-content/70">
            {t('seriesForm.lead')} <Link to="/dashboard/create-session" className="link">{t('seriesForm.oneClass')}</Link>
          </p>
        </>
      }
      words={{ title: t('sessionForm.sessionTitle'), description: t('sessionForm.sessionDescription'), submit: t('seriesForm.create'), pending: t('seriesForm.creating') }}
      schedule={{ dates: proposal, maxParticipants: '', cancellationCutoffHours: '24', minimumStudents: '', decisionHoursBefore: String(DEFAULT_DECISION_HOURS) }}
    >
      <fieldset className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <legend className="mb-2 font-semibold">{t('seriesForm.repeat')}</legend>
        <TextField label={t('seriesForm.everyWeeks')} name="everyWeeks" type="number" inputMode="numeric" step={1} min={1} max={MAX_SERIES_EVERY_WEEKS} required defaultValue="1" error={errors.everyWeeks} />
        <TextField label={t('seriesForm.classCount')} name="classCount" type="number" inputMode="numeric" step={1} min={2} max={MAX_SERIES_CLASSES} defaultValue="" hint={t('seriesForm.classCountHint')} error={errors.classCount} />
        <DateField label={t('seriesForm.untilDate')} name="untilDate" defaultValue="" hint={t('seriesForm.untilDateHint')} error={errors.untilDate} />
        <TextField label={t('seriesForm.skipDates')} name="skipDates" defaultValue="" placeholder="dd/MM/yyyy, dd/MM/yyyy" hint={t('seriesForm.skipDatesHint')} error={errors.skipDates} />
      </fieldset>
    </SessionForm>
  );
}
