import { TextField } from '#web/components/text-field.tsx';

export type ScheduleValues = {
  registrationStartDate: string;
  registrationEndDate: string;
  classStartDate: string;
  classEndDate: string;
  /** Empty = unlimited. */
  maxParticipants: string;
  cancellationCutoffHours: string;
};

type ScheduleFieldsProps = {
  values: ScheduleValues;
  onChange: (values: ScheduleValues) => void;
  /** Messages from the server, by field name. */
  errors?: Record<string, string>;
};

/**
 * The dates, capacity and cutoff of a session. Native datetime-local pickers in the user's
 * time zone; each end picker takes its start as the minimum (spec §5).
 */
export function ScheduleFields({ values, onChange, errors = {} }: ScheduleFieldsProps) {
  const set = (key: keyof ScheduleValues) => (event: { target: { value: string } }) => onChange({ ...values, [key]: event.target.value });
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <TextField label="Registration Start Date" name="registrationStartDate" type="datetime-local" required value={values.registrationStartDate} onChange={set('registrationStartDate')} error={errors.registrationStartDate} />
      <TextField label="Registration End Date" name="registrationEndDate" type="datetime-local" required min={values.registrationStartDate} value={values.registrationEndDate} onChange={set('registrationEndDate')} error={errors.registrationEndDate} />
      <TextField label="Class Start Date" name="classStartDate" type="datetime-local" required value={values.classStartDate} onChange={set('classStartDate')} error={errors.classStartDate} />
      <TextField label="Class End Date" name="classEndDate" type="datetime-local" required min={values.classStartDate} value={values.classEndDate} onChange={set('classEndDate')} error={errors.classEndDate} />
      <TextField
        label="Max participants (optional)"
        name="maxParticipants"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        value={values.maxParticipants}
        onChange={set('maxParticipants')}
        hint="Leave empty for no limit."
        error={errors.maxParticipants}
      />
      <TextField
        label="Cancellation cutoff (hours)"
        name="cancellationCutoffHours"
        type="number"
        inputMode="numeric"
        min={0}
        max={720}
        step={1}
        required
        value={values.cancellationCutoffHours}
        onChange={set('cancellationCutoffHours')}
        hint="Students may cancel until this many hours before class starts."
        error={errors.cancellationCutoffHours}
      />
    </div>
  );
}
