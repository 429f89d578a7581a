// Privacy by default. A visitor finds no email address in any public answer or
// page; a tutor's email goes only to the tutor, admins and the students who booked them. Reads
// the production build for the pages (`npm run build` first; `npm test` does).
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookedSession } from '#contract/bookings.ts';
import { pagePathsOfRouter } from '#tests/helpers/router-paths.ts';
import { createBooking, createStudySession } from '#tests/factories.ts';
import { createTestApp, type Actor, type TestApp } from '#tests/helpers/test-app.ts';
import { enc } from '#tests/helpers/request-helpers.ts';
import { builtWeb, WEB_DIR } from '#tests/helpers/built-web.ts';

const EMAIL = /(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;

let t: TestApp;
let tutor: Actor;
let booked: Actor;
let waiting: Actor;
let stranger: Actor;
let admin: Actor;
let sessionId: string;
let fullSessionId: string;

beforeAll(async () => {
  t = await createTestApp({}, { webDir: builtWeb() });
  [tutor, booked, waiting, stranger, admin] = await Promise.all([
    t.actor({ role: 'tutor', name: 'Maria Tutor' }),
    t.actor({ role: 'student' }),
    t.actor({ role: 'student' }),
    t.actor({ role: 'student' }),
    t.actor({ role: 'admin' }),
  ]);
  const session = await createStudySession(t.deps, tutor.user!, { title: 'Organic Chemistry' });
  await createBooking(t.deps, session, booked.user!);
  sessionId = session.id;
  // A full session, with `waiting` on its waitlist.
  const full = await createStudySession(t.deps, tutor.user!, { title: 'Full Physics', maxParticipants: 1 });
  await createBooking(t.deps, full, booked.user!);
  fullSessionId = full.id;
  const joined = await t.request(waiting, { method: 'POST', url: `/api/sessions/${full.id}/waitlist` });
  expect(joined.statusCode, joined.body).toBe(201);
}, 60_000);
afterAll(async () => t?.close());

/** Email addresses in `text` but those the visitor sent in the request itself. */
function addressesIn(text: string, sent: string): string[] {
  const decodedSent = decodeURIComponent(sent).toLowerCase();
  return [...new Set(text.match(EMAIL) ?? [])].filter((address) => !decodedSent.includes(address.toLowerCase()));
}

/**
 * A route's path with its parameters filled in with real data: an email is the tutor's, any other
 * parameter a session's id, and again the tutor's id (a person's page, such as a tutor's profile).
 */
function filled(route: string): string[] {
  const withEmail = route.replace(/:email/g, enc(tutor.user!.email));
  if (!/:[A-Za-z]+/.test(withEmail)) return [withEmail];
  return [withEmail.replace(/:[A-Za-z]+/g, sessionId), withEmail.replace(/:[A-Za-z]+/g, tutor.user!.id)];
}

/** Every path of the web app's router, parameters filled in with real data. */
function pagePaths(): string[] {
  return pagePathsOfRouter().flatMap(filled);
}

describe('a visitor', () => {
  it('finds no email address in any API answer, nor in robots.txt, the sitemap, calendar feeds or the static files', async () => {
    // Every GET route the server has (the API, robots.txt, sitemap.xml, /calendar/:file), not only /api.
    const gets = t.routes.filter((r) => r.method === 'GET' && !r.url.includes('*'));
    expect(gets.length).toBeGreaterThan(15);
    expect(gets.map((r) => r.url)).toEqual(expect.arrayContaining(['/robots.txt', '/sitemap.xml']));
    const urls = new Set<string>();
    for (const route of gets) {
      for (const url of filled(route.url)) urls.add(url);
    }
    // The public lists, searched by the tutor's name too, and every page of them.
    for (const extra of ['/api/sessions?q=Maria', '/api/sessions?open=true', '/api/approved-sessions?limit=100', '/api/tutors?limit=100', `/api/session/${fullSessionId}`, `/api/sessions/${sessionId}/reviews`]) urls.add(extra);
    // The web app's own files (the manifest, the page shell), served by the catch-all.
    for (const file of fs.readdirSync(WEB_DIR)) if (/\.(html|webmanifest|txt|xml|json)$/.test(file)) urls.add(`/${file}`);
    const found: string[] = [];
    let answered = 0;
    for (const url of urls) {
      const res = await t.request(null, { method: 'GET', url });
      if (res.statusCode === 200) answered++;
      for (const address of addressesIn(res.body, url)) found.push(`${url} (${res.statusCode}): ${address}`);
    }
    expect(found).toEqual([]);
    expect(answered).toBeGreaterThan(5);
  });

  it('finds no email address on any page the server draws', async () => {
    const paths = pagePaths();
    expect(paths.length).toBeGreaterThan(20);
    const found: string[] = [];
    const statuses = new Set<number>();
    for (const p of [...paths, '/?q=Maria', '/all-sessions?q=Maria', `/session/${fullSessionId}`, '/all-sessions?open=true']) {
      const res = await t.http(null, { method: 'GET', path: p });
      statuses.add(res.statusCode);
      const seen = `${res.body}\n${res.headers.location ?? ''}`;
      for (const address of addressesIn(seen, p)) found.push(`${p} (${res.statusCode}): ${address}`);
    }
    expect(found).toEqual([]);
    expect(statuses.has(200)).toBe(true);
    // The pages that show sessions were drawn with them (the check above is not vacuous).
    const home = await t.http(null, { method: 'GET', path: `/session/${sessionId}` });
    expect(home.body).toContain('Organic Chemistry');
    expect(home.body).toContain('Maria Tutor');
  });
});

describe("a tutor's email", () => {
  const detailsEmail = async (who: Actor | null, id = sessionId) => {
    const res = await t.request(who, { method: 'GET', url: `/api/session/${id}` });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { tutorEmail: string | null }).tutorEmail;
  };

  it("is on a session's page for its tutor and admins only", async () => {
    expect(await detailsEmail(tutor)).toBe(tutor.user!.email);
    expect(await detailsEmail(admin)).toBe(tutor.user!.email);
    expect(await detailsEmail(null)).toBeNull();
    expect(await detailsEmail(stranger)).toBeNull();
    // A booked student gets it with their booking (below), not on the public page.
    expect(await detailsEmail(booked)).toBeNull();
  });

  it('goes to the students who booked, not to those waiting in line', async () => {
    const mine = async (who: Actor, id: string) => {
      const res = await t.request(who, { method: 'GET', url: `/api/view-booked-session/${id}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as BookedSession;
    };
    expect((await mine(booked, sessionId)).tutorEmail).toBe(tutor.user!.email);
    const line = await mine(waiting, fullSessionId);
    expect(line.status).toBe('waitlisted');
    expect(line.tutorEmail).toBeNull();
    expect(JSON.stringify(line)).not.toContain(tutor.user!.email);
    const list = await t.request(waiting, { method: 'GET', url: `/api/booked-sessions/${enc(waiting.user!.email)}` });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(tutor.user!.email);
  });

  it("is in the answers made for the tutor and admins: the tutor's own session and the admins' list", async () => {
    // A tutor's list answers each session as its row shows it, without the email (the path names
    // it); the session's own route for its tutor answers the whole session, the email with it.
    for (const who of [tutor, admin]) {
      const own = await t.request(who, { method: 'GET', url: `/api/session/${enc(tutor.user!.email)}/${sessionId}` });
      expect(own.statusCode, own.body).toBe(200);
      expect((own.json() as { tutorEmail: string }).tutorEmail).toBe(tutor.user!.email);
    }
    const all = await t.request(admin, { method: 'GET', url: '/api/admin/sessions' });
    expect(all.statusCode).toBe(200);
    expect(all.body).toContain(tutor.user!.email);
  });

  it('is in no public list, even for a signed-in student', async () => {
    for (const url of ['/api/sessions', '/api/approved-sessions', '/api/tutors']) {
      const res = await t.request(stranger, { method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body.match(EMAIL) ?? [], url).toEqual([]);
    }
  });
});
