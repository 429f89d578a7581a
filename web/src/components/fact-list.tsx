import type { ReactNode } from 'react';

/** A labelled list of a session's facts (a <dl>), two columns from sm up. */
export function FactList({ facts }: { facts: Array<{ label: string; value: ReactNode }> }) {
  return (
    <dl className="grid grid-cols-1 gap-x-8 gap-y-3 sm:grid-cols-2">
      {facts.map((fact) => (
        <div key={fact.label} className="min-w-0">
          <dt className="text-sm text-base-content/60">{fact.label}</dt>
          <dd className="font-medium break-words">{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
