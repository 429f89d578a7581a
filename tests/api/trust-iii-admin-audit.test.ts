// What an admin does to, or reads of, someone else's data is in the audit log, with the admin as
// actor and the person it concerns named; the list of such routes is the app's own route table:
// each route either declares what an admin's call is recorded as (`config: { adminAudit }`,
// server/audit/admin-audit.ts) and is called here as an admin on another's data, or is exempt
// below with its reason, so a new route cannot be forgotten. A write and its entry commit
// together; a read is answered only once its entry is written.
// docs/decisions/040-admin-audit.md. One app per file; runs on SQLite and on PostgreSQL.
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '#contract/audit-log.ts';
import { CATALOGUES } from '#i18n/catalogues.ts';
import { LANGUAGES } from '#i18n/languages.ts';
import { createTranslator } from '#i18n/translator.ts';
import { actionLabels } from '#web/features/audit-log/pages/audit-log-page.tsx';
import { createBooking, createStudySession } from '#tests/factories.ts';
import { createActors, type Actors } from '#tests/helpers/permission-matrix.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { DAY, enc, iso, json } from '#tests/helpers/request-helpers.ts';

let t: TestApp;
let a: Actors;

beforeAll(async () => {
  t = await createTestApp();
  a = await createActors(t);
}, 60_000);
afterAll(async () => t?.close());

const ADMIN_IP = '203.0.113.40';
const student = () => a.student.user!;
const tutor = () => a.tutor.user!;
const get = (url: string): InjectOptions => ({ method: 'GET', url });
const send = (method: 'PUT' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown): InjectOptions => ({ method, url, ...(body === undefined ? {} : json(body)) });
const asAdmin = (request: InjectOptions) => t.request(a.admin, { ...request, remoteAddress: ADMIN_IP });

/** The person (or thing, for a job) a call concerns: the entry must name them. */
type Subject = { id: string; email?: string };
interface AdminCall {
  request: InjectOptions;
  subject: Subject;
}

// ---- fresh data owned by student A and the tutor ------------------------------------------------
const fresh = {
  session: (overrides: Parameters<typeof createStudySession>[2] = {}) => createStudySession(t.deps, tutor(), overrides),
  async bookedSession() {
    const s = await fresh.session();
    await createBooking(t.deps, s, student());
    return s;
  },
  async pastBookedSession() {
    const s = await fresh.session({ registrationStartDate: iso(Date.now() - 3 * DAY), registrationEndDate: iso(Date.now() - 2 * DAY), classStartDate: iso(Date.now() - DAY) });
    await createBooking(t.deps, s, student());
    return s;
  },
  async note() {
    const res = await t.request(a.student, send('POST', '/api/create-note', { title: 'Private', details: 'Only mine.' }));
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string }>();
  },
  async material() {
    const s = await fresh.session();
    const res = await t.request(a.tutor, send('POST', '/api/materials', { sessionId: s.id, title: 'Slides', link: 'https://example.com/slides' }));
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string }>();
  },
  /** Two weekly classes of the tutor linked as a series (docs/decisions/064-series.md); `booked`: student A booked in the first. */
  async series(status: 'pending' | 'approved', booked = false) {
    const seriesId = crypto.randomUUID();
    const first = await fresh.session({ status, seriesId });
    await fresh.session({ status, seriesId, classStartDate: iso(Date.parse(first.classStartDate) + 7 * DAY) });
    if (booked) await createBooking(t.deps, first, student());
    return seriesId;
  },
  async deadJob() {
    const key = `admin-audit-${Math.random()}`;
    await t.deps.jobs.enqueue(t.deps.db.kysely, { kind: 'test.admin-audit', payload: {}, key });
    const row = await t.deps.db.kysely.selectFrom('job').select('id').where('key', '=', key).executeTakeFirstOrThrow();
    await t.deps.db.kysely.updateTable('job').set({ status: 'dead', lastError: 'refused' }).where('id', '=', row.id).execute();
    return row.id;
  },
};

// ---- every route an admin may call on another's data: how, and about whom ----------------------
const audited: Record<string, () => Promise<AdminCall>> = {
  // Accounts
  'GET /api/user/:email': async () => ({ request: get(`/api/user/${enc(student().email)}`), subject: student() }),
  'PATCH /api/users/:id': async () => {
    const someone = await t.createUser({ role: 'student' });
    return { request: send('PATCH', `/api/users/${someone.id}`, { role: 'tutor' }), subject: someone };
  },
  'GET /api/users/:id/data': async () => ({ request: get(`/api/users/${student().id}/data`), subject: student() }),
  'DELETE /api/users/:id': async () => {
    const someone = await t.createUser({ role: 'student' });
    return { request: send('DELETE', `/api/users/${someone.id}`), subject: someone };
  },
  // A student's notes and bookings
  'GET /api/notes/:email': async () => ({ request: get(`/api/notes/${enc(student().email)}`), subject: student() }),
  'GET /api/note/:email/:id': async () => ({ request: get(`/api/note/${enc(student().email)}/${(await fresh.note()).id}`), subject: student() }),
  'GET /api/booked-sessions/:email': async () => ({ request: get(`/api/booked-sessions/${enc(student().email)}`), subject: student() }),
  // A tutor's sessions
  'GET /api/view-sessions/:email': async () => ({ request: get(`/api/view-sessions/${enc(tutor().email)}`), subject: tutor() }),
  'GET /api/session/:email/:id': async () => ({ request: get(`/api/session/${enc(tutor().email)}/${(await fresh.session()).id}`), subject: tutor() }),
  'PUT /api/session/:email/:id': async () => ({
    request: send('PUT', `/api/session/${enc(tutor().email)}/${(await fresh.bookedSession()).id}`, { locationKind: 'online', meetingUrl: 'https://meet.example.net/login' }),
    subject: tutor(),
  }),
  'DELETE /api/session/:email/:id': async () => ({ request: send('DELETE', `/api/session/${enc(tutor().email)}/${(await fresh.session({ status: 'pending' })).id}`), subject: tutor() }),
  'POST /api/sessions/:id/approve': async () => ({ request: send('POST', `/api/sessions/${(await fresh.session({ status: 'pending' })).id}/approve`, { registrationFee: 0 }), subject: tutor() }),
  'POST /api/sessions/:id/reject': async () => ({ request: send('POST', `/api/sessions/${(await fresh.session({ status: 'pending' })).id}/reject`, { reason: 'Too short', feedback: 'Add an outline.' }), subject: tutor() }),
  // A weekly series: approved at once (one entry for the series), the rest called off (an entry per class).
  'POST /api/series/:id/approve': async () => ({ request: send('POST', `/api/series/${await fresh.series('pending')}/approve`, { registrationFee: 0 }), subject: tutor() }),
  'POST /api/series/:id/cancel': async () => ({ request: send('POST', `/api/series/${await fresh.series('approved', true)}/cancel`, { reason: 'The term ends early.' }), subject: tutor() }),
  'POST /api/sessions/:id/cancel': async () => ({ request: send('POST', `/api/sessions/${(await fresh.bookedSession()).id}/cancel`, { reason: 'The room is closed.' }), subject: tutor() }),
  'POST /api/sessions/:id/reschedule': async () => {
    const start = Math.floor(Date.now() / 60_000) * 60_000 + 20 * 24 * 3_600_000;
    const body = { classStartDate: new Date(start).toISOString(), classEndDate: new Date(start + 3_600_000).toISOString(), message: 'Moved to the week after.' };
    return { request: send('POST', `/api/sessions/${(await fresh.bookedSession()).id}/reschedule`, body), subject: tutor() };
  },
  // Who booked a class, and whether they came
  'GET /api/sessions/:id/roster': async () => ({ request: get(`/api/sessions/${(await fresh.bookedSession()).id}/roster`), subject: tutor() }),
  'GET /api/sessions/:id/roster.csv': async () => ({ request: get(`/api/sessions/${(await fresh.bookedSession()).id}/roster.csv`), subject: tutor() }),
  'PUT /api/sessions/:id/attendance/:studentId': async () => ({
    request: send('PUT', `/api/sessions/${(await fresh.pastBookedSession()).id}/attendance/${student().id}`, { attendance: 'absent' }),
    subject: student(),
  }),
  'POST /api/sessions/:id/attendance/all-present': async () => ({ request: send('POST', `/api/sessions/${(await fresh.pastBookedSession()).id}/attendance/all-present`), subject: tutor() }),
  // A tutor's material, a failed job
  'DELETE /api/materials/:id': async () => {
    const material = await fresh.material();
    return { request: send('DELETE', `/api/materials/${material.id}`), subject: { id: material.id } };
  },
  'POST /api/admin/jobs/:id/retry': async () => {
    const id = await fresh.deadJob();
    return { request: send('POST', `/api/admin/jobs/${id}/retry`), subject: { id } };
  },
};

/** Routes an admin never calls on one other person's data, and why. */
const exempt: Record<string, string> = {
  'GET /api/health': 'public: the service state',
  'GET /api/config': 'public: the settings the web app needs',
  'GET /api/docs': 'public documentation',
  'GET /api/docs/json': 'public documentation',
  'GET /api/docs/yaml': 'public documentation',
  'GET /api/docs/static/index.html': 'public documentation',
  'GET /api/docs/static/swagger-initializer.js': 'public documentation',
  'GET /api/docs/static/*': 'public documentation',
  'GET /robots.txt': 'public, for crawlers',
  'GET /sitemap.xml': 'public, for crawlers',
  'GET /api/auth/*': "better-auth: the caller's own session and account",
  'POST /api/auth/*': "better-auth: the caller's own sign-in, sign-up, password and profile (no admin endpoints are mounted)",
  'GET /api/me': "the caller's own account",
  'GET /api/me/notifications': "the caller's own settings",
  'PUT /api/me/notifications': "the caller's own settings",
  'PUT /api/me/time-zone': "the caller's own settings",
  'POST /api/sso/start': 'starts a sign-in with the school provider: reads and changes no one\'s data',
  'GET /api/notifications/unsubscribe': 'the signed link of one email, for its recipient',
  'POST /api/notifications/unsubscribe': 'the signed link of one email, for its recipient',
  'PUT /api/user': "the caller's own name and photo",
  'POST /api/uploads': "the caller's own photo",
  'GET /api/uploads/:name': 'public: a profile photo shown beside a name',
  'GET /api/users': 'the accounts directory (name, address, role, status) that administering accounts needs; what one account holds is read through audited routes',
  'GET /api/me/data': "the caller's own data",
  'GET /api/me/data.zip': "the caller's own data",
  'GET /api/me/data-exports/:file': "the caller's own archive",
  'DELETE /api/me': "the caller's own account",
  'GET /api/me/deletion': "what deleting the caller's own account would do",
  'GET /api/audit-log': 'the audit log itself',
  'GET /api/approved-sessions': 'public list',
  'GET /api/sessions': 'public list',
  'GET /api/tutors': 'public list',
  'GET /api/session/:id': 'public: an approved session as anyone sees it',
  'POST /api/create-session/:email': 'tutors only: a session of their own',
  'POST /api/create-series/:email': 'tutors only: a series of their own',
  'GET /api/series/:id': "a series' classes as the session's own page shows them: public once approved; pending, its tutor's and admins' as in the moderation queue",
  'POST /api/series/:id/book': 'students only, for themselves',
  'POST /api/sessions/:id/resubmit': 'the owning tutor only',
  'GET /api/tutors/:id': "public: a tutor's page",
  'GET /api/me/tutor-profile': "the tutor's own bio",
  'PUT /api/me/tutor-profile': "the tutor's own bio",
  'GET /api/me/calendar-feed': "the caller's own feed link",
  'POST /api/me/calendar-feed': "the caller's own feed link",
  'GET /api/me/api-keys': "the caller's own API keys",
  'POST /api/me/api-keys': "the caller's own API keys",
  'DELETE /api/me/api-keys/:id': "the caller's own API keys (recorded: api_key.revoked)",
  'GET /api/webhooks': "the caller's own webhook endpoints",
  'POST /api/webhooks': "the caller's own webhook endpoints (recorded: webhook.created)",
  'DELETE /api/webhooks/:id': "the caller's own webhook endpoints (recorded: webhook.deleted)",
  'GET /api/webhooks/:id/deliveries': "the caller's own webhook endpoints",
  'GET /api/admin/lti/platforms': 'the learning platforms registered: settings of the installation, no person\'s data',
  'POST /api/admin/lti/platforms': 'a setting of the installation, no person\'s data (recorded: lti_platform.created)',
  'DELETE /api/admin/lti/platforms/:id': 'a setting of the installation, no person\'s data (recorded: lti_platform.deleted)',
  'GET /api/lti/jwks': 'public: StudyNest\'s public keys',
  'GET /api/lti/continue/:code': "continues a learning platform's launch: signs in the platform's own user (recorded: auth.lti_sign_in)",
  'GET /api/lti/courses': "the courses the caller launched StudyNest from as their Instructor",
  'POST /api/lti/courses/:id/roster': "the roster of a course the caller launched from as its Instructor, read from the platform (recorded: lti_course.roster_imported)",
  'GET /api/lti/deep-links/:id': "the caller's own Deep Linking request",
  'POST /api/lti/deep-links/:id': "the caller's own Deep Linking request, answered with one of their own sessions",
  'GET /api/lti/login': "a learning platform's login: reads and changes no one's data",
  'POST /api/lti/login': "a learning platform's login: reads and changes no one's data",
  'POST /api/lti/launch': "a learning platform's launch: signs in the platform's own user (recorded: auth.lti_sign_in)",
  'GET /calendar/:file': "a feed's secret link, for its owner",
  'GET /api/admin/sessions': "the moderation queue: sessions' titles, tutors and states, which approving and rejecting need; one session's private side is read through audited routes",
  'GET /api/admin/jobs': "the background work's state and errors, no person's data",
  'GET /api/admin/single-sign-on': "the installation's single sign-on settings, no person's data",
  'PUT /api/admin/single-sign-on': "the installation's single sign-on settings, no person's data (recorded: sso.settings_changed)",
  'DELETE /api/admin/single-sign-on': "the installation's single sign-on settings, no person's data (recorded: sso.settings_removed)",
  'POST /api/book-session': 'students only, for themselves',
  'GET /api/view-booked-session/:id': "students only: the caller's own booking",
  'DELETE /api/booked-sessions/:email/:sessionId': "the student's own booking only",
  'GET /api/booked-sessions/:email/:sessionId/calendar.ics': "the student's own booking only",
  'POST /api/sessions/:id/waitlist': 'students only, for themselves',
  'DELETE /api/sessions/:id/waitlist': 'students only, for themselves',
  'POST /api/review': 'students only, their own review',
  'PUT /api/review/:id': "the review's author only",
  'GET /api/sessions/:id/reviews': 'public reviews',
  'GET /api/sessions/:id/my-review': "the caller's own review",
  'POST /api/create-note': 'students only, their own note',
  'PUT /api/note/:email/:id': "the note's owner only",
  'DELETE /api/note/:email/:id': "the note's owner only",
  'GET /api/materials': "the titles and links of the classes' materials, which tutors share with every student who books; no person's data",
  'POST /api/materials': 'tutors only, on their own sessions',
  'PUT /api/materials/:id': "the material's tutor only",
  'GET /api/materials/:id/file': "a class's material, which its tutor shares with every student who books; no person's data (removing one is audited)",
  'POST /api/payments/confirm': "students only, the caller's own payment",
  'POST /api/payments/webhook': 'called by Stripe, signed, never by a person',
  'GET /api/password-reset/:token': "a reset link's own state, for whoever holds it",
  'GET /api/payments/test-checkouts/:id': "the test payment page of the caller's own hold",
  'POST /api/payments/test-checkouts/:id/pay': "the test payment page of the caller's own hold",
};

const routeKeys = () => [...new Set(t.routes.filter((r) => r.method !== 'HEAD').map((r) => `${r.method} ${r.url}`))];
/** What the route declares an admin's call on another's data is recorded as. */
const declared = (key: string): readonly string[] => {
  const route = t.routes.find((r) => `${r.method} ${r.url}` === key);
  const actions = route?.adminAudit;
  return actions === undefined ? [] : [actions].flat();
};

type Entry = { id: string; actorId: string | null; actor: string; action: string; targetType: string; targetId: string; details: string; ip: string | null };
const entries = (): Promise<Entry[]> => t.deps.db.kysely.selectFrom('audit_log').selectAll().orderBy('at').orderBy('id').execute();
const newEntriesDuring = async (run: () => Promise<unknown>): Promise<Entry[]> => {
  const before = new Set((await entries()).map((e) => e.id));
  await run();
  return (await entries()).filter((e) => !before.has(e.id));
};
const names = (entry: Entry, subject: Subject) => entry.targetId === subject.id || Object.values(JSON.parse(entry.details) as Record<string, unknown>).some((v) => v === subject.id || (subject.email !== undefined && v === subject.email));

describe('every route an admin may call on another person’s data is audited', () => {
  it('each route of the app is either audited (declared on the route, called below) or exempt with a reason', () => {
    const keys = routeKeys();
    expect(keys.length).toBeGreaterThan(40);
    expect(keys.filter((k) => !(k in audited) && !(k in exempt)), 'routes neither audited nor exempt').toEqual([]);
    expect(keys.filter((k) => k in audited && k in exempt), 'both audited and exempt').toEqual([]);
    expect(keys.filter((k) => k in audited && declared(k).length === 0), 'audited here but no adminAudit declared on the route').toEqual([]);
    expect(keys.filter((k) => k in exempt && declared(k).length > 0), 'exempt here but the route declares an adminAudit').toEqual([]);
    // Nothing stale: every entry names a route that exists.
    expect([...Object.keys(audited), ...Object.keys(exempt)].filter((k) => !keys.includes(k))).toEqual([]);
    for (const key of keys) for (const action of declared(key)) expect(AUDIT_ACTIONS, `${key}: ${action}`).toContain(action);
  });

  it('records each call of an admin on another’s data: the declared action, the admin as actor with their address, the person named', async () => {
    const problems: string[] = [];
    for (const key of routeKeys().filter((k) => k in audited)) {
      const call = await audited[key]!();
      let status = 0;
      const added = await newEntriesDuring(async () => {
        status = (await asAdmin(call.request)).statusCode;
      });
      if (status >= 300) {
        problems.push(`${key}: answered ${status}`);
        continue;
      }
      const actions = declared(key);
      const entry = added.find((e) => actions.includes(e.action) && e.actorId === a.admin.user!.id);
      if (!entry) {
        problems.push(`${key}: no entry ${actions.join('|') || '(none declared)'} by the admin (new: ${added.map((e) => e.action).join(', ') || 'none'})`);
        continue;
      }
      if (entry.actor !== a.admin.user!.email || entry.ip !== ADMIN_IP) problems.push(`${key}: actor ${entry.actor} from ${entry.ip}`);
      if (!names(entry, call.subject)) problems.push(`${key}: the entry does not name ${call.subject.email ?? call.subject.id}: ${entry.targetType} ${entry.targetId} ${entry.details}`);
    }
    expect(problems).toEqual([]);
  }, 60_000);

  it('records nothing when the owner reads or changes their own data through the same routes', async () => {
    const note = await fresh.note();
    const session = await fresh.pastBookedSession();
    const added = await newEntriesDuring(async () => {
      for (const [who, request] of [
        [a.student, get(`/api/notes/${enc(student().email)}`)],
        [a.student, get(`/api/note/${enc(student().email)}/${note.id}`)],
        [a.student, get(`/api/booked-sessions/${enc(student().email)}`)],
        [a.student, get(`/api/user/${enc(student().email)}`)],
        [a.tutor, get(`/api/view-sessions/${enc(tutor().email)}`)],
        [a.tutor, get(`/api/session/${enc(tutor().email)}/${session.id}`)],
        [a.tutor, send('PUT', `/api/session/${enc(tutor().email)}/${session.id}`, { title: 'Renamed by its tutor' })],
        [a.tutor, get(`/api/sessions/${session.id}/roster`)],
        [a.tutor, get(`/api/sessions/${session.id}/roster.csv`)],
        [a.tutor, send('PUT', `/api/sessions/${session.id}/attendance/${student().id}`, { attendance: 'present' })],
      ] as const) {
        const res = await t.request(who, request);
        expect(res.statusCode, `${request.method} ${request.url}: ${res.body}`).toBeLessThan(300);
      }
    });
    expect(added.map((e) => `${e.action} ${e.actor}`)).toEqual([]);
  });

  it('says what an admin changed on a session: the meeting link before and after', async () => {
    const session = await fresh.bookedSession();
    await t.deps.db.kysely.updateTable('study_session').set({ locationKind: 'online', meetingUrl: 'https://meet.example.com/class' }).where('id', '=', session.id).execute();
    const added = await newEntriesDuring(() => asAdmin(send('PUT', `/api/session/${enc(tutor().email)}/${session.id}`, { meetingUrl: 'https://meet.example.net/login' })));
    expect(added.map((e) => ({ ...e, details: JSON.parse(e.details) as unknown }))).toEqual([
      expect.objectContaining({
        action: 'session.updated',
        actorId: a.admin.user!.id,
        targetType: 'session',
        targetId: session.id,
        details: expect.objectContaining({ tutorEmail: tutor().email, changes: { meetingUrl: { from: 'https://meet.example.com/class', to: 'https://meet.example.net/login' } } }),
      }),
    ]);
  });
});

describe('an entry commits with what it records', () => {
  /** Runs `run` while the audit log's table is away, so that every insert into it fails. */
  async function withoutAuditTable<T>(run: () => Promise<T>): Promise<T> {
    const away = `audit_log_away_${Date.now()}`;
    await sql`alter table ${sql.table('audit_log')} rename to ${sql.table(away)}`.execute(t.deps.db.kysely);
    try {
      return await run();
    } finally {
      await sql`alter table ${sql.table(away)} rename to ${sql.table('audit_log')}`.execute(t.deps.db.kysely);
    }
  }

  it('an admin’s change of a meeting link that cannot be recorded is not made, and nobody is emailed', async () => {
    const session = await fresh.bookedSession();
    // Job ids, not a count: the app's worker may finish (and remove) an earlier job meanwhile.
    const jobIds = async () => new Set((await t.deps.db.kysely.selectFrom('job').select('id').execute()).map((job) => job.id));
    const jobsBefore = await jobIds();
    const res = await withoutAuditTable(() => asAdmin(send('PUT', `/api/session/${enc(tutor().email)}/${session.id}`, { locationKind: 'online', meetingUrl: 'https://meet.example.net/login' })));
    expect(res.statusCode).toBe(500);
    const row = await t.deps.db.kysely.selectFrom('study_session').select(['meetingUrl', 'locationKind']).where('id', '=', session.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ meetingUrl: null, locationKind: null });
    expect([...(await jobIds())].filter((id) => !jobsBefore.has(id))).toEqual([]);
  });

  it('an admin’s attendance mark that cannot be recorded is not made', async () => {
    const session = await fresh.pastBookedSession();
    const res = await withoutAuditTable(() => asAdmin(send('PUT', `/api/sessions/${session.id}/attendance/${student().id}`, { attendance: 'absent' })));
    expect(res.statusCode).toBe(500);
    const all = await withoutAuditTable(() => asAdmin(send('POST', `/api/sessions/${session.id}/attendance/all-present`)));
    expect(all.statusCode).toBe(500);
    const booking = await t.deps.db.kysely.selectFrom('booking').select('attendance').where('sessionId', '=', session.id).where('studentId', '=', student().id).executeTakeFirstOrThrow();
    expect(booking.attendance).toBeNull();
  });

  it('a read that cannot be recorded is not answered', async () => {
    const note = await t.request(a.student, send('POST', '/api/create-note', { title: 'Diary', details: 'Nobody reads this unrecorded.' }));
    const res = await withoutAuditTable(() => asAdmin(get(`/api/note/${enc(student().email)}/${note.json<{ id: string }>().id}`)));
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('Nobody reads this');
  });

  it('a refused change writes no entry', async () => {
    const cancelled = await fresh.session();
    await t.deps.db.kysely.updateTable('study_session').set({ status: 'cancelled' }).where('id', '=', cancelled.id).execute();
    const added = await newEntriesDuring(async () => {
      expect((await asAdmin(send('PUT', `/api/session/${enc(tutor().email)}/${cancelled.id}`, { locationKind: 'online', meetingUrl: 'https://meet.example.net/login' }))).statusCode).toBe(409);
      const future = await fresh.bookedSession();
      expect((await asAdmin(send('PUT', `/api/sessions/${future.id}/attendance/${student().id}`, { attendance: 'absent' }))).statusCode).toBe(409);
    });
    expect(added).toEqual([]);
  });
});

describe('the audit log page', () => {
  it('names every kind of entry in words, in every language', () => {
    for (const { code: language } of LANGUAGES) {
      const labels = actionLabels(createTranslator(language, CATALOGUES[language]));
      expect(AUDIT_ACTIONS.filter((action) => !labels[action] || labels[action] === action), language).toEqual([]);
    }
  });
});
