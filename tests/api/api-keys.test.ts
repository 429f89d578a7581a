// API keys: made by their owner with the scopes their role allows, shown once, listed by prefix,
// revoked; a request with `Authorization: Bearer <key>` is its owner's within the key's scopes and
// the owner's current role, needs no Origin, is limited per key and written in the audit log.
// Runs on SQLite and PostgreSQL.
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeyList, ApiKeyScope, CreatedApiKey } from '#contract/api-keys.ts';
import type { AuditPage } from '#contract/audit-log.ts';
import type { Session } from '#contract/sessions.ts';
import { createStudySession } from '#tests/factories.ts';
import { createActors, type Actors } from '#tests/helpers/permission-matrix.ts';
import { enc, json, schedule } from '#tests/helpers/request-helpers.ts';
import { createTestApp, type Actor, type TestApp } from '#tests/helpers/test-app.ts';

let t: TestApp;
let actors: Actors;

beforeAll(async () => {
  t = await createTestApp({ API_KEY_RATE_LIMIT: '40' });
  actors = await createActors(t);
});
afterAll(async () => t?.close());

const makeKey = (who: Actor, scopes: ApiKeyScope[], name = 'Integration') => t.request(who, { method: 'POST', url: '/api/me/api-keys', ...json({ name, scopes }) });
const keyOf = async (who: Actor, scopes: ApiKeyScope[]) => {
  const res = await makeKey(who, scopes);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CreatedApiKey>().secret;
};
/** A program's request: the key, no Origin, no cookie. */
const withKey = (key: string, opts: InjectOptions) => t.app.inject({ ...opts, headers: { ...(opts.headers as Record<string, string> | undefined), authorization: `Bearer ${key}` } });
const sessionBody = (title: string) => ({ ...schedule(), title, description: 'Made by a program.', locationKind: 'online', meetingUrl: 'https://meet.example.com/x' });

describe('API keys: who may make which', () => {
  it('gives each role only its scopes, verified accounts only', async () => {
    const scopes: ApiKeyScope[] = ['sessions:read', 'sessions:write', 'bookings:read', 'admin'];
    const actual: Record<string, Record<string, number>> = {};
    for (const name of ['anonymous', 'student', 'tutor', 'admin'] as const) {
      actual[name] = {};
      for (const scope of scopes) actual[name][scope] = (await makeKey(actors[name], [scope])).statusCode;
    }
    const unverified = await t.actor({ role: 'tutor', verified: false });
    actual.unverifiedTutor = { 'sessions:read': (await makeKey(unverified, ['sessions:read'])).statusCode };
    expect(actual).toEqual({
      anonymous: { 'sessions:read': 401, 'sessions:write': 401, 'bookings:read': 401, admin: 401 },
      student: { 'sessions:read': 201, 'sessions:write': 403, 'bookings:read': 403, admin: 403 },
      tutor: { 'sessions:read': 201, 'sessions:write': 201, 'bookings:read': 201, admin: 403 },
      admin: { 'sessions:read': 201, 'sessions:write': 201, 'bookings:read': 201, admin: 201 },
      unverifiedTutor: { 'sessions:read': 403 },
    });
  });

  it('shows the secret once: the list has its prefix, the database only its hash', async () => {
    const me = await t.actor({ role: 'tutor' });
    const created = (await makeKey(me, ['sessions:read', 'bookings:read'], 'School system')).json<CreatedApiKey>();
    expect(created.secret).toMatch(/^snk_[A-Za-z0-9_-]{43}$/);
    expect(created.prefix).toBe(created.secret.slice(0, 12));
    const list = (await t.request(me, { method: 'GET', url: '/api/me/api-keys' })).json<ApiKeyList>();
    expect(list.items).toEqual([{ id: created.id, name: 'School system', prefix: created.prefix, scopes: ['sessions:read', 'bookings:read'], createdAt: created.createdAt, lastUsedAt: null }]);
    expect(JSON.stringify(list)).not.toContain(created.secret);
    const row = await t.deps.db.kysely.selectFrom('api_key').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(Object.values(row).some((value) => String(value).includes(created.secret.slice(12)))).toBe(false);
    // Another user cannot revoke it; its owner can, once.
    expect((await t.request(actors.tutor, { method: 'DELETE', url: `/api/me/api-keys/${created.id}` })).statusCode).toBe(404);
    expect((await t.request(me, { method: 'DELETE', url: `/api/me/api-keys/${created.id}` })).statusCode).toBe(204);
    expect((await t.request(me, { method: 'DELETE', url: `/api/me/api-keys/${created.id}` })).statusCode).toBe(404);
    expect((await t.request(me, { method: 'GET', url: '/api/me/api-keys' })).json<ApiKeyList>().items).toEqual([]);
  });
});

describe('API keys: what a key may do (role × scope × owner × status)', () => {
  it('acts as its owner within its scopes, with no Origin', async () => {
    const own = await createStudySession(t.deps, actors.tutor.user!, { title: 'Own class' });
    const others = await createStudySession(t.deps, actors.otherTutor.user!, { title: "Another tutor's class" });
    const routes = {
      listSessions: () => ({ method: 'GET', url: '/api/sessions' }),
      createOwnSession: (who: Actor) => ({ method: 'POST', url: `/api/create-session/${enc(who.user!.email)}`, ...json(sessionBody('By key')) }),
      createForOtherTutor: () => ({ method: 'POST', url: `/api/create-session/${enc(actors.otherTutor.user!.email)}`, ...json(sessionBody('Not mine')) }),
      ownRoster: () => ({ method: 'GET', url: `/api/sessions/${own.id}/roster` }),
      otherRoster: () => ({ method: 'GET', url: `/api/sessions/${others.id}/roster` }),
      adminSessions: () => ({ method: 'GET', url: '/api/admin/sessions' }),
      // Routes that name no scope do not read a key: without a cookie, signed out.
      me: () => ({ method: 'GET', url: '/api/me' }),
      makeAnotherKey: () => ({ method: 'POST', url: '/api/me/api-keys', ...json({ name: 'x', scopes: ['sessions:read'] }) }),
    } satisfies Record<string, (who: Actor) => InjectOptions>;
    const keys: Array<[string, Actor, ApiKeyScope[]]> = [
      ['student read', actors.student, ['sessions:read']],
      ['tutor read', actors.tutor, ['sessions:read']],
      ['tutor write', actors.tutor, ['sessions:write']],
      ['tutor bookings', actors.tutor, ['bookings:read']],
      ['admin read', actors.admin, ['sessions:read']],
      ['admin all', actors.admin, ['sessions:read', 'sessions:write', 'bookings:read', 'admin']],
    ];
    const actual: Record<string, Record<string, number>> = {};
    for (const [name, who, scopes] of keys) {
      const key = await keyOf(who, scopes);
      actual[name] = {};
      for (const [route, request] of Object.entries(routes)) actual[name][route] = (await withKey(key, request(who))).statusCode;
    }
    expect(actual).toEqual({
      'student read': { listSessions: 200, createOwnSession: 403, createForOtherTutor: 403, ownRoster: 403, otherRoster: 403, adminSessions: 403, me: 401, makeAnotherKey: 401 },
      'tutor read': { listSessions: 200, createOwnSession: 403, createForOtherTutor: 403, ownRoster: 403, otherRoster: 403, adminSessions: 403, me: 401, makeAnotherKey: 401 },
      'tutor write': { listSessions: 403, createOwnSession: 201, createForOtherTutor: 403, ownRoster: 403, otherRoster: 403, adminSessions: 403, me: 401, makeAnotherKey: 401 },
      'tutor bookings': { listSessions: 403, createOwnSession: 403, createForOtherTutor: 403, ownRoster: 200, otherRoster: 403, adminSessions: 403, me: 401, makeAnotherKey: 401 },
      'admin read': { listSessions: 200, createOwnSession: 403, createForOtherTutor: 403, ownRoster: 403, otherRoster: 403, adminSessions: 403, me: 401, makeAnotherKey: 401 },
      // An admin's key is the admin: the routes' own rules say what an admin may (an admin writes no session of their own).
      'admin all': { listSessions: 200, createOwnSession: 403, createForOtherTutor: 403, ownRoster: 200, otherRoster: 200, adminSessions: 200, me: 401, makeAnotherKey: 401 },
    });
  });

  it('stops at once when revoked, when its owner is blocked, and loses what a demoted owner may no longer do', async () => {
    const tutor = await t.actor({ role: 'tutor' });
    const create = (key: string) => withKey(key, { method: 'POST', url: `/api/create-session/${enc(tutor.user!.email)}`, ...json(sessionBody('Status check')) });
    const list = (key: string) => withKey(key, { method: 'GET', url: '/api/sessions' });
    const revoked = await makeKey(tutor, ['sessions:read']);
    expect((await list(revoked.json<CreatedApiKey>().secret)).statusCode).toBe(200);
    expect((await t.request(tutor, { method: 'DELETE', url: `/api/me/api-keys/${revoked.json<CreatedApiKey>().id}` })).statusCode).toBe(204);
    expect((await list(revoked.json<CreatedApiKey>().secret)).statusCode).toBe(401);

    const key = await keyOf(tutor, ['sessions:read', 'sessions:write']);
    expect((await create(key)).statusCode).toBe(201);
    // Demoted by an admin: the write scope is no longer the role's; reading still is.
    expect((await t.request(actors.admin, { method: 'PATCH', url: `/api/users/${tutor.user!.id}`, ...json({ role: 'student' }) })).statusCode).toBe(200);
    expect((await create(key)).statusCode).toBe(403);
    expect((await list(key)).statusCode).toBe(200);
    // Blocked: nothing.
    expect((await t.request(actors.admin, { method: 'PATCH', url: `/api/users/${tutor.user!.id}`, ...json({ blocked: true }) })).statusCode).toBe(200);
    expect((await list(key)).statusCode).toBe(401);
    // Unknown and malformed keys: 401 like a missing session.
    expect((await list('snk_not-a-key')).statusCode).toBe(401);
  });

  it('is the only thing that passes the same-origin check: a cookie with a forged header does not', async () => {
    const evil = { origin: 'https://evil.example' };
    const body = json(sessionBody('Cross-site'));
    const url = `/api/create-session/${enc(actors.tutor.user!.email)}`;
    // The tutor's cookie from another site, with a Bearer token that is not a key, or a bad key: refused.
    const forged = await t.app.inject({ method: 'POST', url, ...body, headers: { ...body.headers, ...evil, cookie: actors.tutor.cookie!, authorization: 'Bearer not-a-key' } });
    expect(forged.statusCode).toBe(403);
    const badKey = await t.app.inject({ method: 'POST', url, ...body, headers: { ...body.headers, ...evil, cookie: actors.tutor.cookie!, authorization: 'Bearer snk_forged' } });
    expect(badKey.statusCode).toBe(401);
    // A valid key with another account's cookie: the request is the key's owner's, never the cookie's.
    const studentKey = await keyOf(actors.student, ['sessions:read']);
    const mixed = await t.app.inject({ method: 'POST', url, ...body, headers: { ...body.headers, ...evil, cookie: actors.tutor.cookie!, authorization: `Bearer ${studentKey}` } });
    expect(mixed.statusCode).toBe(403);
    expect(await t.deps.db.kysely.selectFrom('study_session').select('id').where('title', '=', 'Cross-site').execute()).toEqual([]);
  });

  it('writes who, with which key, did what in the audit log', async () => {
    const tutor = await t.actor({ role: 'tutor' });
    const created = (await makeKey(tutor, ['sessions:write'], 'Timetable sync')).json<CreatedApiKey>();
    const res = await withKey(created.secret, { method: 'POST', url: `/api/create-session/${enc(tutor.user!.email)}`, ...json(sessionBody('Audited')) });
    expect(res.statusCode).toBe(201);
    expect((await withKey(created.secret, { method: 'GET', url: '/api/admin/sessions' })).statusCode).toBe(403);
    const log = (await t.request(actors.admin, { method: 'GET', url: `/api/audit-log?action=api_key&q=${enc(tutor.user!.email)}` })).json<AuditPage>();
    const entries = log.items.map((e) => ({ action: e.action, actor: e.actor, targetId: e.targetId, details: e.details }));
    expect(entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'api_key.created', actor: tutor.user!.email, targetId: created.id }),
        expect.objectContaining({ action: 'api_key.used', actor: tutor.user!.email, targetId: created.id, details: expect.objectContaining({ key: 'Timetable sync', method: 'POST', route: '/api/create-session/:email', status: 201 }) }),
        expect.objectContaining({ action: 'api_key.used', actor: tutor.user!.email, targetId: created.id, details: expect.objectContaining({ method: 'GET', route: '/api/admin/sessions', status: 403 }) }),
      ]),
    );
    expect(res.json<Session>().title).toBe('Audited');
  });

  it('is limited per key: past API_KEY_RATE_LIMIT a minute, 429 with Retry-After, other keys unaffected', async () => {
    const busy = await keyOf(actors.student, ['sessions:read']);
    const other = await keyOf(actors.student, ['sessions:read']);
    const statuses: number[] = [];
    for (let i = 0; i < 41; i++) statuses.push((await withKey(busy, { method: 'GET', url: '/api/sessions' })).statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(40);
    const limited = await withKey(busy, { method: 'GET', url: '/api/sessions' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await withKey(other, { method: 'GET', url: '/api/sessions' })).statusCode).toBe(200);
  });

  it('is documented: a second security scheme on the operations a key may call', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ components: { securitySchemes: Record<string, unknown> }; paths: Record<string, Record<string, { security?: unknown[] }>> }>();
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/create-session/{email}']!.post!.security).toContainEqual({ bearerAuth: [] });
    expect(doc.paths['/api/me']!.get!.security).not.toContainEqual({ bearerAuth: [] });
  });
});
