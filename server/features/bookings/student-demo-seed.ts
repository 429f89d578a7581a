// Demo content for students on `npm start`: bookings of the open demo sessions, a finished
// class with reviews (so the average shows), and a few notes. Runs after the session seed.
import type { DemoSeeder } from '#server/demo-seed.ts';
import { newId } from '#server/ids.ts';
import { notesRepository } from '#server/features/notes/notes-repository.ts';
import { reviewsRepository } from '#server/features/reviews/reviews-repository.ts';
import { createBooking, createStudySession } from '#tests/factories.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

export const seedDemoStudents: DemoSeeder = async (deps, users) => {
  const byEmail = (email: string) => users.find((u) => u.email === email);
  const [lee, sam, kim, maria] = ['student.lee@studynest.example', 'student.sam@studynest.example', 'student.kim@studynest.example', 'tutor.maria@studynest.example'].map(byEmail);
  if (!lee || !sam || !kim || !maria) return;
  const now = deps.now().getTime();
  const iso = (ms: number) => new Date(ms).toISOString();

  const calculus = await deps.db.kysely.selectFrom('study_session').select('id').where('title', '=', 'Math Tutoring Session: Calculus I').executeTakeFirst();
  if (calculus) {
    await createBooking(deps, calculus, lee);
    await createBooking(deps, calculus, sam);
  }

  const finished = await createStudySession(deps, maria, {
    title: 'Study Skills Workshop',
    description: 'Spaced repetition, active recall and planning your exam revision.',
    registrationStartDate: iso(now - 20 * DAY),
    registrationEndDate: iso(now - 8 * DAY),
    classStartDate: iso(now - 7 * DAY),
    classEndDate: iso(now - 7 * DAY + 2 * HOUR),
    maxParticipants: 2,
  });
  const reviews = reviewsRepository(deps.db.kysely, deps.db.dialect);
  for (const [student, rating, review] of [
    [lee, 5, 'Clear and practical: I use the revision planner every week now.'],
    [sam, 4, 'Very useful tips; I would have liked more time for questions.'],
  ] as const) {
    await createBooking(deps, finished, student);
    await reviews.save({ id: newId(), sessionId: finished.id, studentId: student.id, studentName: student.name, rating, review, now: iso(now - 6 * DAY) });
  }

  const notes = notesRepository(deps.db.kysely);
  await notes.insert({ id: newId(), studentId: lee.id, title: 'Chain rule', details: "(f∘g)' = (f'∘g)·g'. Practise with exam problems 3–7.", now: iso(now - DAY) });
  await notes.insert({ id: newId(), studentId: kim.id, title: 'Questions for the tutor', details: 'Ask about the difference between variance and standard deviation.', now: iso(now - 2 * DAY) });
};
