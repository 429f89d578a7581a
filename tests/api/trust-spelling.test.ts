// Guards that hold whatever the request's spelling. Sent over a real socket, path as
// written (app.inject would normalise `/./` away, which is how the first round's tests missed it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActors, type Actors } from '#tests/helpers/permission-matrix.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { everySpelling, spellings } from '#tests/helpers/spellings.ts';

let t: TestApp;
let a: Actors;

beforeAll(async () => {
  // Behind a trusted proxy (loopback), so each request can come from its own client address.
  t = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
  a = await createActors(t);
}, 60_000);
afterAll(async () => t?.close());

const JSON_HEADERS = { 'content-type': 'application/json' };
let ip = 0;
/** Each sign-up from its own address, so better-auth's sign-up limit does not hide a refusal. */
const fromNewAddress = () => ({ ...JSON_HEADERS, 'x-forwarded-for': `10.77.${(ip >> 8) & 255}.${ip++ & 255}` });

async function userRow(email: string) {
  return t.deps.db.kysely.selectFrom('user').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

describe('non-canonical paths are a 404 before any handler runs', () => {
  it('answers 404 to every non-canonical spelling of an API path, whatever the method', async () => {
    const outcomes: Record<string, number> = {};
    for (const canonical of ['/api/auth/sign-up/email', '/api/auth/update-user', '/api/create-note', '/api/me', '/api/health']) {
      for (const s of spellings(canonical)) {
        if (s.kind === 'trailing slash') continue;
        for (const method of ['GET', 'POST']) {
          const res = await t.http(a.student, { method, path: s.path, headers: JSON_HEADERS, body: method === 'POST' ? '{}' : undefined });
          outcomes[`${method} ${s.path} (${s.kind})`] = res.statusCode;
        }
      }
    }
    expect(Object.keys(outcomes).length).toBeGreaterThan(80);
    expect(outcomes).toEqual(Object.fromEntries(Object.keys(outcomes).map((k) => [k, 404])));
  }, 60_000);

  it('answers a canonical path as before', async () => {
    expect((await t.http(a.student, { method: 'GET', path: '/api/me' })).statusCode).toBe(200);
    expect((await t.http(null, { method: 'GET', path: '/api/sessions?q=%61lgebra%2F2' })).statusCode).toBe(200);
  });
});

describe('nobody becomes admin by asking', () => {
  const signUpBody = (email: string, extra: Record<string, unknown>) => JSON.stringify({ name: 'Mallory', email, password: 'plum kettle orbit 42', ...extra });

  it('sign-up refuses role admin (and any role but student or tutor) in every spelling of the path', async () => {
    const seen: Record<string, string> = {};
    let i = 0;
    for (const s of everySpelling('/api/auth/sign-up/email')) {
      for (const role of ['admin', 'ADMIN', 'wizard', ['admin'], { admin: true }]) {
        const email = `mallory-${i++}@example.com`;
        const res = await t.http(null, { method: 'POST', path: s.path, headers: fromNewAddress(), body: signUpBody(email, { role }) });
        const row = await userRow(email);
        seen[`${s.path} role=${JSON.stringify(role)}`] = row ? `created as ${row.role}` : `refused ${res.statusCode}`;
      }
    }
    for (const [k, v] of Object.entries(seen)) expect(`${k}: ${v}`).toMatch(/: refused (400|404)$/);
  }, 60_000);

  it('sign-up through the library itself (not our HTTP bridge) refuses admin too', async () => {
    const email = 'mallory-direct@example.com';
    await expect(t.deps.auth.api.signUpEmail({ body: { name: 'M', email, password: 'plum kettle orbit 42', role: 'admin' } as never })).rejects.toThrow();
    expect(await userRow(email)).toBeUndefined();
  });

  it('sign-up with role tutor or student (or none) still works', async () => {
    for (const [role, expected] of [['tutor', 'tutor'], ['student', 'student'], [undefined, 'student']] as const) {
      const email = `newcomer-${role ?? 'none'}@example.com`;
      const res = await t.http(null, { method: 'POST', path: '/api/auth/sign-up/email', headers: fromNewAddress(), body: signUpBody(email, role ? { role } : {}) });
      expect(res.statusCode).toBe(200);
      expect((await userRow(email))?.role).toBe(expected);
    }
  });

  it('ADMIN_EMAIL signs up as what it asked for: admin only once the address is verified (docs/decisions/035-verified-admin-and-reserved-addresses.md)', async () => {
    const t2 = await createTestApp({ ADMIN_EMAIL: 'boss@example.com' });
    try {
      const res = await t2.http(null, { method: 'POST', path: '/api/auth/sign-up/email', headers: JSON_HEADERS, body: signUpBody('boss@example.com', { role: 'student' }) });
      expect(res.statusCode).toBe(200);
      expect((await t2.deps.db.kysely.selectFrom('user').select('role').where('email', '=', 'boss@example.com').executeTakeFirst())?.role).toBe('student');
    } finally {
      await t2.close();
    }
  });

  it('update-user changes name and photo only: every other field of the user table, in every spelling, changes nothing', async () => {
    const me = await t.actor({ role: 'student', verified: false });
    const before = await userRow(me.user!.email);
    const other = a.admin.user!;
    const fields: Record<string, unknown[]> = {
      id: [other.id],
      role: ['admin', 'tutor', 'wizard'],
      blocked: [true, 1, 'true'],
      emailVerified: [true, 1],
      email: [other.email, 'new@example.com'],
      lastSeen: ['2020-01-01T00:00:00.000Z'],
      createdAt: ['2000-01-01T00:00:00.000Z'],
      updatedAt: ['2000-01-01T00:00:00.000Z'],
      image: ['https://tracker.example/pixel.gif'],
    };
    const answers: Record<string, number> = {};
    for (const s of everySpelling('/api/auth/update-user')) {
      for (const [field, values] of Object.entries(fields)) {
        for (const value of values) {
          const res = await t.http(me, { method: 'POST', path: s.path, headers: JSON_HEADERS, body: JSON.stringify({ [field]: value }) });
          answers[`${s.kind} ${field}=${JSON.stringify(value)}`] = res.statusCode;
        }
      }
    }
    const after = await userRow(me.user!.email);
    expect(after).toEqual(before);
    for (const [k, status] of Object.entries(answers)) expect(`${k} → ${status}`).toMatch(/→ (400|404)$/);
    // And the admin list still answers (a role of "wizard" once made it a 500 for every admin).
    expect((await t.http(a.admin, { method: 'GET', path: '/api/users' })).statusCode).toBe(200);
  }, 60_000);

  it('every field of the user table at sign-up, in every spelling: role, blocked, emailVerified and id are never taken', async () => {
    let i = 0;
    const results: string[] = [];
    for (const s of everySpelling('/api/auth/sign-up/email')) {
      for (const extra of [{ blocked: true }, { emailVerified: true }, { id: 'chosen-id' }, { lastSeen: '2020-01-01T00:00:00.000Z' }, { createdAt: '2000-01-01T00:00:00.000Z' }, { role: 'admin', emailVerified: true }]) {
        const email = `fields-${i++}@example.com`;
        await t.http(null, { method: 'POST', path: s.path, headers: fromNewAddress(), body: signUpBody(email, { role: 'student', ...extra }) });
        const row = await userRow(email);
        if (row && (row.role !== 'student' || Boolean(row.blocked) || Boolean(row.emailVerified) || row.id === 'chosen-id')) results.push(`${s.path} ${JSON.stringify(extra)}: ${JSON.stringify({ role: row.role, blocked: row.blocked, emailVerified: row.emailVerified, id: row.id })}`);
      }
    }
    expect(results).toEqual([]);
  }, 60_000);
});

describe('the same-origin check follows the matched route', () => {
  it('refuses a cross-site state change in any spelling that reaches a route (none does), and in the canonical one', async () => {
    const note = JSON.stringify({ title: 'From evil', details: 'csrf' });
    const answers: Record<string, number> = {};
    for (const s of everySpelling('/api/create-note')) {
      const res = await t.http(a.student, { method: 'POST', path: s.path, headers: { ...JSON_HEADERS, origin: 'https://evil.example' }, body: note });
      answers[`${s.kind} ${s.path}`] = res.statusCode;
    }
    for (const [k, status] of Object.entries(answers)) expect(`${k} → ${status}`).toMatch(/→ (403|404)$/);
    const made = await t.deps.db.kysely.selectFrom('note').select('id').where('title', '=', 'From evil').execute();
    expect(made).toEqual([]);
  });

  it('refuses a cross-site multipart upload of a material in any spelling', async () => {
    const boundary = '----x';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="sessionId"\r\n\r\nnone\r\n--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nT\r\n--${boundary}--\r\n`;
    for (const s of everySpelling('/api/materials')) {
      const res = await t.http(a.tutor, { method: 'POST', path: s.path, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, origin: 'https://evil.example' }, body });
      expect(`${s.path} → ${res.statusCode}`).toMatch(/→ (403|404)$/);
    }
  });

  it('exempts only the payment webhook, by its route', async () => {
    // Not configured here: 404 from its handler, not 403 from the origin check.
    const res = await t.http(null, { method: 'POST', path: '/api/payments/webhook', headers: { ...JSON_HEADERS, origin: 'https://stripe.example' }, body: '{}' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).not.toMatch(/Cross-site/);
  });
});

describe('a blocked account', () => {
  it('answers a wrong password exactly like any other account, and "blocked" only after the right one', async () => {
    const blocked = await t.createUser({ blocked: true });
    const plain = await t.createUser();
    const signIn = (email: string, password: string) =>
      t.http(null, { method: 'POST', path: '/api/auth/sign-in/email', headers: fromNewAddress(), body: JSON.stringify({ email, password }) });
    const wrongBlocked = await signIn(blocked.email, 'not the password 1');
    const wrongPlain = await signIn(plain.email, 'not the password 1');
    expect({ status: wrongBlocked.statusCode, message: wrongBlocked.json().message }).toEqual({ status: wrongPlain.statusCode, message: wrongPlain.json().message });
    expect(wrongBlocked.statusCode).toBe(401);
    const right = await signIn(blocked.email, blocked.password);
    expect(right.statusCode).toBe(403);
    expect(right.json().message).toMatch(/blocked/);
    expect(right.headers['set-cookie']).toBeUndefined();
  });
});

describe('personal answers are never stored by a cache', () => {
  it('sends Cache-Control: no-store on personal JSON', async () => {
    for (const path of ['/api/me', `/api/notes/${encodeURIComponent(a.student.user!.email)}`, `/api/booked-sessions/${encodeURIComponent(a.student.user!.email)}`, '/api/auth/get-session']) {
      const res = await t.http(a.student, { method: 'GET', path });
      expect(`${path}: ${res.statusCode} ${res.headers['cache-control']}`).toMatch(/: 200 .*no-store/);
    }
    const refused = await t.http(null, { method: 'GET', path: '/api/me' });
    expect(refused.headers['cache-control']).toMatch(/no-store/);
  });
});

describe('auth rate limits say how long to wait', () => {
  it('a 429 from sign-in carries a standard Retry-After header', async () => {
    const headers = { ...JSON_HEADERS, 'x-forwarded-for': '10.78.0.1' };
    let last = await t.http(null, { method: 'POST', path: '/api/auth/sign-in/email', headers, body: JSON.stringify({ email: 'x@example.com', password: 'wrong password 1' }) });
    for (let i = 0; i < 10 && last.statusCode !== 429; i++) {
      last = await t.http(null, { method: 'POST', path: '/api/auth/sign-in/email', headers, body: JSON.stringify({ email: 'x@example.com', password: 'wrong password 1' }) });
    }
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  });
});
