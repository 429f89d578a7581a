import type { ReactNode } from 'react';

type LabelledFieldProps = {
  /** The control's id, which the label names. */
  id: string;
  label: string;
  /** A short help text or error under the control, read with it by screen readers (its id: `${id}-hint`). */
  hint?: string | undefined;
  error?: string | undefined;
  className?: string;
  /** The control (an input, a textarea, a select), given `aria-invalid` and `aria-describedby` by `describedBy`. */
  children: ReactNode;
};

/** What a control needs to be described: its error state and its message's id. */
export function describedBy(id: string, { hint, error }: { hint?: string | undefined; error?: string | undefined }) {
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': error || hint ? `${id}-hint` : undefined } as const;
}

/** A form control with its visible label above it (WCAG: every field is labelled) and its hint or error under it. */
export function LabelledField({ id, label, hint, error, className = 'flex flex-col gap-1', children }: LabelledFieldProps) {
  const message = error ?? hint;
  return (
    <div className={className}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
      {message && (
        // An error is announced as it appears (role=alert); a hint is read with the field.
        <p id={`${id}-hint`} role={error ? 'alert' : undefined} className={`text-sm ${error ? 'text-error' : 'text-base-content/70'}`}>
          {message}
        </p>
      )}
    </div>
  );
}
