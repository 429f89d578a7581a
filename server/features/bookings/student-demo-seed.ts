// Demo content for students on `npm start`: bookings of the open demo sessions and a finished
// class booked by two students (reviewed by the reviews seed). Runs after the session seed.
import type { DemoSeeder } from '#server/factories.ts';
import { createBooking, createStudySession } from '#server/factories.ts';

/** The finished demo class, booked by Lee and Sam (features/reviews/review-demo-seed.ts reviews it). */
export const FINISHED_DEMO_SESSION = 'Study Skills Workshop';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

export const seedDemoStudents: DemoSeeder = async (deps, users) => {
  const byEmail = (email: string) => users.find((u) => u.email === email);
  const [lee, sam, maria] = ['student.lee@studynest.example', 'student.sam@studynest.example', 'tutor.maria@studynest.example'].map(byEmail);
  if (!lee || !sam || !maria) return;
  const now = deps.now().getTime();
  const iso = (ms: number) => new Date(ms).toISOString();

  const calculus = await deps.db.kysely.selectFrom('study_session').select('id').where('title', '=', 'Math Tutoring Session: Calculus I').executeTakeFirst();
  if (calculus) {
    await createBooking(deps, calculus, lee);
    await createBooking(deps, calculus, sam);
  }

  const finished = await createStudySession(deps, maria, {
    title: FINISHED_DEMO_SESSION,
    description: 'Spaced repetition, active recall and planning your exam revision.',
    registrationStartDate: iso(now - 20 * DAY),
    registrationEndDate: iso(now - 8 * DAY),
    classStartDate: iso(now - 7 * DAY),
    classEndDate: iso(now - 7 * DAY + 2 * HOUR),
    maxParticipants: 2,
  });
  for (const student of [lee, sam]) await createBooking(deps, finished, student);
};
