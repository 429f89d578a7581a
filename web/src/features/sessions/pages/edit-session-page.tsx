import { useParams } from 'react-router';
import { updateSessionFormBody } from '#contract/session-form.ts';
import type { Session } from '#contract/sessions.ts';
import { LoadError } from '#web/components/load-error.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { usePageSubmit } from '#web/components/use-page-submit.ts';
import { useMe } from '#web/features/auth/public.ts';
import { useSession } from '#web/features/sessions/api/use-session.ts';
import { useUpdateSession } from '#web/features/sessions/api/use-update-session.ts';
import { SessionForm } from '#web/features/sessions/components/session-form.tsx';
import { StatusBadge } from '#web/features/sessions/components/status-badge.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { fieldText } from '#web/lib/form-fields.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import { useTitle } from '#web/lib/use-title.ts';

/** Edit Session: Title and Details; dates, capacity and cutoff while pending or rejected (admins: always). */
export function EditSessionPage() {
  const { t } = useTranslator();
  useTitle(t('sessionForm.editTitle'));
  const { id = '' } = useParams();
  const session = useSession(id);
  if (session.isPending) return <Spinner label={t('sessionForm.loading')} />;
  if (session.isError) return <LoadError message={errorMessage(session.error)} onRetry={() => void session.refetch()} />;
  // The session's tutor and admins get its tutor's email with it (the server's own rule).
  const { tutorEmail } = session.data;
  if (tutorEmail === null) return <p role="alert" className="alert alert-error my-6">{t('sessionForm.notYours')}</p>;
  return <EditSessionForm key={session.data.id} session={{ ...session.data, tutorEmail }} />;
}

function EditSessionForm({ session }: { session: Session }) {
  const { t } = useTranslator();
  const { user } = useMe();
  const updateSession = useUpdateSession();
  const { errors, submit } = usePageSubmit();
  const scheduleEditable = session.status !== 'approved' || user?.role === 'admin';
  const schedule = {
    dates: { registrationStartDate: session.registrationStartDate, registrationEndDate: session.registrationEndDate, classStartDate: session.classStartDate, classEndDate: session.classEndDate },
    maxParticipants: session.maxParticipants === null ? '' : String(session.maxParticipants),
    cancellationCutoffHours: String(session.cancellationCutoffHours),
  };

  return (
    <SessionForm
      heading={
        <div className="flex flex-wrap items-center gap-3">
          <h1 id="session-form-heading" className="text-3xl font-bold">
            {t('sessionForm.editHeading')}
          </h1>
          <StatusBadge status={session.status} />
        </div>
      }
      words={{ title: t('sessionForm.title'), description: t('sessionForm.details'), submit: t('sessionForm.update'), pending: t('sessionForm.updating') }}
      defaults={{ title: session.title, description: session.description, place: session }}
      schedule={scheduleEditable ? schedule : t('sessionForm.scheduleFixed')}
      errors={errors}
      pending={updateSession.isPending}
      onSubmit={(fields) =>
        void submit({
          // The place may change at any time: booked and waiting students are emailed.
          // The same mapping of the form's fields as the server's, when it is sent without the app.
          send: () => updateSession.mutateAsync({ email: session.tutorEmail, id: session.id, body: updateSessionFormBody((name) => fieldText(fields, name), null, schedule.dates) }),
          successTitle: t('sessionForm.updated'),
          next: () => `/dashboard/session/${encodeURIComponent(session.tutorEmail)}/${session.id}`,
        })
      }
    />
  );
}
