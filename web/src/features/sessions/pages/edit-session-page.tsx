import { type FormEvent, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { Session, UpdateSessionBody } from '#contract/sessions.ts';
import { LoadError } from '#web/components/load-error.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { TextField } from '#web/components/text-field.tsx';
import { useMe } from '#web/features/auth/public.ts';
import { useSession } from '#web/features/sessions/api/use-session.ts';
import { useUpdateSession } from '#web/features/sessions/api/use-update-session.ts';
import { PlaceFields, placeBody } from '#web/features/sessions/components/place-fields.tsx';
import { ScheduleFields, scheduleFrom, type ScheduleValues } from '#web/features/sessions/components/schedule-fields.tsx';
import { StatusBadge } from '#web/features/sessions/components/status-badge.tsx';
import { TextAreaField } from '#web/components/text-area-field.tsx';
import { scheduleBody, scheduleOf } from '#web/features/sessions/schedule-values.ts';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';
import { fieldText } from '#web/lib/form-fields.ts';
import { showErrorDialog, showSuccessToast } from '#web/lib/dialogs.ts';
import { useTitle } from '#web/lib/use-title.ts';
import { NoScriptField } from '#web/components/no-script-field.tsx';

/** Edit Session (spec §2): Title and Details; dates, capacity and cutoff while pending or rejected (admins: always). */
export function EditSessionPage() {
  useTitle('Edit Session');
  const { id = '' } = useParams();
  const session = useSession(id);
  if (session.isPending) return <Spinner label="Loading the session" />;
  if (session.isError) return <LoadError message={errorMessage(session.error)} onRetry={() => void session.refetch()} />;
  // The session's tutor and admins get its tutor's email with it (the server's own rule).
  const { tutorEmail } = session.data;
  if (tutorEmail === null) return <p role="alert" className="alert alert-error my-6">You can only edit your own sessions.</p>;
  return <EditSessionForm key={session.data.id} session={{ ...session.data, tutorEmail }} />;
}

function EditSessionForm({ session }: { session: Session }) {
  const { user } = useMe();
  const navigate = useNavigate();
  const updateSession = useUpdateSession();
  const [initialSchedule] = useState(() => scheduleOf(session));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const scheduleEditable = session.status !== 'approved' || user?.role === 'admin';

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    setErrors({});
    // The place may change at any time: booked and waiting students are emailed (issue 19).
    const body: UpdateSessionBody = { title: fieldText(fields, 'title'), description: fieldText(fields, 'description'), ...placeBody(fields) };
    if (scheduleEditable) {
      // Only what changed: the pickers have minute precision, the stored instants may not.
      const schedule = scheduleFrom(fields);
      const next = scheduleBody(schedule);
      for (const key of Object.keys(schedule) as Array<keyof ScheduleValues>) {
        if (schedule[key] !== initialSchedule[key]) Object.assign(body, { [key]: next[key] });
      }
      if (Object.keys(body).some((key) => key.endsWith('Date'))) body.timeZone = next.timeZone;
    }
    try {
      await updateSession.mutateAsync({ email: session.tutorEmail, id: session.id, body });
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      await showErrorDialog('Error', errorMessage(error));
      return;
    }
    await showSuccessToast('Session updated successfully');
    await navigate(`/dashboard/session/${encodeURIComponent(session.tutorEmail)}/${session.id}`);
  }

  return (
    <section aria-labelledby="edit-session-heading" className="w-full max-w-3xl">
      <div className="flex flex-wrap items-center gap-3">
        <h1 id="edit-session-heading" className="text-3xl font-bold">
          Edit Session
        </h1>
        <StatusBadge status={session.status} />
      </div>
      {/* Sent before the app is live, the form goes to this page's own address, where the server keeps the page as it is (server/http/page-forms.ts). */}
      <form method="post" className="card mt-6 bg-base-100 shadow-sm" onSubmit={(event) => void handleSubmit(event)}>
        <NoScriptField />
        <div className="card-body gap-4">
          <TextField label="Title" name="title" required maxLength={200} defaultValue={session.title} error={errors.title} />
          <TextAreaField label="Details" name="description" required maxLength={5000} rows={6} defaultValue={session.description} error={errors.description} />
          <PlaceFields defaults={session} errors={errors} />
          {scheduleEditable ? (
            <ScheduleFields defaults={initialSchedule} errors={errors} />
          ) : (
            <p className="text-sm text-base-content/70">Dates, capacity and cancellation cutoff are fixed once a session is approved.</p>
          )}
          <div>
            <button type="submit" className="btn btn-primary" disabled={updateSession.isPending}>
              {updateSession.isPending ? 'Updating…' : 'Update'}
            </button>
          </div>
        </div>
      </form>
    </section>
  );
}
