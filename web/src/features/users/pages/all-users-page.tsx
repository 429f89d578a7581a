import { useTitle } from '#web/lib/use-title.ts';

/** Admin users list (spec §2): the table lands with the administration issue. */
export function AllUsersPage() {
  useTitle('All Users');
  return (
    <section>
      <h1 className="text-2xl font-bold">All Users</h1>
    </section>
  );
}
