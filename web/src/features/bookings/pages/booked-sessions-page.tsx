import { Link } from 'react-router';
import type { BookedSession, BookedSessionsWhen } from '#contract/bookings.ts';
import { useMe } from '#web/features/auth/public.ts';
import { useBookedSessions } from '#web/features/bookings/api/use-booked-sessions.ts';
import { useDateFormatters } from '#web/lib/dates.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import { useTitle } from '#web/lib/use-title.ts';
import { PagedListState, pagedItems } from '#web/components/paged-list-state.tsx';
import { PageSection } from '#web/components/page-section.tsx';

/**
 * Student: booked sessions: session title, class time, instructor email, View Details;
 * waitlist places too. Two sections, each its own list from the server in class order:
 * Upcoming (class not ended), soonest first, and Past, latest first, right whatever is loaded.
 */
export function BookedSessionsPage() {
  const { t } = useTranslator();
  useTitle(t('bookedSessions.title'));
  const { user } = useMe();
  const email = user?.email ?? '';
  const upcoming = useBookedSessions(email, 'upcoming');
  const past = useBookedSessions(email, 'past');
  const nothing = !upcoming.isPending && !past.isPending && pagedItems(upcoming).length === 0 && pagedItems(past).length === 0;

  return (
    <PageSection title={t('bookedSessions.title')} headingId="booked-heading">
      {nothing ? (
        <p className="text-base-content/70">
          {t('bookedSessions.none')} <Link to="/all-sessions" className="link">{t('bookedSessions.browse')}</Link>
        </p>
      ) : (
        <>
          <BookedSection when="upcoming" title={t('bookedSessions.upcoming')} query={upcoming} empty={t('bookedSessions.upcomingNone')} />
          {(past.isPending || pagedItems(past).length > 0) && <BookedSection when="past" title={t('bookedSessions.past')} query={past} empty="" />}
        </>
      )}
    </PageSection>
  );
}

function BookedSection({ when, title, query, empty }: { when: BookedSessionsWhen; title: string; query: ReturnType<typeof useBookedSessions>; empty: string }) {
  const { t } = useTranslator();
  return (
    <section aria-labelledby={`booked-${when}`} className="flex flex-col gap-3">
      <h2 id={`booked-${when}`} className="text-xl font-semibold">
        {title}
      </h2>
      <PagedListState query={query} loadingLabel={t('bookedSessions.loading')} empty={empty}>
        <ul className="flex flex-col gap-3">
          {pagedItems(query).map((b) => (
            <BookedRow key={b.id} b={b} />
          ))}
        </ul>
      </PagedListState>
    </section>
  );
}

function BookedRow({ b }: { b: BookedSession }) {
  const { t } = useTranslator();
  const { formatClassTime } = useDateFormatters();
  return (
    <li className="card bg-base-100 shadow-sm" data-testid="booked-session-row">
      <div className="card-body flex-row flex-wrap items-center justify-between gap-3 p-4">
        <div className="min-w-0">
          <p className="text-lg font-semibold break-words">{b.sessionTitle}</p>
          <p className="text-sm font-medium">{formatClassTime(b.session.classStartDate, b.session.classEndDate, b.session.tutorTimeZone)}</p>
          <p className="text-sm break-all text-base-content/70">{t('bookedSessions.instructor', { name: b.tutorEmail ?? b.session.tutorName })}</p>
          {b.session.status === 'cancelled' && <p className="badge badge-neutral mt-1">{t('bookedSessions.cancelled')}</p>}
          {b.status === 'waitlisted' && <p className="badge badge-info badge-soft mt-1">{t('bookedSessions.waitlist', { place: b.placeInLine ?? 1 })}</p>}
          {b.status === 'awaiting_payment' && <p className="badge badge-warning badge-soft mt-1">{t('bookedSessions.awaitingPayment')}</p>}
        </div>
        <Link to={`/dashboard/view-booked-session/${b.sessionId}`} className="btn btn-sm btn-primary" aria-label={t('bookedSessions.viewDetailsLabel', { title: b.sessionTitle })}>
          {t('bookedSessions.viewDetails')}
        </Link>
      </div>
    </li>
  );
}
