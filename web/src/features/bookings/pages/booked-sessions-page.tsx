import { Link } from 'react-router';
import { useMe } from '#web/features/auth/public.ts';
import { useBookedSessions } from '#web/features/bookings/api/use-booked-sessions.ts';
import { useDateFormatters } from '#web/lib/dates.ts';
import { useTitle } from '#web/lib/use-title.ts';
import { PagedListState, pagedItems } from '#web/components/paged-list-state.tsx';
import { PageSection } from '#web/components/page-section.tsx';

/** Student: booked sessions (spec §2): session title, instructor email, View Details. Waitlist places too. */
export function BookedSessionsPage() {
  useTitle('Booked Sessions');
  const { formatClassTime } = useDateFormatters();
  const { user } = useMe();
  const booked = useBookedSessions(user?.email ?? '');
  const items = pagedItems(booked);

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
        <ul className="flex flex-col gap-3">
          {items.map((b) => (
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
      </PagedListState>
    </PageSection>
  );
}
