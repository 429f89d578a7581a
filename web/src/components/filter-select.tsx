import type { ComponentPropsWithRef } from 'react';

/** A list's filter: a select with its visible label above it. */
export function FilterSelect({ label, id, children, ...selectProps }: ComponentPropsWithRef<'select'> & { label: string; id: string }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select id={id} {...selectProps}>
        {children}
      </select>
    </div>
  );
}
