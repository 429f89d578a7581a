// A session keeps the IANA zone its tutor wrote the dates in (the web form sends its
// browser's), shown beside a student's own time; a name that is not a zone is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session, SessionDetails } from '#contract/sessions.ts';
import { createAppWithActors, type Actors } from '#tests/helpers/permission-matrix.ts';
import type { TestApp } from '#tests/helpers/test-app.ts';
import { DAY, HOUR, datesFromNow, enc, iso, json } from '#tests/helpers/request-helpers.ts';

let t: TestApp;
let actors: Actors;
beforeAll(async () => ({ t, actors } = await createAppWithActors()));
afterAll(async () => t?.close());

function body(overrides: Record<string, unknown> = {}) {
  return { title: 'Evening algebra', description: 'Matrices.', ...datesFromNow(), ...overrides };
}

const create = (overrides: Record<string, unknown>) =>
  t.request(actors.tutor, { method: 'POST', url: `/api/create-session/${enc(actors.tutor.user!.email)}`, ...json(body(overrides)) });

describe("the tutor's time zone", () => {
  it('is stored from the form and returned with the session, to anyone who reads it', async () => {
    const res = await create({ timeZone: 'Europe/Madrid' });
    expect(res.statusCode).toBe(201);
    const created = res.json() as Session;
    expect(created.tutorTimeZone).toBe('Europe/Madrid');
    const read = await t.request(actors.tutor, { method: 'GET', url: `/api/session/${created.id}` });
    expect((read.json() as SessionDetails).tutorTimeZone).toBe('Europe/Madrid');
  });

  it('is null when the form did not say', async () => {
    const res = await create({});
    expect((res.json() as Session).tutorTimeZone).toBeNull();
  });

  it('follows the dates when the tutor moves them from elsewhere, and stays when only the title changes', async () => {
    const created = (await create({ timeZone: 'Europe/Madrid' })).json() as Session;
    const url = `/api/session/${enc(actors.tutor.user!.email)}/${created.id}`;
    const renamed = await t.request(actors.tutor, { method: 'PUT', url, ...json({ title: 'Renamed', timeZone: 'Asia/Tokyo' }) });
    expect((renamed.json() as Session).tutorTimeZone).toBe('Europe/Madrid');
    const moved = await t.request(actors.tutor, { method: 'PUT', url, ...json({ classStartDate: iso(Date.now() + 6 * DAY), classEndDate: iso(Date.now() + 6 * DAY + HOUR), timeZone: 'Asia/Tokyo' }) });
    expect(moved.statusCode).toBe(200);
    expect((moved.json() as Session).tutorTimeZone).toBe('Asia/Tokyo');
  });

  it('refuses a name that is not a time zone, naming the field', async () => {
    const res = await create({ timeZone: 'Mars/Olympus_Mons' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields?.timeZone).toBe('Unknown time zone');
  });
});
