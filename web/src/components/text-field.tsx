import { type ComponentPropsWithRef, useId } from 'react';

/** Uncontrolled in this app's forms: `defaultValue`, then the form is read when sent (lib/form-fields.ts). */
type TextFieldProps = Omit<ComponentPropsWithRef<'input'>, 'value'> & {
  label: string;
  /** A short help text or error under the field, read with it by screen readers. */
  hint?: string;
  error?: string;
};

/** An input with its visible label (WCAG: every field is labelled). */
export function TextField({ label, hint, error, id, className = '', ...inputProps }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  const message = error ?? hint;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={inputId} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={inputId}
        className={`input w-full ${error ? 'input-error' : ''} ${className}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={message ? hintId : undefined}
        {...inputProps}
      />
      {message && (
        // An error is announced as it appears (role=alert); a hint is read with the field.
        <p
          id={hintId}
          role={error ? 'alert' : undefined}
          className={`text-sm ${error ? 'text-error' : 'text-base-content/70'}`}
        >
          {message}
        </p>
      )}
    </div>
  );
}
