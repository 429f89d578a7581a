import type { ReactNode } from 'react';
import { Form, useNavigation } from 'react-router';
import { MAX_SEATS_PER_BOOKING, type SessionPlace } from '#contract/sessions.ts';
import { RefusalMessage, useFormRefusal } from '#web/components/form-messages.tsx';
import { NoScriptField } from '#web/components/no-script-field.tsx';
import { SubmitButton } from '#web/components/submit-button.tsx';
import { TextAreaField } from '#web/components/text-area-field.tsx';
import { TextField } from '#web/components/text-field.tsx';
import { PlaceFields } from '#web/features/sessions/components/place-fields.tsx';
import { type ScheduleDefaults, ScheduleFields } from '#web/features/sessions/components/schedule-fields.tsx';
import { useTranslator } from '#web/lib/i18n.ts';

type SessionFormProps = {
  heading: ReactNode;
  /** The title's and description's labels, and the submit button's words while idle and sending. */
  words: { title: string; description: string; submit: string; pending: string };
  defaults?: { title: string; description: string; place: SessionPlace; maxSeatsPerBooking?: number };
  /** An approved session: its place cannot go back to "to be announced". */
  approved?: boolean;
  /** The schedule's fields, or why they are not offered (an approved session's dates are fixed). */
  schedule: ScheduleDefaults | string;
  /** More fields after the schedule's (Create Series: how the class repeats). */
  children?: ReactNode;
};

/**
 * Create and Edit Session's form, sent to its page's route action (create-session-page.tsx,
 * edit-session-page.tsx) by the app, or by the browser before the app is live or without it;
 * its fields are read into the API's body by contract/session-form.ts. A refusal: the server's
 * messages under the fields they name, else in a popup; every field as typed.
 */
export function SessionForm({ heading, words, defaults, schedule, approved = false, children }: SessionFormProps) {
  const { t } = useTranslator();
  const errors = useFormRefusal()?.fields ?? {};
  const busy = useNavigation().state === 'submitting';
  return (
    <section aria-labelledby="session-form-heading" className="w-full max-w-3xl">
      {heading}
      <Form method="post" className="card mt-6 bg-base-100 shadow-sm">
        <NoScriptField />
        <div className="card-body gap-4">
          <RefusalMessage title={t('dashboardShell.error')} />
          <TextField label={words.title} name="title" required maxLength={200} defaultValue={defaults?.title} error={errors.title} />
          <TextAreaField label={words.description} name="description" required maxLength={5000} rows={5} defaultValue={defaults?.description} error={errors.description} />
          <PlaceFields defaults={defaults?.place} errors={errors} offerToBeAnnounced={!approved} />
          {/* Any time, not only while the schedule is open: it bears on bookings to come (docs/decisions/061-group-bookings.md). */}
          <TextField
            label={t('sessionForm.seatsPerBooking')}
            name="maxSeatsPerBooking"
            type="number"
            inputMode="numeric"
            step={1}
            min={1}
            max={MAX_SEATS_PER_BOOKING}
            required
            defaultValue={String(defaults?.maxSeatsPerBooking ?? 1)}
            hint={t('sessionForm.seatsPerBookingHint', { max: MAX_SEATS_PER_BOOKING })}
            error={errors.maxSeatsPerBooking}
          />
          {typeof schedule === 'string' ? <p className="text-sm text-base-content/70">{schedule}</p> : <ScheduleFields defaults={schedule} errors={errors} />}
          {children}
          <div>
            <SubmitButton className="btn btn-primary" busy={busy} busyLabel={words.pending} label={words.submit} />
          </div>
        </div>
      </Form>
    </section>
  );
}
