// Demo sessions for `npm start` on an empty database: open and closed, free and paid,
// pending and rejected, so that every badge and every tutor/admin action has something to show.
import type { DemoSeeder } from '#server/factories.ts';
import { createStudySession, type StudySessionOverrides } from '#server/factories.ts';
import { sessionRepository } from './session-repository.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

export const seedDemoSessions: DemoSeeder = async (deps, users) => {
  const maria = users.find((u) => u.email === 'tutor.maria@studynest.example');
  const james = users.find((u) => u.email === 'tutor.james@studynest.example');
  if (!maria || !james) return;
  const now = deps.now().getTime();
  const iso = (ms: number) => new Date(ms).toISOString();
  const window = (opensInDays: number, closesInDays: number, classInDays: number, hours: number): StudySessionOverrides => ({
    registrationStartDate: iso(now + opensInDays * DAY),
    registrationEndDate: iso(now + closesInDays * DAY),
    classStartDate: iso(now + classInDays * DAY),
    classEndDate: iso(now + classInDays * DAY + hours * HOUR),
  });

  await createStudySession(deps, maria, {
    title: 'Math Tutoring Session: Calculus I',
    description: 'Limits, derivatives and the chain rule, with worked exam problems and time for your questions.',
    ...window(-2, 10, 14, 2),
    maxParticipants: 20,
  });
  await createStudySession(deps, james, {
    title: 'Physics Study Group: Mechanics',
    description: "Newton's laws, energy and momentum. We solve problems together in small groups.",
    ...window(-1, 6, 8, 1.5),
    registrationFeeCents: 1500,
    maxParticipants: 12,
  });
  await createStudySession(deps, maria, {
    title: 'Hands-on Organic Chemistry',
    description: 'Reaction mechanisms explained with molecular models; bring your lab notebook.',
    ...window(-20, -5, -3, 3),
    registrationFeeCents: 1000,
  });
  await createStudySession(deps, james, {
    title: 'Intro to Statistics',
    description: 'Distributions, confidence intervals and hypothesis tests, with R examples.',
    ...window(3, 12, 15, 2),
  });
  await createStudySession(deps, maria, {
    title: 'Linear Algebra Crash Course',
    description: 'Vectors, matrices and eigenvalues in one evening.',
    ...window(0, 5, 7, 2.5),
    status: 'pending',
  });
  const rejected = await createStudySession(deps, james, {
    title: 'Quantum Basics',
    description: 'Quantum stuff.',
    ...window(0, 5, 9, 1),
    status: 'rejected',
  });
  await sessionRepository(deps.db.kysely).updateGuarded(rejected.id, {
    rejectionReason: 'The description is too short',
    rejectionFeedback: 'Please list the topics covered and what students should know beforehand.',
  });
};
