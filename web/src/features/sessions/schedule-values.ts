// The schedule form's text values ↔ the API's numbers and UTC instants.
import type { Session } from '#contract/sessions.ts';
import type { ScheduleValues } from './components/schedule-fields.tsx';
import { localInputToIso, toLocalInputValue } from './datetime-local.ts';

/** Spec §5: every date defaults to now. */
export function defaultSchedule(now = new Date()): ScheduleValues {
  const value = toLocalInputValue(now);
  return {
    registrationStartDate: value,
    registrationEndDate: value,
    classStartDate: value,
    classEndDate: value,
    maxParticipants: '',
    cancellationCutoffHours: '24',
  };
}

export function scheduleOf(session: Session): ScheduleValues {
  return {
    registrationStartDate: toLocalInputValue(session.registrationStartDate),
    registrationEndDate: toLocalInputValue(session.registrationEndDate),
    classStartDate: toLocalInputValue(session.classStartDate),
    classEndDate: toLocalInputValue(session.classEndDate),
    maxParticipants: session.maxParticipants === null ? '' : String(session.maxParticipants),
    cancellationCutoffHours: String(session.cancellationCutoffHours),
  };
}

export function scheduleBody(values: ScheduleValues) {
  return {
    registrationStartDate: localInputToIso(values.registrationStartDate),
    registrationEndDate: localInputToIso(values.registrationEndDate),
    classStartDate: localInputToIso(values.classStartDate),
    classEndDate: localInputToIso(values.classEndDate),
    maxParticipants: values.maxParticipants.trim() === '' ? null : Number(values.maxParticipants),
    cancellationCutoffHours: Number(values.cancellationCutoffHours),
    // The zone the pickers' wall-clock values were read in: stored, students elsewhere see the tutor's time too.
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  };
}
