import type { FormEvent, ReactNode } from 'react';
import type { SessionPlace } from '#contract/sessions.ts';
import { NoScriptField } from '#web/components/no-script-field.tsx';
import { TextAreaField } from '#web/components/text-area-field.tsx';
import { TextField } from '#web/components/text-field.tsx';
import { PlaceFields } from '#web/features/sessions/components/place-fields.tsx';
import { type ScheduleDefaults, ScheduleFields } from '#web/features/sessions/components/schedule-fields.tsx';

type SessionFormProps = {
  heading: ReactNode;
  /** The title's and description's labels, and the submit button's words while idle and sending. */
  words: { title: string; description: string; submit: string; pending: string };
  defaults?: { title: string; description: string; place: SessionPlace };
  /** The schedule's fields, or why they are not offered (an approved session's dates are fixed). */
  schedule: ScheduleDefaults | string;
  errors: Record<string, string>;
  pending: boolean;
  onSubmit: (fields: FormData) => void;
};

/**
 * Create and Edit Session's form: a real form to the page's own address, which the server
 * answers when it is sent without the app (server/http/page-forms.ts, contract/session-form.ts),
 * read by the app when it is live.
 */
export function SessionForm({ heading, words, defaults, schedule, errors, pending, onSubmit }: SessionFormProps) {
  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit(new FormData(event.currentTarget));
  }
  return (
    <section aria-labelledby="session-form-heading" className="w-full max-w-3xl">
      {heading}
      <form method="post" className="card mt-6 bg-base-100 shadow-sm" onSubmit={handleSubmit}>
        <NoScriptField />
        <div className="card-body gap-4">
          <TextField label={words.title} name="title" required maxLength={200} defaultValue={defaults?.title} error={errors.title} />
          <TextAreaField label={words.description} name="description" required maxLength={5000} rows={5} defaultValue={defaults?.description} error={errors.description} />
          <PlaceFields defaults={defaults?.place} errors={errors} />
          {typeof schedule === 'string' ? <p className="text-sm text-base-content/70">{schedule}</p> : <ScheduleFields defaults={schedule} errors={errors} />}
          <div>
            <button type="submit" className="btn btn-primary" disabled={pending}>
              {pending ? words.pending : words.submit}
            </button>
          </div>
        </div>
      </form>
    </section>
  );
}
