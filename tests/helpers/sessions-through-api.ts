// A tutor's session made the way the web app makes one: through the API, then approved by an admin.
import { expect } from 'vitest';
import { instantOf, wallTimeOf } from '#contract/session-form.ts';
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

/** The zone series tests write their classes in. */
export const SERIES_ZONE = 'Europe/Madrid';

/**
 * A series' first class as Create Series takes it: a week from now at 18:00 in SERIES_ZONE, 90
 * minutes, online; registration open from now until an hour before it.
 */
export function seriesFirstClass(title: string, description = 'Twelve evenings of algebra, one a week.') {
  const start = Date.parse(instantOf(wallTimeOf(Date.now() + 7 * 24 * 3600_000, SERIES_ZONE).date, '18:00', SERIES_ZONE)!);
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    title,
    description,
    registrationStartDate: iso(Date.now()),
    registrationEndDate: iso(start - 3600_000),
    classStartDate: iso(start),
    classEndDate: iso(start + 90 * 60_000),
    timeZone: SERIES_ZONE,
    locationKind: 'online',
    meetingUrl: 'https://meet.example.com/algebra',
  };
}
