import { Link } from 'react-router';
import type { BookedSessionListItem, BookedSessionsWhen } from '#contract/bookings.ts';
import { meQuery, useMe } from '#web/features/auth/public.ts';
import { bookedSessionsQuery, useBookedSessions } from '#web/features/bookings/api/use-booked-sessions.ts';
import { useDateFormatters } from '#web/lib/dates.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import { pageQueryClient } from '#web/lib/page-data.ts';
import { useTitle } from '#web/lib/use-title.ts';
import { PagedListState, pagedItems } from '#web/components/paged-list-state.tsx';
import { PageSection } from '#web/components/page-section.tsx';

/** Both sections' first pages. */
export async function loader() {
  const queryClient = pageQueryClient();
  const me = await queryClient.ensureQueryData(meQuery);
  // Signed out: the parent route's guard sends the visitor to log in.
  if (me) await Promise.all([queryClient.ensureInfiniteQueryData(bookedSessionsQuery(me.email, 'upcoming')), queryClient.ensureInfiniteQueryData(bookedSessionsQuery(me.email, 'past'))]);
  return null;
}

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
          {groupedBySeries(pagedItems(query)).map((group) =>
            group.length === 1 ? <BookedRow key={group[0]!.id} b={group[0]!} /> : <SeriesGroup key={group[0]!.session.seriesId} entries={group} />,
          )}
        </ul>
      </PagedListState>
    </section>
  );
}

/**
 * The entries in their order, those of one weekly series together where its first one is
 * (docs/decisions/064-series.md): each class is still its own booking, row and link.
 */
function groupedBySeries(entries: BookedSessionListItem[]): BookedSessionListItem[][] {
  const groups: BookedSessionListItem[][] = [];
  const ofSeries = new Map<string, BookedSessionListItem[]>();
  for (const entry of entries) {
    const series = entry.session.seriesId;
    const group = series === null ? undefined : ofSeries.get(series);
    if (group) {
      group.push(entry);
      continue;
    }
    const fresh = [entry];
    if (series !== null) ofSeries.set(series, fresh);
    groups.push(fresh);
  }
  return groups;
}

function SeriesGroup({ entries }: { entries: BookedSessionListItem[] }) {
  const { t } = useTranslator();
  const headingId = `series-${entries[0]!.session.seriesId}`;
  return (
    <li className="flex flex-col gap-2 rounded-box border border-base-300 p-3" data-testid="booked-series">
      <h3 id={headingId} className="font-semibold break-words">
        {t('bookedSessions.series', { title: entries[0]!.sessionTitle, count: entries.length })}
      </h3>
      <ul aria-labelledby={headingId} className="flex flex-col gap-3">
        {entries.map((b) => (
          <BookedRow key={b.id} b={b} />
        ))}
      </ul>
    </li>
  );
}

function BookedRow({ b }: { b: BookedSessionListItem }) {
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
