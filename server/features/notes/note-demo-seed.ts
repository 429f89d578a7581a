// Demo notes for `npm start`: two students' own notes, so the notes pages have something to show.
import type { DemoSeeder } from '#server/factories.ts';
import { newId } from '#server/ids.ts';
import { notesRepository } from './notes-repository.ts';

const DAY = 24 * 60 * 60 * 1000;

export const seedDemoNotes: DemoSeeder = async (deps, users) => {
  const byEmail = (email: string) => users.find((u) => u.email === email);
  const [lee, kim] = ['student.lee@studynest.example', 'student.kim@studynest.example'].map(byEmail);
  if (!lee || !kim) return;
  const now = deps.now().getTime();
  const iso = (ms: number) => new Date(ms).toISOString();
  const notes = notesRepository(deps.db.kysely);
  await notes.insert({ id: newId(), studentId: lee.id, title: 'Chain rule', details: "(f∘g)' = (f'∘g)·g'. Practise with exam problems 3–7.", now: iso(now - DAY) });
  await notes.insert({ id: newId(), studentId: kim.id, title: 'Questions for the tutor', details: 'Ask about the difference between variance and standard deviation.', now: iso(now - 2 * DAY) });
};
