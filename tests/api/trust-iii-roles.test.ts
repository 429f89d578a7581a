// Tutor and admin rights follow the account's current role and status, from the request right
// after an admin's change (the session cache is dropped with it, docs/decisions/004):
//  - a matrix over every route that grants a tutor or admin right (the route table's routes, as
//    tests/api/trust-routes.test.ts lists them; a new route must be classified here): a tutor
//    turned student answers as any other student does, a blocked tutor and a blocked admin as
//    anonymous does, each with the same status;
//  - a demoted tutor no longer sees their sessions' meeting links, rejection details or the
//    tutor's part of their calendar feed;
//  - a demoted or blocked tutor's sessions leave the public lists (Home, All Sessions, tutors,
//    sitemap; the lists' cache is on here, so it must be dropped by the change) and refuse
//    bookings and the waitlist; their booked students keep their bookings and are emailed
//    nothing (docs/decisions/039-demoted-and-blocked-tutors.md); undoing the change lists them again.
// One app per file; runs on SQLite and on PostgreSQL.
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBooking, createStudySession, type CreatedUser } from '#tests/factories.ts';
import { createTestApp, type Actor, type TestApp } from '#tests/helpers/test-app.ts';
import { DAY, enc, HOUR, iso, json, multipart } from '#tests/helpers/request-helpers.ts';

let t: TestApp;
let admin: Actor;
/** A student with no part in anything below: what "any other student" gets. */
let student: Actor;
/** Booked on every tutor's sessions. */
let booked: Actor;
/** Owns a note an admin may read. */
let victim: Actor;
let note: { id: string };
let demoted: Subject;
let blockedTutor: Subject;
let blockedAdmin: Subject;
/** A tutor nobody changes: their sessions stay listed throughout. */
let steady: World;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const MEETING_URL = 'https://meet.example/private-room';

async function ok(res: LightMyRequestResponse, status: number, what: string) {
  if (res.statusCode !== status) throw new Error(`fixture ${what}: ${res.statusCode} ${res.body}`);
  return (String(res.headers['content-type']).startsWith('application/json') ? res.json() : {}) as { id: string } & Record<string, unknown>;
}

/** A tutor's sessions and materials, made while they are a tutor. */
interface World {
  tutor: CreatedUser;
  upcoming: { id: string; title: string };
  past: { id: string };
  pending: { id: string };
  rejected: { id: string };
  fileMaterial: { id: string };
  linkMaterial: { id: string };
  webhook: { id: string };
}

/** Someone an admin changes: their cookie from before the change, and the world the routes act on. */
interface Subject {
  actor: Actor;
  world: World;
  /** Whose answers theirs must equal: any other student, or nobody signed in. */
  reference: () => Actor | null;
}

async function tutorWorld(tutor: Actor, title: string): Promise<World> {
  const user = tutor.user!;
  const upcoming = await createStudySession(t.deps, user, { title, registrationStartDate: iso(Date.now() - DAY), registrationEndDate: iso(Date.now() + 5 * DAY), classStartDate: iso(Date.now() + 7 * DAY) });
  await t.deps.db.kysely.updateTable('study_session').set({ locationKind: 'online', meetingUrl: MEETING_URL }).where('id', '=', upcoming.id).execute();
  await createBooking(t.deps, upcoming, booked.user!);
  const past = await createStudySession(t.deps, user, { registrationStartDate: iso(Date.now() - 5 * DAY), registrationEndDate: iso(Date.now() - 3 * DAY), classStartDate: iso(Date.now() - DAY) });
  await createBooking(t.deps, past, booked.user!);
  const pending = await createStudySession(t.deps, user, { status: 'pending' });
  const rejected = await createStudySession(t.deps, user, { status: 'rejected' });
  const linkMaterial = await ok(await t.request(tutor, { method: 'POST', url: '/api/materials', ...json({ sessionId: upcoming.id, title: 'Slides', link: 'https://example.com/slides' }) }), 201, 'link material');
  const fileMaterial = await ok(await t.request(tutor, { method: 'POST', url: '/api/materials', ...multipart({ sessionId: upcoming.id, title: 'Handout' }, { name: 'handout.pdf', type: 'application/pdf', content: PDF }) }), 201, 'file material');
  await ok(await t.request(tutor, { method: 'POST', url: '/api/me/calendar-feed' }), 200, 'feed link');
  const webhook = await ok(await t.request(tutor, { method: 'POST', url: '/api/webhooks', ...json({ url: `https://hooks.example/${user.id}`, events: ['booking.created'] }) }), 201, 'webhook');
  return { tutor: user, upcoming, past, pending, rejected, fileMaterial, linkMaterial, webhook };
}

const changeUser = async (who: Actor, change: { role?: string; blocked?: boolean }) =>
  ok(await t.request(admin, { method: 'PATCH', url: `/api/users/${who.user!.id}`, ...json(change) }), 200, `change ${JSON.stringify(change)}`);

// ---- every route that grants a tutor or admin right -----------------------------------------
type Route = (w: World) => Promise<InjectOptions> | InjectOptions;
const get = (url: string): InjectOptions => ({ method: 'GET', url });
const send = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown): InjectOptions => (body === undefined ? { method, url } : { method, url, ...json(body) });
const fresh = (w: World, overrides: Parameters<typeof createStudySession>[2] = {}) => createStudySession(t.deps, w.tutor, overrides);
/** Two weekly classes of the world's tutor linked as a series. */
async function freshSeries(w: World, status: 'pending' | 'approved') {
  const seriesId = crypto.randomUUID();
  const first = await fresh(w, { status, seriesId });
  await fresh(w, { status, seriesId, classStartDate: iso(Date.parse(first.classStartDate) + 7 * DAY) });
  return { id: seriesId, first };
}

const TUTOR_AND_ADMIN_ROUTES: Record<string, Route> = {
  // Admins: users, their data, the audit log, background work
  'GET /api/users': () => get('/api/users'),
  'PATCH /api/users/:id': async () => send('PATCH', `/api/users/${(await t.createUser()).id}`, { role: 'tutor' }),
  'GET /api/user/:email': () => get(`/api/user/${enc(victim.user!.email)}`),
  'GET /api/users/:id/data': () => get(`/api/users/${victim.user!.id}/data`),
  'DELETE /api/users/:id': async () => send('DELETE', `/api/users/${(await t.createUser()).id}`),
  'GET /api/audit-log': () => get('/api/audit-log'),
  'GET /api/admin/jobs': () => get('/api/admin/jobs?state=dead'),
  // Learning platforms (LTI): registered, listed and removed by admins only.
  'GET /api/admin/lti/platforms': () => get('/api/admin/lti/platforms'),
  'POST /api/admin/lti/platforms': () =>
    send('POST', '/api/admin/lti/platforms', { name: 'Moodle', issuer: 'https://moodle.example.edu', clientId: 'studynest', deploymentIds: ['1'], authUrl: 'https://moodle.example.edu/auth', tokenUrl: 'https://moodle.example.edu/token', jwksUrl: 'https://moodle.example.edu/jwks' }),
  'DELETE /api/admin/lti/platforms/:id': () => send('DELETE', `/api/admin/lti/platforms/${crypto.randomUUID()}`),
  // A course's roster (Names and Role Provisioning): tutors only, and only a course they launched from as Instructor.
  'GET /api/lti/courses': () => get('/api/lti/courses'),
  'POST /api/lti/courses/:id/roster': () => ({ method: 'POST', url: `/api/lti/courses/${crypto.randomUUID()}/roster` }),
  // An instructor's Deep Linking request: read and answered by tutors (and admins) only.
  'GET /api/lti/deep-links/:id': () => get(`/api/lti/deep-links/${crypto.randomUUID()}`),
  'POST /api/lti/deep-links/:id': (w) => ({
    method: 'POST',
    url: `/api/lti/deep-links/${crypto.randomUUID()}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `sessionId=${w.upcoming.id}`,
  }),
  // The school's provider (a save without a secret, and nothing to turn off: nothing changes).
  'GET /api/admin/single-sign-on': () => get('/api/admin/single-sign-on'),
  'PUT /api/admin/single-sign-on': () => send('PUT', '/api/admin/single-sign-on', { issuer: 'https://login.example.edu', clientId: 'studynest', clientSecret: '', allowedDomains: [], requiredDomains: [], buttonLabel: 'School', domainRoles: [] }),
  'DELETE /api/admin/single-sign-on': () => send('DELETE', '/api/admin/single-sign-on'),
  'POST /api/admin/jobs/:id/retry': async () => {
    const key = `roles-${Math.random()}`;
    await t.deps.jobs.enqueue(t.deps.db.kysely, { kind: 'test.roles', payload: {}, key });
    const row = await t.deps.db.kysely.selectFrom('job').select('id').where('key', '=', key).executeTakeFirstOrThrow();
    await t.deps.db.kysely.updateTable('job').set({ status: 'dead', lastError: 'refused' }).where('id', '=', row.id).execute();
    return send('POST', `/api/admin/jobs/${row.id}/retry`);
  },
  // Admins read students' bookings and notes
  'GET /api/booked-sessions/:email': () => get(`/api/booked-sessions/${enc(booked.user!.email)}`),
  'GET /api/notes/:email': () => get(`/api/notes/${enc(victim.user!.email)}`),
  'GET /api/note/:email/:id': () => get(`/api/note/${enc(victim.user!.email)}/${note.id}`),
  // Sessions: the tutor's own, and the admins' decisions
  'POST /api/create-session/:email': (w) =>
    send('POST', `/api/create-session/${enc(w.tutor.email)}`, {
      title: 'Made after the change',
      description: 'Should not exist.',
      registrationStartDate: iso(Date.now()),
      registrationEndDate: iso(Date.now() + DAY),
      classStartDate: iso(Date.now() + 2 * DAY),
      classEndDate: iso(Date.now() + 2 * DAY + HOUR),
    }),
  'GET /api/view-sessions/:email': (w) => get(`/api/view-sessions/${enc(w.tutor.email)}`),
  'GET /api/session/:email/:id': (w) => get(`/api/session/${enc(w.tutor.email)}/${w.upcoming.id}`),
  'PUT /api/session/:email/:id': (w) => send('PUT', `/api/session/${enc(w.tutor.email)}/${w.upcoming.id}`, { title: 'Renamed after the change' }),
  'DELETE /api/session/:email/:id': async (w) => send('DELETE', `/api/session/${enc(w.tutor.email)}/${(await fresh(w, { status: 'pending' })).id}`),
  // A pending session is readable by its tutor and admins only.
  'GET /api/session/:id': (w) => get(`/api/session/${w.pending.id}`),
  'POST /api/sessions/:id/approve': async (w) => send('POST', `/api/sessions/${(await fresh(w, { status: 'pending' })).id}/approve`, { registrationFee: 0 }),
  'POST /api/sessions/:id/reject': async (w) => send('POST', `/api/sessions/${(await fresh(w, { status: 'pending' })).id}/reject`, { reason: 'Too short', feedback: 'Add more.' }),
  'POST /api/sessions/:id/resubmit': async (w) => send('POST', `/api/sessions/${(await fresh(w, { status: 'rejected' })).id}/resubmit`),
  'POST /api/sessions/:id/cancel': async (w) => {
    const s = await fresh(w);
    await createBooking(t.deps, s, booked.user!);
    return send('POST', `/api/sessions/${s.id}/cancel`, { reason: 'Called off after the change.' });
  },
  'POST /api/sessions/:id/reschedule': async (w) => {
    const s = await fresh(w);
    await createBooking(t.deps, s, booked.user!);
    return send('POST', `/api/sessions/${s.id}/reschedule`, {
      classStartDate: iso(Date.now() + 9 * DAY),
      classEndDate: iso(Date.now() + 9 * DAY + HOUR),
      message: 'Moved after the change.',
    });
  },
  // A weekly series (docs/decisions/064-series.md): a pending one is its tutor's and admins' to read.
  'POST /api/create-series/:email': (w) =>
    send('POST', `/api/create-series/${enc(w.tutor.email)}`, {
      title: 'Series made after the change',
      description: 'Should not exist.',
      registrationStartDate: iso(Date.now()),
      registrationEndDate: iso(Date.now() + DAY),
      classStartDate: iso(Date.now() + 2 * DAY),
      classEndDate: iso(Date.now() + 2 * DAY + HOUR),
      classCount: 2,
    }),
  'GET /api/series/:id': async (w) => get(`/api/series/${(await freshSeries(w, 'pending')).id}`),
  'POST /api/series/:id/approve': async (w) => send('POST', `/api/series/${(await freshSeries(w, 'pending')).id}/approve`, { registrationFee: 0 }),
  'POST /api/series/:id/cancel': async (w) => {
    const series = await freshSeries(w, 'approved');
    await createBooking(t.deps, series.first, booked.user!);
    return send('POST', `/api/series/${series.id}/cancel`, { reason: 'Called off after the change.' });
  },
  'GET /api/admin/sessions': () => get('/api/admin/sessions'),
  'GET /api/me/tutor-profile': () => get('/api/me/tutor-profile'),
  'PUT /api/me/tutor-profile': () => send('PUT', '/api/me/tutor-profile', { bio: 'Written after the change.' }),
  // The roster, its download and attendance
  'GET /api/sessions/:id/roster': (w) => get(`/api/sessions/${w.upcoming.id}/roster`),
  'GET /api/sessions/:id/roster.csv': (w) => get(`/api/sessions/${w.upcoming.id}/roster.csv`),
  'PUT /api/sessions/:id/attendance/:studentId': (w) => send('PUT', `/api/sessions/${w.past.id}/attendance/${booked.user!.id}`, { attendance: 'absent' }),
  'POST /api/sessions/:id/attendance/all-present': (w) => send('POST', `/api/sessions/${w.past.id}/attendance/all-present`),
  // Materials the tutor shares
  'POST /api/materials': (w) => send('POST', '/api/materials', { sessionId: w.upcoming.id, title: 'Added after the change', link: 'https://example.com/late' }),
  'PUT /api/materials/:id': (w) => send('PUT', `/api/materials/${w.linkMaterial.id}`, { title: 'Renamed after the change' }),
  'DELETE /api/materials/:id': async (w) => {
    const m = await t.deps.db.kysely.selectFrom('material').select('id').where('id', '=', w.linkMaterial.id).executeTakeFirst();
    return send('DELETE', `/api/materials/${m?.id ?? w.linkMaterial.id}`);
  },
  'GET /api/materials/:id/file': (w) => get(`/api/materials/${w.fileMaterial.id}/file`),
  // Webhook endpoints (tutors for their own sessions' events, admins for all) and keys with a
  // tutor's scope: a key may hold only what its owner's role allows at the time.
  'GET /api/webhooks': () => get('/api/webhooks'),
  'POST /api/webhooks': () => send('POST', '/api/webhooks', { url: 'https://hooks.example/after-the-change', events: ['booking.created'] }),
  'DELETE /api/webhooks/:id': (w) => send('DELETE', `/api/webhooks/${w.webhook.id}`),
  'GET /api/webhooks/:id/deliveries': (w) => get(`/api/webhooks/${w.webhook.id}/deliveries`),
  'POST /api/me/api-keys': () => send('POST', '/api/me/api-keys', { name: 'Made after the change', scopes: ['sessions:write'] }),
};

/** Routes that grant no tutor or admin right: public, the caller's own account, or a student's. */
const NO_TUTOR_OR_ADMIN_RIGHT = new Set([
  // LTI: the tool's keys and a platform's login and launch, which the platform's signature (not a role) allows.
  'GET /api/lti/jwks', 'GET /api/lti/login', 'POST /api/lti/login', 'POST /api/lti/launch', 'GET /api/lti/continue/:code',
  'GET /api/health', 'GET /api/config', 'POST /api/sso/start', 'GET /api/docs', 'GET /api/docs/json', 'GET /api/docs/yaml', 'GET /api/docs/static/index.html',
  'GET /api/docs/static/swagger-initializer.js', 'GET /api/docs/static/*', 'GET /robots.txt', 'GET /sitemap.xml', 'GET /api/auth/*', 'POST /api/auth/*',
  'GET /api/me', 'GET /api/me/notifications', 'PUT /api/me/notifications', 'GET /api/notifications/unsubscribe', 'POST /api/notifications/unsubscribe',
  'PUT /api/user', 'POST /api/uploads', 'GET /api/uploads/:name', 'GET /api/me/data', 'GET /api/me/data.zip', 'GET /api/me/data-exports/:file',
  'GET /api/me/deletion', 'DELETE /api/me', 'PUT /api/me/time-zone',
  // The caller's own API keys (a key with a tutor's or admin's scope is made above, in the matrix).
  'GET /api/me/api-keys', 'DELETE /api/me/api-keys/:id',
  // Public lists and pages: what they show of a demoted or blocked tutor is checked below.
  'GET /api/approved-sessions', 'GET /api/sessions', 'GET /api/tutors', 'GET /api/tutors/:id',
  // The caller's own feed link; the feed answers its token (its content is checked below).
  'GET /api/me/calendar-feed', 'POST /api/me/calendar-feed', 'GET /calendar/:file',
  // A student's own bookings, waitlist, reviews and notes; materials listed by the caller's role (checked below).
  'POST /api/book-session', 'POST /api/series/:id/book', 'GET /api/view-booked-session/:id', 'DELETE /api/booked-sessions/:email/:sessionId', 'GET /api/booked-sessions/:email/:sessionId/calendar.ics',
  'POST /api/sessions/:id/waitlist', 'DELETE /api/sessions/:id/waitlist', 'POST /api/review', 'PUT /api/review/:id', 'GET /api/sessions/:id/reviews',
  'GET /api/sessions/:id/my-review', 'POST /api/create-note', 'PUT /api/note/:email/:id', 'DELETE /api/note/:email/:id', 'GET /api/materials',
  'POST /api/payments/confirm', 'POST /api/payments/webhook', 'GET /api/password-reset/:token', 'GET /api/payments/test-checkouts/:id', 'POST /api/payments/test-checkouts/:id/pay',
]);

const routeKeys = () => [...new Set(t.routes.filter((r) => r.method !== 'HEAD').map((r) => `${r.method} ${r.url}`))];

beforeAll(async () => {
  // The public lists' cache on, so that a change must drop it to show.
  t = await createTestApp({ LIST_CACHE_MS: '60000' });
  [admin, student, booked, victim] = await Promise.all([t.actor({ role: 'admin' }), t.actor({ role: 'student' }), t.actor({ role: 'student' }), t.actor({ role: 'student' })]);
  note = await ok(await t.request(victim, { method: 'POST', url: '/api/create-note', ...json({ title: 'Private', details: 'Only mine and the admins.' }) }), 201, 'note');
  const [d, b, x, s] = await Promise.all([t.actor({ role: 'tutor', name: 'Dora Demoted' }), t.actor({ role: 'tutor', name: 'Bill Blocked' }), t.actor({ role: 'admin' }), t.actor({ role: 'tutor', name: 'Stella Steady' })]);
  steady = await tutorWorld(s, 'Steady tutoring');
  demoted = { actor: d, world: await tutorWorld(d, 'Demoted tutoring'), reference: () => student };
  blockedTutor = { actor: b, world: await tutorWorld(b, 'Blocked tutoring'), reference: () => null };
  blockedAdmin = { actor: x, world: steady, reference: () => null };

  // Right before the change, each right works and each session is listed (and both are cached).
  await ok(await t.request(d, get(`/api/sessions/${demoted.world.upcoming.id}/roster.csv`)), 200, 'roster before');
  await ok(await t.request(b, get(`/api/sessions/${blockedTutor.world.upcoming.id}/roster.csv`)), 200, 'roster before');
  await ok(await t.request(x, get('/api/users')), 200, 'users before');
  const listed = (await t.request(null, get('/api/approved-sessions?limit=50'))).json().items.map((i: { title: string }) => i.title);
  expect(listed).toEqual(expect.arrayContaining(['Demoted tutoring', 'Blocked tutoring', 'Steady tutoring']));

  await changeUser(d, { role: 'student' });
  await changeUser(b, { blocked: true });
  await changeUser(x, { blocked: true });
}, 120_000);
afterAll(async () => t?.close());

describe('tutor and admin rights follow the current role and status', () => {
  it('classifies every registered route', () => {
    const known = new Set([...Object.keys(TUTOR_AND_ADMIN_ROUTES), ...NO_TUTOR_OR_ADMIN_RIGHT]);
    expect(routeKeys().filter((key) => !known.has(key))).toEqual([]);
    expect(Object.keys(TUTOR_AND_ADMIN_ROUTES).filter((key) => !routeKeys().includes(key))).toEqual([]);
  });

  it('answers a demoted tutor as any student, a blocked tutor and a blocked admin as nobody, on every tutor and admin route', async () => {
    const subjects = { demotedTutor: demoted, blockedTutor, blockedAdmin };
    const actual: Record<string, Record<string, number>> = {};
    const expected: Record<string, Record<string, number>> = {};
    const serverErrors: string[] = [];
    for (const [key, route] of Object.entries(TUTOR_AND_ADMIN_ROUTES)) {
      actual[key] = {};
      expected[key] = {};
      for (const [name, subject] of Object.entries(subjects)) {
        const theirs = await t.request(subject.actor, await route(subject.world));
        const others = await t.request(subject.reference(), await route(subject.world));
        for (const res of [theirs, others]) if (res.statusCode >= 500) serverErrors.push(`${key} (${name}): ${res.statusCode} ${res.body}`);
        actual[key][name] = theirs.statusCode;
        expected[key][name] = others.statusCode;
        if (others.statusCode < 400) serverErrors.push(`${key} (${name}): the reference was not refused (${others.statusCode})`);
      }
    }
    expect(serverErrors).toEqual([]);
    expect(actual).toEqual(expected);
  }, 120_000);

  it('shows a demoted tutor neither their sessions\' meeting links nor rejection details, nor teaches them in their calendar feed', async () => {
    const w = demoted.world;
    const details = (await t.request(demoted.actor, get(`/api/session/${w.upcoming.id}`))).json();
    expect({ meetingUrl: details.meetingUrl, tutorEmail: details.tutorEmail }).toEqual({ meetingUrl: null, tutorEmail: null });
    expect((await t.request(demoted.actor, get(`/api/session/${w.rejected.id}`))).statusCode).toBe(404);
    const materials = (await t.request(demoted.actor, get('/api/materials'))).json();
    expect(materials.items).toEqual([]);

    const feedLink = (await t.request(demoted.actor, get('/api/me/calendar-feed'))).json() as { url: string };
    const feed = await t.request(null, get(new URL(feedLink.url).pathname));
    expect(feed.statusCode).toBe(200);
    expect(feed.body).not.toContain('Demoted tutoring');
    expect(feed.body).not.toContain(MEETING_URL);
    expect(feed.body).not.toContain('BEGIN:VEVENT');
  });

  it("keeps a student's meeting link and booking on a demoted or blocked tutor's session, and emails nobody", async () => {
    const mine = (await t.request(booked, get(`/api/booked-sessions/${enc(booked.user!.email)}?limit=50`))).json().items as Array<{ sessionId: string; status: string; meetingUrl: string | null }>;
    for (const w of [demoted.world, blockedTutor.world]) {
      expect(mine.find((b) => b.sessionId === w.upcoming.id)).toMatchObject({ status: 'booked', meetingUrl: MEETING_URL });
    }
    await t.deps.jobs.runDue();
    // Any notice about these sessions would name them.
    const notices = t.mail.messages.filter((m) => m.to.includes(booked.user!.email.toLowerCase()) && /(Demoted|Blocked) tutoring/.test(m.text));
    expect(notices.map((m) => m.subject)).toEqual([]);
  });
});

describe("a demoted or blocked tutor's sessions leave the public lists and refuse bookings", () => {
  const titles = (res: LightMyRequestResponse) => (res.json().items as Array<{ title: string }>).map((i) => i.title);

  async function publicView() {
    const home = titles(await t.request(null, get('/api/approved-sessions?limit=50')));
    const all = titles(await t.request(null, get('/api/sessions?limit=50')));
    const search = titles(await t.request(null, get('/api/sessions?q=tutoring&open=true')));
    const tutors = ((await t.request(null, get('/api/tutors?limit=50'))).json().items as Array<{ name: string }>).map((i) => i.name);
    const sitemap = (await t.request(null, get('/sitemap.xml'))).body;
    return { home, all, search, tutors, sitemap };
  }

  it('lists none of them (the lists\' cache dropped by the change), and the steady tutor\'s still', async () => {
    const view = await publicView();
    for (const list of [view.home, view.all, view.search]) {
      expect(list).toContain('Steady tutoring');
      expect(list).not.toContain('Demoted tutoring');
      expect(list).not.toContain('Blocked tutoring');
    }
    expect(view.tutors).toContain('Stella Steady');
    expect(view.tutors).not.toContain('Dora Demoted');
    expect(view.tutors).not.toContain('Bill Blocked');
    expect(view.sitemap).toContain(steady.upcoming.id);
    for (const w of [demoted.world, blockedTutor.world]) {
      expect(view.sitemap).not.toContain(w.upcoming.id);
      expect((await t.request(null, get(`/api/tutors/${w.tutor.id}`))).statusCode).toBe(404);
    }
  });

  it('refuses to book them or wait for them with a refusal that says why; their page says registration is closed', async () => {
    const newcomer = await t.actor({ role: 'student' });
    for (const w of [demoted.world, blockedTutor.world]) {
      const book = await t.request(newcomer, send('POST', '/api/book-session', { sessionId: w.upcoming.id }));
      expect({ status: book.statusCode, message: book.json().message }).toEqual({ status: 409, message: "This session's tutor is not teaching on StudyNest at the moment, so it cannot be booked." });
      const es = await t.request(newcomer, { ...send('POST', '/api/book-session', { sessionId: w.upcoming.id }), headers: { 'content-type': 'application/json', 'accept-language': 'es' } });
      expect(es.json().message).toBe('El tutor de esta sesión no está dando clases en StudyNest por ahora, así que no se puede reservar.');
      const wait = await t.request(newcomer, send('POST', `/api/sessions/${w.upcoming.id}/waitlist`));
      expect(wait.statusCode).toBe(409);
      const page = (await t.request(null, get(`/api/session/${w.upcoming.id}`))).json();
      expect({ status: page.status, isOpen: page.isOpen }).toEqual({ status: 'approved', isOpen: false });
    }
    const seats = await t.deps.db.kysely.selectFrom('booking').select('id').where('studentId', '=', newcomer.user!.id).execute();
    expect(seats).toEqual([]);
    expect((await t.request(newcomer, send('POST', '/api/book-session', { sessionId: steady.upcoming.id }))).statusCode).toBe(201);
  });

  it('lists and books them again once the admin undoes the change', async () => {
    await changeUser(demoted.actor, { role: 'tutor' });
    await changeUser(blockedTutor.actor, { blocked: false });
    const view = await publicView();
    expect(view.home).toEqual(expect.arrayContaining(['Demoted tutoring', 'Blocked tutoring']));
    expect(view.tutors).toEqual(expect.arrayContaining(['Dora Demoted', 'Bill Blocked']));
    const newcomer = await t.actor({ role: 'student' });
    expect((await t.request(newcomer, send('POST', '/api/book-session', { sessionId: demoted.world.upcoming.id }))).statusCode).toBe(201);
    // The tutor turned back is a tutor again, on their old cookie.
    expect((await t.request(demoted.actor, get(`/api/sessions/${demoted.world.upcoming.id}/roster.csv`))).statusCode).toBe(200);
  });
});
