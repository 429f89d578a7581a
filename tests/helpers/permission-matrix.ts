// Permission matrix: each route × {anonymous, student, other student, tutor, other tutor,
// admin} → expected status. "Owner" roles are the student/tutor a case's setup owns things for.
import { expect } from 'vitest';
import type { InjectOptions } from 'fastify';
import { createTestApp, type Actor, type TestApp } from './test-app.ts';

export const ACTOR_NAMES = ['anonymous', 'student', 'otherStudent', 'tutor', 'otherTutor', 'admin'] as const;
export type ActorName = (typeof ACTOR_NAMES)[number];
export type Actors = Record<ActorName, Actor>;

export async function createActors(t: TestApp): Promise<Actors> {
  return {
    anonymous: { user: null, cookie: null },
    student: await t.actor({ role: 'student' }),
    otherStudent: await t.actor({ role: 'student' }),
    tutor: await t.actor({ role: 'tutor' }),
    otherTutor: await t.actor({ role: 'tutor' }),
    admin: await t.actor({ role: 'admin' }),
  };
}

/** A file's app (configured by `env`) and the matrix's actors, for `beforeAll`: `({ t, actors } = await createAppWithActors())`. */
export async function createAppWithActors(env: Record<string, string> = {}) {
  const t = await createTestApp(env);
  return { t, actors: await createActors(t) };
}

/** A file's app with the fake Stripe (t.stripe) and the matrix's actors: paid sessions, my data, a class called off. */
export async function createStripeAppWithActors() {
  const t = await createTestApp({}, { stripe: true });
  return { t, stripe: t.stripe, actors: await createActors(t) };
}

export interface MatrixCase {
  name: string;
  /** Builds the request; runs once per actor, so it can create fresh data owned by `actors.student`/`actors.tutor`. */
  request: (actors: Actors) => Promise<InjectOptions> | InjectOptions;
  expect: Record<ActorName, number>;
}

/** Runs every case for every actor and asserts all statuses at once (a readable diff on failure). */
export async function runMatrix(t: TestApp, actors: Actors, cases: MatrixCase[]): Promise<void> {
  const actual: Record<string, Record<string, number>> = {};
  const expected: Record<string, Record<string, number>> = {};
  for (const c of cases) {
    actual[c.name] = {};
    expected[c.name] = c.expect;
    for (const name of ACTOR_NAMES) {
      const res = await t.request(actors[name], await c.request(actors));
      actual[c.name]![name] = res.statusCode;
      if (res.statusCode >= 500) throw new Error(`${c.name} as ${name}: ${res.statusCode} ${res.body}`);
    }
  }
  expect(actual).toEqual(expected);
}
