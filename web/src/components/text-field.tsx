import { type ComponentPropsWithRef, useId } from 'react';
import { describedBy, LabelledField } from '#web/components/labelled-field.tsx';

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
  return (
    <LabelledField id={inputId} label={label} hint={hint} error={error}>
      {/* A text field unless told otherwise (email, password, number…): the type is said, never implied. */}
      <input id={inputId} type="text" className={`input w-full ${error ? 'input-error' : ''} ${className}`} {...describedBy(inputId, { hint, error })} {...inputProps} />
    </LabelledField>
  );
}
