import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadError } from '#web/components/load-error.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { useMe } from '#web/features/auth/public.ts';
import { useApprovedSessions } from '#web/features/sessions/api/use-approved-sessions.ts';
import { useTutors } from '#web/features/sessions/api/use-tutors.ts';
import { HeroCarousel } from '#web/features/sessions/components/hero-carousel.tsx';
import { SessionGrid } from '#web/features/sessions/components/session-grid.tsx';
import { TutorAvatar } from '#web/features/sessions/components/tutor-avatar.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useTitle } from '#web/lib/use-title.ts';
import { useTranslator } from '#web/lib/i18n.ts';

/** Home: the hero carousel, approved sessions and the tutors who teach them. */
export function HomePage() {
  const { t } = useTranslator();
  useTitle(t('home.title'));
  const { isPending: authLoading } = useMe();
  // Tutors appear once the sessions above them have loaded, so that the session cards do not
  // push them down while someone reads them (layout shift).
  const sessionsLoading = useApprovedSessions().isPending;
  return (
    <div className="flex flex-col gap-14">
      <h1 className="sr-only">{t('home.heading')}</h1>
      {/* A loader instead of the carousel while auth is loading. */}
      {/* The loader keeps the carousel's height: nothing below moves when it arrives. */}
      {authLoading ? (
        <div className="flex h-64 items-center sm:h-80 lg:h-[26rem]">
          <Spinner />
        </div>
      ) : (
        <HeroCarousel />
      )}
      <SessionsSection />
      {!sessionsLoading && <TutorsSection />}
    </div>
  );
}

function SessionsSection() {
  const { t } = useTranslator();
  const sessions = useApprovedSessions();
  const items = sessions.data?.items ?? [];
  return (
    <section aria-labelledby="home-sessions-heading" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <SectionTitle id="home-sessions-heading" title={t('home.sessionsHeading')} lead={t('home.sessionsLead')} leadClassName="mt-1" />
        </div>
        {/* The link shows only when more than 2 sessions are loaded. */}
        {items.length > 2 && (
          <Link to="/all-sessions" className="btn btn-outline btn-primary">
            {t('home.seeAll')}
          </Link>
        )}
      </div>
      <SectionList query={sessions} loadingLabel={t('sessions.loading')} empty={<p className="text-base-content/70">{t('sessions.none')}</p>}>
        {(loaded) => <SessionGrid sessions={loaded} headingLevel={3} />}
      </SectionList>
    </section>
  );
}

function TutorsSection() {
  const { t } = useTranslator();
  const tutors = useTutors();
  return (
    <section aria-labelledby="home-tutors-heading" className="flex flex-col gap-6">
      <div className="text-center">
        <SectionTitle id="home-tutors-heading" title={t('home.tutorsHeading')} lead={t('home.tutorsLead')} leadClassName="mx-auto mt-2 max-w-2xl" />
      </div>
      <SectionList query={tutors} loadingLabel={t('home.loadingTutors')} empty={<p className="text-center text-base-content/70">{t('home.noTutors')}</p>}>
        {(loaded) => (
        <ul className="grid grid-cols-2 gap-6 sm:grid-cols-3 lg:grid-cols-4">
          {loaded.map((tutor) => (
            <li key={tutor.id} className="card items-center bg-base-100 p-6 text-center shadow-sm">
              <TutorAvatar name={tutor.name} />
              <Link to={`/tutors/${tutor.id}`} className="link mt-3 font-semibold break-words">
                {tutor.name}
              </Link>
            </li>
          ))}
        </ul>
        )}
      </SectionList>
    </section>
  );
}

/** A Home section's h2 and the line under it. */
function SectionTitle({ id, title, lead, leadClassName }: { id: string; title: string; lead: string; leadClassName: string }) {
  return (
    <>
      <h2 id={id} className="text-3xl font-bold">
        {title}
      </h2>
      <p className={`${leadClassName} text-base-content/70`}>{lead}</p>
    </>
  );
}

/** A section's list as its query goes: a spinner, the error with Try again, the empty text, else the list. */
function SectionList<T>({ query, loadingLabel, empty, children }: { query: UseQueryResult<{ items: T[] }>; loadingLabel: string; empty: ReactNode; children: (items: T[]) => ReactNode }) {
  if (query.isPending) return <Spinner label={loadingLabel} />;
  if (query.isError) return <LoadError message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  return query.data.items.length === 0 ? empty : children(query.data.items);
}
