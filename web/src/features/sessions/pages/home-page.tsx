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

/** Home (spec §2): the hero carousel, approved sessions and the tutors who teach them. */
export function HomePage() {
  const { t } = useTranslator();
  useTitle(t('home.title'));
  const { isPending: authLoading } = useMe();
  // Tutors appear once the sessions above them have loaded, so that the session cards do not
  // push them down while someone reads them (layout shift, issue 9).
  const sessionsLoading = useApprovedSessions().isPending;
  return (
    <div className="flex flex-col gap-14">
      <h1 className="sr-only">{t('home.heading')}</h1>
      {/* Spec §2: a loader instead of the carousel while auth is loading. */}
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
          <h2 id="home-sessions-heading" className="text-3xl font-bold">
            {t('home.sessionsHeading')}
          </h2>
          <p className="mt-1 text-base-content/70">{t('home.sessionsLead')}</p>
        </div>
        {/* Spec §9: the link shows only when more than 2 sessions are loaded. */}
        {items.length > 2 && (
          <Link to="/all-sessions" className="btn btn-outline btn-primary">
            {t('home.seeAll')}
          </Link>
        )}
      </div>
      {sessions.isPending ? (
        <Spinner label={t('sessions.loading')} />
      ) : sessions.isError ? (
        <LoadError message={errorMessage(sessions.error)} onRetry={() => void sessions.refetch()} />
      ) : items.length === 0 ? (
        <p className="text-base-content/70">{t('sessions.none')}</p>
      ) : (
        <SessionGrid sessions={items} headingLevel={3} />
      )}
    </section>
  );
}

function TutorsSection() {
  const { t } = useTranslator();
  const tutors = useTutors();
  const items = tutors.data?.items ?? [];
  return (
    <section aria-labelledby="home-tutors-heading" className="flex flex-col gap-6">
      <div className="text-center">
        <h2 id="home-tutors-heading" className="text-3xl font-bold">
          {t('home.tutorsHeading')}
        </h2>
        <p className="mx-auto mt-2 max-w-2xl text-base-content/70">
          {t('home.tutorsLead')}
        </p>
      </div>
      {tutors.isPending ? (
        <Spinner label={t('home.loadingTutors')} />
      ) : tutors.isError ? (
        <LoadError message={errorMessage(tutors.error)} onRetry={() => void tutors.refetch()} />
      ) : items.length === 0 ? (
        <p className="text-center text-base-content/70">{t('home.noTutors')}</p>
      ) : (
        <ul className="grid grid-cols-2 gap-6 sm:grid-cols-3 lg:grid-cols-4">
          {items.map((tutor) => (
            <li key={tutor.id} className="card items-center bg-base-100 p-6 text-center shadow-sm">
              <TutorAvatar name={tutor.name} />
              <Link to={`/tutors/${tutor.id}`} className="link mt-3 font-semibold break-words">
                {tutor.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
