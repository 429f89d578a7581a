import { type TextareaHTMLAttributes, useId } from 'react';
import { describedBy, LabelledField } from '#web/components/labelled-field.tsx';
import { useHydrated } from '#web/lib/form-fields.ts';

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'defaultValue'> & {
  label: string;
  /** A short help text under the field, read with it (the error replaces it). */
  hint?: string;
  error?: string;
  /** The text it starts with; what is then typed stays in the field (uncontrolled) and is read from the form. */
  defaultValue?: string;
};

/** A textarea with its visible label and an error read with it. */
export function TextAreaField({ label, hint, error, id, className = '', defaultValue = '', ...props }: TextAreaFieldProps) {
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
    <LabelledField id={fieldId} label={label} hint={hint} error={error}>
      <textarea id={fieldId} className={`textarea w-full ${error ? 'textarea-error' : ''} ${className}`} {...describedBy(fieldId, { hint, error })} defaultValue={held ?? defaultValue} {...props} />
    </LabelledField>
  );
}
