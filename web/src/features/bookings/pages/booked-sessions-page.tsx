import { Link } from 'react-router';
import { useMe } from '#web/features/auth/public.ts';
import { useBookedSessions } from '#web/features/bookings/api/use-booked-sessions.ts';
import { useDateFormatters } from '#web/lib/dates.ts';
import { useTitle } from '#web/lib/use-title.ts';
import { PagedListState, pagedItems } from '#web/components/paged-list-state.tsx';
import { PageSection } from '#web/components/page-section.tsx';

/** Student: booked sessions (spec §2): session title, class time, instructor email, View Details; upcoming and past. Waitlist places too. */
export function BookedSessionsPage() {
  useTitle('Booked Sessions');
  const { formatClassTime } = useDateFormatters();
  const { user } = useMe();
  const booked = useBookedSessions(user?.email ?? '');
  const items = pagedItems(booked);
  // Upcoming (class not ended) soonest first, then past, latest first (issue 17); of what is
  // loaded so far: "Load more" brings the rest of the student's list.
  const now = Date.now();
  const ends = (b: (typeof items)[number]) => Date.parse(b.session.classEndDate);
  const starts = (b: (typeof items)[number]) => Date.parse(b.session.classStartDate);
  const upcoming = items.filter((b) => ends(b) >= now).sort((a, b) => starts(a) - starts(b));
  const past = items.filter((b) => ends(b) < now).sort((a, b) => starts(b) - starts(a));

  return (
    <PageSection title="Booked Sessions" headingId="booked-heading">
      <PagedListState query={booked} loadingLabel="Loading your booked sessions" empty={
          <>
            You have not booked any session yet.{' '}
            <Link to="/all-sessions" className="link">
              Browse sessions
            </Link>
          </>
        }>
        {[
          { title: 'Upcoming', rows: upcoming, empty: 'Nothing booked ahead.' },
          { title: 'Past', rows: past, empty: '' },
        ]
          .filter((group) => group.rows.length > 0 || group.empty)
          .map((group) => (
            <section key={group.title} aria-labelledby={`booked-${group.title.toLowerCase()}`} className="flex flex-col gap-3">
              <h2 id={`booked-${group.title.toLowerCase()}`} className="text-xl font-semibold">
                {group.title}
              </h2>
              {group.rows.length === 0 ? (
                <p className="text-base-content/70">{group.empty}</p>
              ) : (
                <ul className="flex flex-col gap-3">
                  {group.rows.map((b) => (
                    <li key={b.id} className="card bg-base-100 shadow-sm" data-testid="booked-session-row">
                      <div className="card-body flex-row flex-wrap items-center justify-between gap-3 p-4">
                        <div className="min-w-0">
                          <p className="text-lg font-semibold break-words">{b.sessionTitle}</p>
                          <p className="text-sm font-medium">{formatClassTime(b.session.classStartDate, b.session.classEndDate, b.session.tutorTimeZone)}</p>
                          <p className="text-sm break-all text-base-content/70">Instructor: {b.tutorEmail ?? b.session.tutorName}</p>
                          {b.session.status === 'cancelled' && <p className="badge badge-neutral mt-1">Cancelled</p>}
                          {b.status === 'waitlisted' && <p className="badge badge-info badge-soft mt-1">Waitlist: #{b.placeInLine} in line</p>}
                          {b.status === 'awaiting_payment' && <p className="badge badge-warning badge-soft mt-1">Awaiting payment</p>}
                        </div>
                        <Link to={`/dashboard/view-booked-session/${b.sessionId}`} className="btn btn-sm btn-primary" aria-label={`View Details of ${b.sessionTitle}`}>
                          View Details
                        </Link>
                      </div>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ))}
      </PagedListState>
    </PageSection>
  );
}
