import { type ComponentProps, lazy, type ReactNode, type RefObject, Suspense, useEffect, useId, useRef, useState } from 'react';
import { DATE_FIELD_PATTERN, instantOf, TIME_FIELD_PATTERN, timeFieldOf, wallTimeOf } from '#contract/session-form.ts';
import { MAX_DECISION_HOURS, SCHEDULE_FIELDS, type ScheduleField, type SessionSchedule } from '#contract/sessions.ts';
import { describedBy, LabelledField } from '#web/components/labelled-field.tsx';
import { TextField } from '#web/components/text-field.tsx';
import { useDateFormatters } from '#web/lib/dates.ts';
import { useAdopt, useHydrated } from '#web/lib/form-fields.ts';
import { useTranslator } from '#web/lib/i18n.ts';

/** The calendar behind each date's button: its own chunk, with react-day-picker (docs/decisions/069-date-picker.md). */
const loadDatePicker = () => import('#web/features/sessions/components/date-picker-dialog.tsx');
const DatePickerDialog = lazy(loadDatePicker);

export type ScheduleDefaults = {
  /** The four dates, as instants. */
  dates: SessionSchedule;
  /** Empty = unlimited. */
  maxParticipants: string;
  cancellationCutoffHours: string;
  /** Empty = no minimum to run. */
  minimumStudents: string;
  /** Hours before class start the minimum is decided. */
  decisionHoursBefore: string;
};

type ScheduleFieldsProps = {
  /** What the fields start with; what is then typed stays in them and is read from the form (contract/session-form.ts). */
  defaults: ScheduleDefaults;
  /** Messages from the server, by field name. */
  errors?: Record<string, string>;
};

/**
 * The dates, capacity and cutoff of a session. Each date is a dd/MM/yyyy text field
 * and a 24-hour HH:mm one, whatever the browser's language (a native date or datetime-local
 * picker draws the browser's format, MM/DD/YYYY and a 12-hour clock in en-US, which a page
 * cannot change), in the zone the page is drawn in and the form names (`timeZone`): the viewer's
 * (the tz cookie), or UTC, labelled, until the browser has said which. The page's route action
 * reads them (contract/session-form.ts) however the form was sent, and the server checks the
 * rules between dates (contract/sessions.ts scheduleProblems): its messages show under each date.
 * docs/decisions/028-session-date-fields.md. Once the app is live, a button beside each day opens
 * a calendar that writes the day picked into it (docs/decisions/069-date-picker.md).
 */
export function ScheduleFields({ defaults, errors = {} }: ScheduleFieldsProps) {
  const { t } = useTranslator();
  return (
    <ScheduleDates fields={SCHEDULE_FIELDS} dates={defaults.dates} errors={errors}>
      <MaxParticipantsField defaultValue={defaults.maxParticipants} error={errors.maxParticipants} />
      <CountField label={t('sessionForm.cutoff')} name="cancellationCutoffHours" min={0} max={720} required defaultValue={defaults.cancellationCutoffHours} hint={t('sessionForm.cutoffHint')} error={errors.cancellationCutoffHours} />
      {/* A minimum to run (docs/decisions/060-minimum-to-run.md): empty for none. */}
      <CountField label={t('sessionForm.minimumStudents')} name="minimumStudents" min={1} defaultValue={defaults.minimumStudents} hint={t('sessionForm.minimumStudentsHint')} error={errors.minimumStudents} />
      <CountField label={t('sessionForm.decisionHours')} name="decisionHoursBefore" min={1} max={MAX_DECISION_HOURS} defaultValue={defaults.decisionHoursBefore} hint={t('sessionForm.decisionHoursHint')} error={errors.decisionHoursBefore} />
    </ScheduleDates>
  );
}

type ScheduleDatesProps = {
  /** The dates offered, in this order (Reschedule: the class's and the registration end). */
  fields: readonly ScheduleField[];
  /** What they start with, as instants. */
  dates: SessionSchedule;
  /** Messages from the server, by field name. */
  errors?: Record<string, string>;
  /** More fields in the same grid, after the dates. */
  children?: ReactNode;
};

/**
 * Some of a session's dates, each a dd/MM/yyyy field and an HH:mm one in the page's zone, which
 * the form names (`timeZone`) and a lead says (ScheduleFields, and Reschedule's form).
 */
export function ScheduleDates({ fields, dates, errors = {}, children }: ScheduleDatesProps) {
  const { t } = useTranslator();
  const { zone, zoneLabel } = useDateFormatters();
  const leadId = useId();
  // Fetched as soon as a form with dates is live, so that a date's button opens its calendar at once.
  useEffect(() => {
    void loadDatePicker();
  }, []);
  const labels = {
    registrationStartDate: [t('sessionForm.registrationStartDate'), t('sessionForm.registrationStartTime', { zone: zoneLabel })],
    registrationEndDate: [t('sessionForm.registrationEndDate'), t('sessionForm.registrationEndTime', { zone: zoneLabel })],
    classStartDate: [t('sessionForm.classStartDate'), t('sessionForm.classStartTime', { zone: zoneLabel })],
    classEndDate: [t('sessionForm.classEndDate'), t('sessionForm.classEndTime', { zone: zoneLabel })],
  } satisfies Record<ScheduleField, [string, string]>;
  return (
    // Drawn again from the defaults if the zone changes as the app takes over (no tz cookie yet:
    // the server drew UTC), so that the fields always hold times in the zone they are labelled with.
    <div key={zone} className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <input type="hidden" name="timeZone" value={zone} />
      <p id={leadId} className="text-sm text-base-content/70 sm:col-span-2">
        {t('sessionForm.zoneLead', { zone })}
      </p>
      {fields.map((field) => (
        <DateTimeField key={field} field={field} zone={zone} labels={labels[field]} leadId={leadId} defaultValue={dates[field]} error={errors[field]} />
      ))}
      {children}
    </div>
  );
}

// Typed as digits and a separator, whatever the keyboard; the browser checks the pattern, its
// placeholder and title say the format.
const typedAs = (pattern: string, placeholder: string, title: string) => ({ pattern, placeholder, title, maxLength: placeholder.length, inputMode: 'numeric', autoComplete: 'off' }) as const;

type DateTimeFieldProps = { field: ScheduleField; zone: string; labels: [string, string]; leadId: string; defaultValue: string; error: string | undefined };

/** One date: its day (dd/MM/yyyy) and its time (HH:mm); once the app is live, the instant they read as under them. */
function DateTimeField({ field, zone, labels: [dateLabel, timeLabel], leadId, defaultValue, error }: DateTimeFieldProps) {
  const { t } = useTranslator();
  const { formatInstant } = useDateFormatters();
  const [initial] = useState(() => wallTimeOf(defaultValue, zone));
  const [date, setDate] = useState(initial.date);
  const [time, setTime] = useState(initial.time);
  const dateField = useAdopt<HTMLInputElement>((element) => setDate(element.value));
  const timeField = useAdopt<HTMLInputElement>((element) => setTime(element.value));
  const hydrated = useHydrated();
  const dateId = useId();
  const instant = hydrated ? instantOf(date, time, zone) : null;
  const dateHint = instant ? t('sessionForm.reads', { instant: formatInstant(instant) }) : t('sessionForm.dateFormat');
  return (
    <div className="grid grid-cols-[minmax(0,1fr)_6.5rem] items-start gap-2">
      <DateField id={dateId} fieldRef={dateField} label={dateLabel} name={field} hint={dateHint} error={error} defaultValue={initial.date} required onChange={setDate} />
      <TextField
        ref={timeField}
        label={timeLabel}
        name={timeFieldOf(field)}
        {...typedAs(TIME_FIELD_PATTERN, t('sessionForm.timePlaceholder'), t('sessionForm.timeFormat'))}
        defaultValue={initial.time}
        onChange={(event) => setTime(event.target.value)}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${dateId}-hint` : leadId}
      />
    </div>
  );
}

type DateFieldProps = {
  label: string;
  name: string;
  hint: string;
  error: string | undefined;
  defaultValue: string;
  required?: boolean;
  /** The field's id (its hint's is `${id}-hint`); generated when not given. */
  id?: string;
  fieldRef?: RefObject<HTMLInputElement | null>;
  /** The field's text, typed or picked. */
  onChange?: (day: string) => void;
};

/**
 * A day, dd/MM/yyyy, and once the app is live its calendar button on the same line; without the
 * app the field alone is the form (decision 028). A schedule's date (with its time beside it) and
 * Create Series' last day. Not a TextField, whose markup Home shares.
 */
export function DateField({ label, name, hint, error, defaultValue, required = false, id, fieldRef, onChange }: DateFieldProps) {
  const { t } = useTranslator();
  const ownRef = useRef<HTMLInputElement>(null);
  const field = fieldRef ?? ownRef;
  const hydrated = useHydrated();
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  return (
    <LabelledField id={fieldId} label={label} hint={hint} error={error}>
      <div className="flex items-center gap-1">
        <input
          ref={field}
          id={fieldId}
          type="text"
          name={name}
          className={`input w-full min-w-0 flex-1 ${error ? 'input-error' : ''}`}
          {...describedBy(fieldId, { hint, error })}
          {...typedAs(DATE_FIELD_PATTERN, t('sessionForm.datePlaceholder'), t('sessionForm.dateFormat'))}
          defaultValue={defaultValue}
          required={required}
          onChange={(event) => onChange?.(event.target.value)}
        />
        {hydrated && <DatePickerButton name={t('sessionForm.chooseDateButton')} title={t('sessionForm.chooseDate', { field: label })} field={field} onPick={(day) => onChange?.(day)} />}
      </div>
    </LabelledField>
  );
}

type DatePickerButtonProps = {
  /** Its name, "Choose date": it does not repeat the field's label, which names the field alone. */
  name: string;
  /** Its description and tooltip, and the calendar's title: "Choose date: Class Start Date". */
  title: string;
  field: RefObject<HTMLInputElement | null>; onPick: (day: string) => void };

/**
 * A date field's button: it opens a calendar on the field's day; the day picked is written into
 * the field as dd/MM/yyyy (what the form sends, typed or picked), and the field has the focus back
 * however the calendar is closed.
 */
function DatePickerButton({ name, title, field, onPick }: DatePickerButtonProps) {
  const [open, setOpen] = useState(false);
  const close = () => {
    setOpen(false);
    field.current?.focus();
  };
  const pick = (day: string) => {
    if (field.current) field.current.value = day;
    onPick(day);
  };
  return (
    <>
      <button type="button" className="btn btn-square btn-outline shrink-0" aria-label={name} title={title} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <rect x="3" y="5" width="18" height="16" rx="2" />
          <path d="M3 10h18M8 3v4M16 3v4" />
        </svg>
      </button>
      {open && (
        <Suspense fallback={null}>
          <DatePickerDialog title={title} value={field.current?.value ?? ''} onPick={pick} onClose={close} />
        </Suspense>
      )}
    </>
  );
}

/** A session's seat limit, empty for none (Create, Edit and Approve session). */
export function MaxParticipantsField({ defaultValue, error }: { defaultValue: string; error: string | undefined }) {
  const { t } = useTranslator();
  return <CountField label={t('sessionForm.maxParticipants')} name="maxParticipants" min={1} defaultValue={defaultValue} hint={t('sessionForm.maxParticipantsHint')} error={error} />;
}

/** A whole number typed in a field (seats, hours). */
function CountField(props: Omit<ComponentProps<typeof TextField>, 'type' | 'inputMode' | 'step'>) {
  return <TextField type="number" inputMode="numeric" step={1} {...props} />;
}
