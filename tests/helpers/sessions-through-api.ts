// A tutor's session made the way the web app makes one: through the API, then approved by an admin.
import { expect } from 'vitest';
import type { Session } from '#contract/sessions.ts';
import { enc, json, schedule } from './request-helpers.ts';
import type { Actor, TestApp } from './test-app.ts';

/** POST /api/create-session as `tutor`: `body` (a title, a description, where) over `schedule()`'s dates. */
export const createSessionAs = (t: TestApp, tutor: Actor, body: Record<string, unknown>) =>
  t.request(tutor, { method: 'POST', url: `/api/create-session/${enc(tutor.user!.email)}`, ...json({ ...schedule(), ...body }) });

/** A session `tutor` writes (createSessionAs), approved by `admin` with `approval` (its fee and seats). */
export async function approvedSessionAs(t: TestApp, tutor: Actor, admin: Actor, body: Record<string, unknown>, approval: { registrationFee: number; maxParticipants: number }): Promise<Session> {
  const res = await createSessionAs(t, tutor, body);
  expect(res.statusCode, res.body).toBe(201);
  const s = res.json<Session>();
  expect((await t.request(admin, { method: 'POST', url: `/api/sessions/${s.id}/approve`, ...json(approval) })).statusCode).toBe(200);
  return s;
}
