import { type TextareaHTMLAttributes, useId } from 'react';
import { useHydrated } from '#web/lib/form-fields.ts';

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'defaultValue'> & {
  label: string;
  error?: string;
  /** The text it starts with; what is then typed stays in the field (uncontrolled) and is read from the form. */
  defaultValue?: string;
};

/** A textarea with its visible label and an error read with it. */
export function TextAreaField({ label, error, id, className = '', defaultValue = '', ...props }: TextAreaFieldProps) {
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  // When React takes over a textarea the server drew, it writes the default text into it again,
  // erasing what the visitor typed before the app was live. While hydrating, the default it is
  // given is therefore what the field holds; the next render gives the real one, which changes
  // only what a form reset goes back to.
  const hydrated = useHydrated();
  const drawn = hydrated || typeof document === 'undefined' ? null : document.getElementById(fieldId);
  const held = drawn?.tagName === 'TEXTAREA' ? (drawn as HTMLTextAreaElement).value : null;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={fieldId} className="text-sm font-medium">
        {label}
      </label>
      <textarea
        id={fieldId}
        className={`textarea w-full ${error ? 'textarea-error' : ''} ${className}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fieldId}-error` : undefined}
        defaultValue={held ?? defaultValue}
        {...props}
      />
      {error && (
        <p id={`${fieldId}-error`} role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}
