// Attacks on what was added on 24/11/2026, through the pages the server draws (the built web
// app): an online class's meeting link never reaches the public, a student who did not book, one
// waiting or one whose seat is only held, in the HTML or its embedded state. SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '#contract/sessions.ts';
import { createBooking } from '#tests/factories.ts';
import { builtWeb } from '#tests/helpers/built-web.ts';
import { DAY, enc, iso, json } from '#tests/helpers/request-helpers.ts';
import { createTestApp, type Actor, type TestApp } from '#tests/helpers/test-app.ts';

let t: TestApp;
let tutor: Actor;
let admin: Actor;

beforeAll(async () => {
  t = await createTestApp({ TEST_PAYMENTS: 'true' }, { webDir: builtWeb() });
  tutor = await t.actor({ role: 'tutor' });
  admin = await t.actor({ role: 'admin' });
});
afterAll(async () => t?.close());

const MEETING_HOST = 'meet.example.com';
const MEETING = `https://${MEETING_HOST}/drawn-page?pwd=s3cret`;

describe('pages the server draws', () => {
  it('carry the meeting link only for the tutor, admins and a booked student', async () => {
    const start = Math.floor((Date.now() + 10 * DAY) / 60_000) * 60_000;
    const res = await t.request(tutor, {
      method: 'POST',
      url: `/api/create-session/${enc(tutor.user!.email)}`,
      ...json({ title: 'Drawn online class', description: 'Online.', registrationStartDate: iso(Date.now() - DAY), registrationEndDate: iso(Date.now() + 5 * DAY), classStartDate: iso(start), classEndDate: iso(start + 7_200_000), locationKind: 'online', meetingUrl: MEETING }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const s = res.json<Session>();
    expect((await t.request(admin, { method: 'POST', url: `/api/sessions/${s.id}/approve`, ...json({ registrationFee: 0, maxParticipants: 2 }) })).statusCode).toBe(200);
    const booked = await t.actor({ role: 'student' });
    expect((await t.request(booked, { method: 'POST', url: '/api/book-session', ...json({ sessionId: s.id }) })).statusCode).toBe(201);
    const holderUser = await t.createUser({ role: 'student' });
    await createBooking(t.deps, s, holderUser, { status: 'pending_payment', amountCents: 500 });
    const holder = await t.signIn(holderUser);
    const waiting = await t.actor({ role: 'student' });
    expect((await t.request(waiting, { method: 'POST', url: `/api/sessions/${s.id}/waitlist` })).statusCode).toBe(201);
    const other = await t.actor({ role: 'student' });

    const page = async (who: Actor | null, url: string) => {
      const r = await t.request(who, { method: 'GET', url, headers: { accept: 'text/html' } });
      return r.body;
    };
    const pages = [`/session/${s.id}`, '/', '/all-sessions', `/tutors/${tutor.user!.id}`, `/dashboard/view-booked-session/${s.id}`, '/dashboard/booked-sessions', '/sitemap.xml'];
    for (const who of [null, other, waiting, holder]) {
      for (const url of pages) expect(await page(who, url), `${url} as ${who?.user?.email ?? 'the public'}`).not.toContain(MEETING_HOST);
    }
    // The drawn page is the tutor's and booked student's (a control: the link is there to find).
    expect(await page(booked, `/dashboard/view-booked-session/${s.id}`)).toContain(MEETING_HOST);
    for (const url of [`/session/${s.id}`, `/tutors/${tutor.user!.id}`]) expect(await page(null, url)).not.toMatch(/(?<![\w.+-])[\w.+-]+@example\.com/);
  });
});
