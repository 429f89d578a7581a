// Demo reviews for `npm start`: Lee and Sam review the finished class they booked (so the
// average shows). Runs after the bookings seed.
import type { DemoSeeder } from '#server/factories.ts';
import { FINISHED_DEMO_SESSION } from '#server/features/bookings/public.ts';
import { newId } from '#server/ids.ts';
import { reviewsRepository } from './reviews-repository.ts';

const DAY = 24 * 60 * 60 * 1000;

export const seedDemoReviews: DemoSeeder = async (deps, users) => {
  const byEmail = (email: string) => users.find((u) => u.email === email);
  const [lee, sam] = ['student.lee@studynest.example', 'student.sam@studynest.example'].map(byEmail);
  const finished = await deps.db.kysely.selectFrom('study_session').select('id').where('title', '=', FINISHED_DEMO_SESSION).executeTakeFirst();
  if (!lee || !sam || !finished) return;
  const reviewedAt = new Date(deps.now().getTime() - 6 * DAY).toISOString();
  const reviews = reviewsRepository(deps.db.kysely);
  for (const [student, rating, review] of [
    [lee, 5, 'Clear and practical: I use the revision planner every week now.'],
    [sam, 4, 'Very useful tips; I would have liked more time for questions.'],
  ] as const) {
    await deps.db.unitOfWork((work) => reviews.save(work, { id: newId(), sessionId: finished.id, studentId: student.id, studentName: student.name, rating, review, now: reviewedAt }));
  }
};
