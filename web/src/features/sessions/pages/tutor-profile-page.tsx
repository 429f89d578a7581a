import { useParams } from 'react-router';
import type { PublicSession } from '#contract/sessions.ts';
import { LoadError } from '#web/components/load-error.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { useTutorProfile } from '#web/features/sessions/api/use-tutor-profile.ts';
import { SessionCard } from '#web/features/sessions/components/session-card.tsx';
import { TutorAvatar } from '#web/features/sessions/components/tutor-avatar.tsx';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';
import { shortText } from '#web/lib/page-meta.ts';
import { useTitle } from '#web/lib/use-title.ts';

/** A tutor's public page (issue 19): photo, name, bio, rating, upcoming and past sessions. */
export function TutorProfilePage() {
  const { id = '' } = useParams();
  const profile = useTutorProfile(id);
  const loaded = profile.data;
  useTitle(loaded?.name ?? 'Tutor', loaded ? shortText(`${loaded.name} teaches on StudyNest.${loaded.bio ? ` ${loaded.bio}` : ''}`, 200) : undefined);

  if (profile.isPending) return <Spinner label="Loading the tutor" />;
  if (profile.isError) {
    if (profile.error instanceof ApiError && profile.error.status === 404) {
      return (
        <section aria-labelledby="tutor-missing" className="mx-auto flex max-w-5xl flex-col gap-4">
          <h1 id="tutor-missing" className="text-3xl font-bold">
            Tutor not found
          </h1>
          <p role="alert" className="alert">
            This tutor does not exist or no longer teaches here.
          </p>
        </section>
      );
    }
    return <LoadError message={errorMessage(profile.error)} onRetry={() => void profile.refetch()} />;
  }
  const t = profile.data;
  const rating = t.averageRating === null ? 'No ratings yet' : `Average rating: ${t.averageRating} (${t.reviewCount} review${t.reviewCount === 1 ? '' : 's'})`;
  return (
    <article aria-labelledby="tutor-name" className="mx-auto flex max-w-5xl flex-col gap-8">
      <header className="card bg-base-100 shadow-sm">
        <div className="card-body flex-row flex-wrap items-center gap-6">
          {t.image ? <img src={t.image} alt="" className="size-24 shrink-0 rounded-full object-cover" width={96} height={96} /> : <TutorAvatar name={t.name} />}
          <div className="min-w-0 flex-1">
            <h1 id="tutor-name" className="text-3xl font-bold break-words">
              {t.name}
            </h1>
            <p className="text-base-content/70">{rating}</p>
            {t.bio && <p className="mt-3 whitespace-pre-line break-words">{t.bio}</p>}
          </div>
        </div>
      </header>
      <SessionList title="Upcoming sessions" headingId="tutor-upcoming" sessions={t.upcoming} empty="No upcoming sessions." />
      <SessionList title="Past sessions" headingId="tutor-past" sessions={t.past} empty="No past sessions yet." />
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
