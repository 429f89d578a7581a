import type { ComponentPropsWithRef } from 'react';
import { LabelledField } from '#web/components/labelled-field.tsx';

/** A list's filter: a select with its visible label above it. */
export function FilterSelect({ label, id, children, ...selectProps }: ComponentPropsWithRef<'select'> & { label: string; id: string }) {
  return (
    <LabelledField id={id} label={label}>
      <select id={id} {...selectProps}>
        {children}
      </select>
    </LabelledField>
  );
}
