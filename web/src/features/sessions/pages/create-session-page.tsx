import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { TextField } from '#web/components/text-field.tsx';
import { useMe } from '#web/features/auth/public.ts';
import { useCreateSession } from '#web/features/sessions/api/use-create-session.ts';
import { PlaceFields, placeBody } from '#web/features/sessions/components/place-fields.tsx';
import { ScheduleFields, scheduleFrom } from '#web/features/sessions/components/schedule-fields.tsx';
import { TextAreaField } from '#web/components/text-area-field.tsx';
import { defaultSchedule, scheduleBody } from '#web/features/sessions/schedule-values.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { fieldText } from '#web/lib/form-fields.ts';
import { showErrorDialog, showSuccessToast } from '#web/lib/dialogs.ts';
import { useTitle } from '#web/lib/use-title.ts';
import { NoScriptField } from '#web/components/no-script-field.tsx';

/** Tutor: create a session (spec §2). It starts pending and free until an admin approves it. */
export function CreateSessionPage() {
  useTitle('Create Session');
  const { user } = useMe();
  const navigate = useNavigate();
  const createSession = useCreateSession(user?.email ?? '');
  const [defaults] = useState(() => defaultSchedule());
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    setErrors({});
    try {
      await createSession.mutateAsync({ title: fieldText(fields, 'title'), description: fieldText(fields, 'description'), ...scheduleBody(scheduleFrom(fields)), ...placeBody(fields) });
    } catch (error) {
      // A 400 names the field: show it there and in the dialog; anything else is spec §8's generic text.
      if (error instanceof ApiError && error.status === 400) {
        setErrors(error.fields ?? {});
        await showErrorDialog('Error', error.message);
      } else {
        await showErrorDialog('Error', 'Something went wrong. Please try again later.');
      }
      return;
    }
    await showSuccessToast('Session created successfully');
    await navigate('/dashboard/manage-sessions');
  }

  return (
    <section aria-labelledby="create-session-heading" className="w-full max-w-3xl">
      <h1 id="create-session-heading" className="text-3xl font-bold">
        Create a Session
      </h1>
      <p className="mt-1 text-base-content/70">Fill the form below to create a session.</p>
      {/* Sent before the app is live, the form goes to this page's own address, where the server keeps the page as it is (server/http/page-forms.ts). */}
      <form method="post" className="card mt-6 bg-base-100 shadow-sm" onSubmit={(event) => void handleSubmit(event)}>
        <NoScriptField />
        <div className="card-body gap-4">
          <TextField label="Session Title" name="title" required maxLength={200} error={errors.title} />
          <ScheduleFields defaults={defaults} errors={errors} />
          <PlaceFields errors={errors} />
          <TextAreaField
            label="Session description"
            name="description"
            required
            maxLength={5000}
            rows={5}
            error={errors.description}
          />
          <div>
            <button type="submit" className="btn btn-primary" disabled={createSession.isPending}>
              {createSession.isPending ? 'Creating…' : 'Create Session'}
            </button>
          </div>
        </div>
      </form>
    </section>
  );
}
