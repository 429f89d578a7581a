import { useState } from 'react';
import { SESSION_DATES_FROM, SESSION_DATES_UNTIL } from '#contract/sessions.ts';
import { TextField } from '#web/components/text-field.tsx';
import { useDateFormatters } from '#web/lib/dates.ts';
import { fieldText, useAdopt, useHydrated } from '#web/lib/form-fields.ts';

// The contract's bounds as datetime-local values (the same text on the server and in the browser;
// a zone's few hours at either end are left to the server, which names the field).
const EARLIEST = SESSION_DATES_FROM.slice(0, 16);
const LATEST = SESSION_DATES_UNTIL.slice(0, 16);
const earliest = (start: string) => (start && start > EARLIEST ? start : EARLIEST);

export type ScheduleValues = {
  registrationStartDate: string;
  registrationEndDate: string;
  classStartDate: string;
  classEndDate: string;
  /** Empty = unlimited. */
  maxParticipants: string;
  cancellationCutoffHours: string;
};

const SCHEDULE_FIELDS: Array<keyof ScheduleValues> = ['registrationStartDate', 'registrationEndDate', 'classStartDate', 'classEndDate', 'maxParticipants', 'cancellationCutoffHours'];

/** The schedule as the form holds it (its fields are named after ScheduleValues' keys). */
export function scheduleFrom(fields: FormData): ScheduleValues {
  return Object.fromEntries(SCHEDULE_FIELDS.map((key) => [key, fieldText(fields, key)])) as ScheduleValues;
}

type ScheduleFieldsProps = {
  /** What the fields start with; what is then typed stays in them and is read from the form (scheduleFrom). */
  defaults: ScheduleValues;
  /** Messages from the server, by field name. */
  errors?: Record<string, string>;
};

/**
 * The dates, capacity and cutoff of a session. Native datetime-local pickers in the user's
 * time zone, within the contract's years; each end picker takes its start as the minimum (spec §5)
 * and registration ends by the end of the class. The server checks the same rules
 * (contract/sessions.ts scheduleProblems) and its messages show under each field. The fields
 * are uncontrolled: the bounds follow the dates they depend on as they are typed, including
 * those typed before the app was live.
 *
 * The bounds that depend on a date are set once the page is hydrated: the dates the server drew
 * (its "now", in UTC) differ from the browser's (a minute later, in the visitor's zone), and
 * React does not correct an attribute the server drew differently, so an end's minimum or
 * maximum would keep the server's minute and refuse the form.
 */
export function ScheduleFields({ defaults, errors = {} }: ScheduleFieldsProps) {
  const [registrationStart, setRegistrationStart] = useState(defaults.registrationStartDate);
  const [classStart, setClassStart] = useState(defaults.classStartDate);
  const [registrationEnd, setRegistrationEnd] = useState(defaults.registrationEndDate);
  const [classEnd, setClassEnd] = useState(defaults.classEndDate);
  const registrationStartField = useAdopt<HTMLInputElement>((field) => setRegistrationStart(field.value));
  const classStartField = useAdopt<HTMLInputElement>((field) => setClassStart(field.value));
  const registrationEndField = useAdopt<HTMLInputElement>((field) => setRegistrationEnd(field.value));
  const classEndField = useAdopt<HTMLInputElement>((field) => setClassEnd(field.value));
  const hydrated = useHydrated();
  const { formatInstant } = useDateFormatters();
  // The picker draws its value in the browser's language (12-hour in some); beside it, the value
  // as every page shows times: dd/MM/yyyy, 24-hour, with its zone (issue 17).
  const reads = (value: string) => (hydrated && value && !Number.isNaN(new Date(value).getTime()) ? `Reads ${formatInstant(new Date(value))}` : undefined);
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <TextField ref={registrationStartField} label="Registration Start Date" name="registrationStartDate" type="datetime-local" required min={EARLIEST} max={LATEST} defaultValue={defaults.registrationStartDate} onChange={(event) => setRegistrationStart(event.target.value)} hint={reads(registrationStart)} error={errors.registrationStartDate} />
      <TextField ref={registrationEndField} label="Registration End Date" name="registrationEndDate" type="datetime-local" required min={hydrated ? earliest(registrationStart) : EARLIEST} max={hydrated && classEnd && classEnd < LATEST ? classEnd : LATEST} defaultValue={defaults.registrationEndDate} onChange={(event) => setRegistrationEnd(event.target.value)} hint={reads(registrationEnd)} error={errors.registrationEndDate} />
      <TextField ref={classStartField} label="Class Start Date" name="classStartDate" type="datetime-local" required min={EARLIEST} max={LATEST} defaultValue={defaults.classStartDate} onChange={(event) => setClassStart(event.target.value)} hint={reads(classStart)} error={errors.classStartDate} />
      <TextField ref={classEndField} label="Class End Date" name="classEndDate" type="datetime-local" required min={hydrated ? earliest(classStart) : EARLIEST} max={LATEST} defaultValue={defaults.classEndDate} onChange={(event) => setClassEnd(event.target.value)} hint={reads(classEnd)} error={errors.classEndDate} />
      <MaxParticipantsField defaultValue={defaults.maxParticipants} error={errors.maxParticipants} />
      <TextField
        label="Cancellation cutoff (hours)"
        name="cancellationCutoffHours"
        type="number"
        inputMode="numeric"
        min={0}
        max={720}
        step={1}
        required
        defaultValue={defaults.cancellationCutoffHours}
        hint="Students may cancel until this many hours before class starts."
        error={errors.cancellationCutoffHours}
      />
    </div>
  );
}

/** A session's seat limit, empty for none (Create, Edit and Approve session). */
export function MaxParticipantsField({ defaultValue, error }: { defaultValue: string; error: string | undefined }) {
  return (
    <TextField
      label="Max participants (optional)"
      name="maxParticipants"
      type="number"
      inputMode="numeric"
      min={1}
      step={1}
      defaultValue={defaultValue}
      hint="Leave empty for no limit."
      error={error}
    />
  );
}
