import { useTitle } from '#web/lib/use-title.ts';

/** All Sessions (spec §2): the grid lands with the sessions issue. */
export function AllSessionsPage() {
  useTitle('All Sessions');
  return (
    <section>
      <h1 className="text-3xl font-bold">All Sessions</h1>
    </section>
  );
}
