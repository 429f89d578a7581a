// The OpenAPI document drives a generated client. Checked with tools nobody here
// wrote: redocly's recommended rules (no error, no warning), and openapi-typescript +
// openapi-fetch running a sign-in, a booking and a note against the app listening on a port.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { AddressInfo } from 'node:net';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStudySession } from '#tests/factories.ts';
import type { paths } from '#tests/helpers/api-types.ts';
import { API_TYPES_FILE, generateApiTypes } from '#tests/helpers/openapi-client.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';

let t: TestApp;
let doc: {
  paths: Record<string, Record<string, { operationId?: string; responses: Record<string, { $ref?: string; content?: Record<string, { schema?: Record<string, unknown> }> }>; requestBody?: { content: Record<string, unknown> }; security?: unknown[] }>>;
  components: { securitySchemes: Record<string, { type: string; in: string; name: string }>; responses: Record<string, { content: Record<string, { schema: { $ref: string } }> }> };
};

beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
});
afterAll(async () => t?.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([p, item]) => Object.entries(item).map(([method, op]) => ({ key: `${method.toUpperCase()} ${p}`, method, path: p, op })));

describe('the OpenAPI document', () => {
  it('passes redocly lint (recommended rules) with no error and no warning', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-'));
    const file = path.join(dir, 'openapi.json');
    fs.writeFileSync(file, JSON.stringify(doc));
    const { stdout } = await promisify(execFile)(path.resolve('node_modules/.bin/redocly'), ['lint', file, '--format=json'], { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } })
      .catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    fs.rmSync(dir, { recursive: true, force: true });
    const report = JSON.parse(stdout.slice(stdout.indexOf('{'))) as { totals: { errors: number; warnings: number }; problems: Array<{ ruleId: string; message: string; location: Array<{ pointer: string }> }> };
    expect(report.problems.map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);

  it('documents the auth endpoints the product uses, with the session cookie as security scheme', () => {
    for (const p of ['/api/auth/sign-up/email', '/api/auth/sign-in/email', '/api/auth/sign-out', '/api/auth/update-user', '/api/auth/change-password', '/api/auth/request-password-reset', '/api/auth/reset-password', '/api/auth/send-verification-email']) {
      expect(doc.paths[p]?.post, p).toBeDefined();
    }
    for (const p of ['/api/auth/get-session', '/api/auth/verify-email']) expect(doc.paths[p]?.get, p).toBeDefined();
    expect(doc.components.securitySchemes.session).toEqual(expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' }));
    expect(doc.paths['/api/me']!.get!.security).toEqual([{ session: [] }]);
  });

  it('gives every operation a unique operationId and security', () => {
    const ids = operations().map(({ op }) => op.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations().filter(({ op }) => !op.security).map(({ key }) => key)).toEqual([]);
  });

  it('documents on every operation the statuses the guards give, as { message, fields? }', () => {
    const missing: string[] = [];
    for (const { key, method, op } of operations()) {
      // A route called cross-site by design (Stripe's webhook, one-click unsubscribe) has no cookie to check the origin of: no 403.
      const crossSite = Array.isArray(op.security) && op.security.length === 0;
      const expected = ['400', '404', '500', '503', ...(method === 'get' ? [] : ['413', '415']), ...(method === 'get' || crossSite ? [] : ['403'])];
      for (const status of expected) if (!op.responses[status]) missing.push(`${key} ${status}`);
    }
    expect(missing).toEqual([]);
    expect(doc.paths['/api/uploads']!.post!.responses['429']!.$ref).toBe('#/components/responses/TooManyRequests');
    expect(doc.components.responses.NotFound!.content['application/json']!.schema.$ref).toBe('#/components/schemas/Error');
  });

  it('documents files, calendars and 204s under their real media types, and the multipart bodies', () => {
    const ics = doc.paths['/api/booked-sessions/{email}/{sessionId}/calendar.ics']!.get!.responses['200']!;
    expect(Object.keys(ics.content ?? {})).toEqual(['text/calendar']);
    expect(Object.keys(doc.paths['/api/materials/{id}/file']!.get!.responses['200']!.content ?? {})).toEqual(['application/octet-stream']);
    expect(Object.keys(doc.paths['/api/uploads/{name}']!.get!.responses['200']!.content ?? {})).toEqual(['image/webp']);
    const noContent = operations().filter(({ op }) => op.responses['204']).map(({ key, op }) => [key, op.responses['204']!.content ?? null]);
    expect(noContent.length).toBeGreaterThan(4);
    expect(noContent.filter(([, content]) => content !== null)).toEqual([]);
    expect(Object.keys(doc.paths['/api/uploads']!.post!.requestBody!.content)).toEqual(['multipart/form-data']);
    expect(Object.keys(doc.paths['/api/materials']!.post!.requestBody!.content).sort()).toEqual(['application/json', 'multipart/form-data']);
    const session = doc.paths['/api/session/{id}']!.get!.responses['200']!.content!['application/json']!.schema as { properties: Record<string, { format?: string }> };
    expect(['registrationStartDate', 'classEndDate', 'createdAt', 'updatedAt'].map((k) => session.properties[k]?.format)).toEqual(Array(4).fill('date-time'));
  });

  it('answers a malformed URL with our error shape, not the framework\'s', async () => {
    for (const p of ['/api/session/%E0%A4%A', '/api/session/%zz', '/%E0%A4%A']) {
      const res = await t.http(null, { method: 'GET', path: p });
      expect({ p, status: res.statusCode, body: res.json() }).toEqual({ p, status: 400, body: { message: expect.stringMatching(/malformed/) } });
    }
    const long = await t.http(null, { method: 'GET', path: `/api/session/${'x'.repeat(300)}` });
    expect({ status: long.statusCode, body: long.json() }).toEqual({ status: 404, body: { message: 'Not found.' } });
    const auth = await t.request(null, { method: 'GET', url: '/api/auth/no-such-endpoint' });
    expect({ status: auth.statusCode, body: auth.json() }).toEqual({ status: 404, body: { message: 'Not found.' } });
  });

  it('is what the client types were generated from (else: npm run openapi:types)', async () => {
    expect(await generateApiTypes(doc)).toBe(fs.readFileSync(API_TYPES_FILE, 'utf8'));
  });
});

describe('a client generated from the document (openapi-fetch), against the app on a real port', () => {
  it('signs in, books a session, gets its calendar, and keeps a note', async () => {
    const student = await t.createUser({ role: 'student' });
    const tutor = await t.createUser({ role: 'tutor' });
    const session = await createStudySession(t.deps, tutor, { title: 'Generated-client algebra' });
    if (!t.app.server.listening) await t.app.listen({ host: '127.0.0.1', port: 0 });
    const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;

    // A cookie jar of one: what an integrator's client keeps between calls.
    let cookie = '';
    const api = createClient<paths>({ baseUrl: origin });
    api.use({
      onRequest({ request }) {
        if (cookie) request.headers.set('cookie', cookie);
        return request;
      },
      onResponse({ response }) {
        const set = response.headers.getSetCookie().map((c) => c.split(';')[0]!).filter((c) => !c.endsWith('='));
        if (set.length) cookie = set.join('; ');
        return response;
      },
    });

    const signIn = await api.POST('/api/auth/sign-in/email', { body: { email: student.email, password: student.password } });
    expect(signIn.response.status).toBe(200);
    expect(signIn.data?.user.email).toBe(student.email);
    expect(cookie).toMatch(/^better-auth\.session_token=/);

    const me = await api.GET('/api/me');
    expect(me.data).toMatchObject({ email: student.email, role: 'student' });

    const found = await api.GET('/api/sessions', { params: { query: { q: 'Generated-client' } } });
    expect(found.data?.items.map((s) => s.id)).toEqual([session.id]);

    const booked = await api.POST('/api/book-session', { body: { sessionId: session.id } });
    expect(booked.response.status).toBe(201);
    expect(booked.data).toMatchObject({ sessionId: session.id, status: 'booked' });

    const mine = await api.GET('/api/booked-sessions/{email}', { params: { path: { email: student.email }, query: {} } });
    expect(mine.data?.items.map((b) => b.sessionId)).toEqual([session.id]);

    const ics = await api.GET('/api/booked-sessions/{email}/{sessionId}/calendar.ics', { params: { path: { email: student.email, sessionId: session.id } }, parseAs: 'text' });
    expect(ics.response.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(ics.data).toContain('BEGIN:VCALENDAR');

    const note = await api.POST('/api/create-note', { body: { title: 'From the generated client', details: 'Typed end to end.' } });
    expect(note.response.status).toBe(201);
    const noteId = note.data!.id;
    const edited = await api.PUT('/api/note/{email}/{id}', { params: { path: { email: student.email, id: noteId } }, body: { title: 'Edited', details: 'Still typed.' } });
    expect(edited.data?.title).toBe('Edited');
    const notes = await api.GET('/api/notes/{email}', { params: { path: { email: student.email }, query: {} } });
    expect(notes.data?.items.map((n) => n.title)).toEqual(['Edited']);
    const removed = await api.DELETE('/api/note/{email}/{id}', { params: { path: { email: student.email, id: noteId } } });
    expect(removed.response.status).toBe(204);

    // A documented error answers its documented shape.
    const other = await api.GET('/api/notes/{email}', { params: { path: { email: tutor.email }, query: {} } });
    expect(other.response.status).toBe(403);
    expect(other.error).toEqual({ message: expect.any(String) });

    const signOut = await api.POST('/api/auth/sign-out');
    expect(signOut.data).toEqual({ success: true });
    const after = await api.GET('/api/me');
    expect(after.response.status).toBe(401);
  }, 60_000);
});
