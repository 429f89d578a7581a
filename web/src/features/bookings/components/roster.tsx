// The tutor's roster on their session page: booked students, then the waitlist in line order.
import { CardSection, LoadMoreButton } from '#web/components/card-section.tsx';
import { pagedItems } from '#web/components/paged-list-state.tsx';
import { useRoster } from '#web/features/bookings/api/use-roster.ts';
import { useDateFormatters } from '#web/lib/dates.ts';

export function Roster({ sessionId }: { sessionId: string }) {
  const { formatDate } = useDateFormatters();
  const roster = useRoster(sessionId);
  const first = roster.data?.pages[0];
  const items = pagedItems(roster);
  // A seat held for payment is taken: listed with the booked students, marked.
  const booked = items.filter((e) => e.status !== 'waitlisted');
  const waiting = items.filter((e) => e.status === 'waitlisted');

  return (
    <CardSection title="Roster" headingId="roster-heading" query={roster} loadingLabel="Loading the roster">
      {() => (
        <>
          <p className="text-sm text-base-content/70">
            {first!.maxParticipants === null ? `${first!.bookedCount} booked (no seat limit)` : `${first!.bookedCount} of ${first!.maxParticipants} seats taken`}
            {' · '}
            {first!.waitlistCount} on the waitlist
          </p>
          <RosterList title="Booked students" empty="No student has booked this session yet." entries={booked.map((e) => ({ key: e.studentId, name: e.name, email: e.email, note: e.status === 'awaiting_payment' ? `Seat held, awaiting payment since ${formatDate(e.since)}` : `Booked ${formatDate(e.since)}` }))} />
          {(waiting.length > 0 || first!.waitlistCount > 0) && (
            <RosterList title="Waitlist" empty="" entries={waiting.map((e) => ({ key: e.studentId, name: e.name, email: e.email, note: `#${e.placeInLine} in line, since ${formatDate(e.since)}` }))} />
          )}
          <LoadMoreButton query={roster} />
        </>
      )}
    </CardSection>
  );
}

function RosterList({ title, empty, entries }: { title: string; empty: string; entries: Array<{ key: string; name: string; email: string; note: string }> }) {
  return (
    <div>
      <h3 className="mb-2 font-semibold">{title}</h3>
      {entries.length === 0 ? (
        empty && <p className="text-sm text-base-content/70">{empty}</p>
      ) : (
        <ul className="divide-y divide-base-200" aria-label={title}>
          {entries.map((e) => (
            <li key={e.key} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
              <span className="min-w-0 break-words">
                <span className="font-medium">{e.name}</span> <span className="text-sm break-all text-base-content/70">{e.email}</span>
              </span>
              <span className="text-sm text-base-content/70">{e.note}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
