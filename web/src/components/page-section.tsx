import type { ReactNode } from 'react';

type PageSectionProps = {
  title: string;
  headingId: string;
  /** Beside the heading (a link to create one), wrapping under it on a phone. */
  action?: ReactNode;
  children: ReactNode;
  /** The section's layout, when not the usual column. */
  className?: string;
};

/** A page of the app: a section named by its h1, then what the page shows. */
export function PageSection({ title, headingId, action, children, className = 'flex flex-col gap-4' }: PageSectionProps) {
  const heading = (
    <h1 id={headingId} className="text-3xl font-bold">
      {title}
    </h1>
  );
  return (
    <section aria-labelledby={headingId} className={className}>
      {action ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          {heading}
          {action}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
