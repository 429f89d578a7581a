// A job's log lines carry the id of the request that caused it (server/jobs/request-origin.ts):
// the booking's answer names its request id (X-Request-Id), and the confirmation email's job,
// run later by the worker, logs under the same reqId. Ids are unique across processes (not
// Fastify's per-process counter), and a trusted proxy's own X-Request-Id is used when well-formed.
// Runs on SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStudySession } from '#tests/factories.ts';
import { until } from '#tests/helpers/jobs.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';

interface LogLine {
  reqId?: string;
  msg?: string;
  kind?: string;
}

let t: TestApp;
const lines: LogLine[] = [];

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) } });
});
afterAll(async () => {
  await t.close();
});

describe('the request id', () => {
  it("is carried into the log lines of the jobs the request enqueued", async () => {
    const tutor = await t.createUser({ role: 'tutor' });
    const session = await createStudySession(t.deps, tutor);
    const student = await t.actor();
    const booked = await t.request(student, { method: 'POST', url: '/api/book-session', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ sessionId: session.id }) });
    expect(booked.statusCode).toBe(201);
    const requestId = String(booked.headers['x-request-id']);
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);

    const row = await t.deps.db.kysely.selectFrom('job').select(['requestId', 'payload']).where('payload', 'like', '%bookings.confirmation%').executeTakeFirst();
    // The worker may already have sent it; when not, its row names the request.
    if (row) expect(row.requestId).toBe(requestId);

    await until(async () => lines.some((line) => line.msg === 'job done' && line.kind === 'email' && line.reqId === requestId), 20_000);
    // The request's own completion line has the same id.
    expect(lines.some((line) => line.msg === 'request completed' && line.reqId === requestId)).toBe(true);
  });

  it('is new for every request, and not taken from a client when no proxy is trusted', async () => {
    const first = await t.request(null, { method: 'GET', url: '/api/health', headers: { 'x-request-id': 'forged-id' } });
    const second = await t.request(null, { method: 'GET', url: '/api/health' });
    expect(first.headers['x-request-id']).not.toBe('forged-id');
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });
});

describe('behind a trusted proxy', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(async () => {
    await proxied.close();
  });

  it("uses the proxy's well-formed X-Request-Id, and a new one for a malformed or over-long one", async () => {
    const given = await proxied.request(null, { method: 'GET', url: '/api/health', headers: { 'x-request-id': 'lb-7f3a:42' } });
    expect(given.headers['x-request-id']).toBe('lb-7f3a:42');
    for (const bad of ['two words', 'a'.repeat(129), 'x\u00e9']) {
      const answer = await proxied.request(null, { method: 'GET', url: '/api/health', headers: { 'x-request-id': bad } });
      expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});
