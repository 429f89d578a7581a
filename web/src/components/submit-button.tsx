/**
 * A form's submit button: disabled, and saying `busyLabel`, while the form is being sent. `name`
 * and `value`: what it adds to the form (its `intent`, for a page with several forms).
 */
export function SubmitButton({ busy, label, busyLabel, className, name, value }: { busy: boolean; label: string; busyLabel: string; className: string; name?: string; value?: string }) {
  return (
    <button type="submit" className={className} disabled={busy} name={name} value={value}>
      {busy ? busyLabel : label}
    </button>
  );
}
