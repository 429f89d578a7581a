import { Link } from 'react-router';
import { useTitle } from '#web/lib/use-title.ts';

/** Home (spec §2). The carousel, sessions and tutors sections land with the sessions issue. */
export function HomePage() {
  useTitle('Home');
  return (
    <div className="flex flex-col gap-12">
      <section className="hero rounded-box bg-base-200 py-12">
        <div className="hero-content text-center">
          <div className="max-w-xl">
            <h1 className="text-3xl font-bold sm:text-4xl">Welcome to StudyNest</h1>
            <p className="py-4 text-base-content/80">
              Book study sessions with tutors, keep your notes and find your study materials in one
              place.
            </p>
            <Link to="/all-sessions" className="btn btn-primary">
              Browse sessions
            </Link>
          </div>
        </div>
      </section>
      <section aria-labelledby="home-sessions-heading">
        <h2 id="home-sessions-heading" className="text-2xl font-bold">
          Sessions
        </h2>
      </section>
      <section aria-labelledby="home-tutors-heading">
        <h2 id="home-tutors-heading" className="text-2xl font-bold">
          See our Tutors
        </h2>
      </section>
    </div>
  );
}
