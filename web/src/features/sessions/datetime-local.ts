// <input type="datetime-local"> speaks local wall-clock time without a zone ("2030-01-02T14:30");
// the API speaks UTC instants. These convert between the two in the user's time zone.
import { format } from 'date-fns';

export function toLocalInputValue(instant: Date | string): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  return format(date, "yyyy-MM-dd'T'HH:mm");
}

/** A datetime-local value → ISO UTC instant (the browser reads it in the local zone). */
export function localInputToIso(value: string): string {
  return new Date(value).toISOString();
}
