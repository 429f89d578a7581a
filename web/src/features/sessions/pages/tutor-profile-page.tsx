import { type LoaderFunctionArgs, useParams } from 'react-router';
import type { PublicSession } from '#contract/sessions.ts';
import { authConfigQuery } from '#web/features/auth/public.ts';
import { tutorProfileQuery, useTutorProfile } from '#web/features/sessions/api/use-tutor-profile.ts';
import { SessionCard } from '#web/features/sessions/components/session-card.tsx';
import { TutorAvatar } from '#web/features/sessions/components/tutor-avatar.tsx';
import { useSessionText } from '#web/features/sessions/session-text.ts';
import { orNotFound, pageQueryClient } from '#web/lib/page-data.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import { usePersonName } from '#web/lib/person-name.ts';
import { shortText } from '#web/lib/page-meta.ts';
import { useTitle } from '#web/lib/use-title.ts';

/** The tutor, or the 404 page (no such tutor, or not one now); and the configuration their cards' fees are said in. */
export async function loader({ params }: LoaderFunctionArgs) {
  const queryClient = pageQueryClient();
  await Promise.all([orNotFound(() => queryClient.ensureQueryData(tutorProfileQuery(params.id ?? ''))), queryClient.prefetchQuery(authConfigQuery)]);
  return null;
}

/** A tutor's public page: photo, name, bio, rating, upcoming and past sessions. */
export function TutorProfilePage() {
  const { t } = useTranslator();
  const { ratingText } = useSessionText();
  const personName = usePersonName();
  const { id = '' } = useParams();
  const loaded = useTutorProfile(id).data;
  const name = loaded && personName(loaded.name);
  useTitle(name ?? t('tutorProfile.title'), loaded ? shortText([t('tutorProfile.description', { name }), loaded.bio].filter(Boolean).join(' '), 200) : undefined);

  // Read by the loader: here at once.
  if (!loaded) return null;
  const tutor = loaded;
  return (
    <article aria-labelledby="tutor-name" className="mx-auto flex max-w-5xl flex-col gap-8">
      <header className="card bg-base-100 shadow-sm">
        <div className="card-body flex-row flex-wrap items-center gap-6">
          {tutor.image ? <img src={tutor.image} alt="" className="size-24 shrink-0 rounded-full object-cover" width={96} height={96} /> : <TutorAvatar name={tutor.name} />}
          <div className="min-w-0 flex-1">
            <h1 id="tutor-name" className="text-3xl font-bold break-words">
              {name}
            </h1>
            <p className="text-base-content/70">{ratingText(tutor)}</p>
            {tutor.bio && <p className="mt-3 whitespace-pre-line break-words">{tutor.bio}</p>}
          </div>
        </div>
      </header>
      <SessionList title={t('tutorProfile.upcoming')} headingId="tutor-upcoming" sessions={tutor.upcoming} empty={t('tutorProfile.noUpcoming')} />
      <SessionList title={t('tutorProfile.past')} headingId="tutor-past" sessions={tutor.past} empty={t('tutorProfile.noPast')} />
    </article>
  );
}

function SessionList({ title, headingId, sessions, empty }: { title: string; headingId: string; sessions: PublicSession[]; empty: string }) {
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-2xl font-bold">
        {title}
      </h2>
      {sessions.length === 0 ? (
        <p className="text-base-content/70">{empty}</p>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {sessions.map((s) => (
            <li key={s.id}>
              <SessionCard session={s} headingLevel={3} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
