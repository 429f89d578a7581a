// GET /metrics (server/metrics/metrics.ts): off without METRICS_TOKEN; with it, only for the
// bearer of the token, in Prometheus' text format, counting what a booking journey caused.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStudySession } from '#tests/factories.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { json } from '#tests/helpers/request-helpers.ts';

const TOKEN = 'metrics-token-for-the-tests-0123456789';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The exposition format's sample lines: `name{a="x",b="y"} value`. */
function samples(text: string): Sample[] {
  const out: Sample[] = [];
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) continue;
    const labels: Record<string, string> = {};
    // Sticky: each label read where the last one ended.
    const label = /(\w+)="((?:[^"\\]|\\.)*)",?/y;
    for (let l = label.exec(m[2] ?? ''); l; l = label.exec(m[2] ?? '')) labels[l[1]!] = l[2]!;
    out.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return out;
}

const find = (all: Sample[], name: string, labels: Record<string, string> = {}) =>
  all.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(async () => t?.close());

  it('answers 404, with or without a bearer token', async () => {
    expect((await t.request(null, { method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    expect((await t.request(null, { method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(404);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp({ METRICS_TOKEN: TOKEN })));
  afterAll(async () => t?.close());

  const scrape = async () => {
    const res = await t.request(null, { method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return samples(res.body);
  };

  it('answers 404 to anyone without the token, as when metrics are off', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-wrong-token-00', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`]) {
      const res = await t.request(null, { method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode, authorization).toBe(404);
      expect(res.body).not.toContain('studynest_');
    }
  });

  it('says nothing of the route to another method: the same 404 as a path that does not exist', async () => {
    const none = await t.request(null, { method: 'OPTIONS', url: '/no-such-thing-here' });
    for (const method of ['OPTIONS', 'PUT', 'POST', 'DELETE', 'PATCH'] as const) {
      for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
        const res = await t.request(null, { method, url: '/metrics', headers });
        expect(res.statusCode, method).toBe(404);
        expect(res.headers.allow, method).toBeUndefined();
      }
    }
    expect(none.statusCode).toBe(404);
    const head = await t.request(null, { method: 'HEAD', url: '/metrics' });
    expect(head.statusCode).toBe(404);
    expect((await t.request(null, { method: 'HEAD', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(200);
  });

  it('counts the requests, latencies, jobs and email of a booking journey', async () => {
    const tutor = await t.createUser({ role: 'tutor' });
    const student = await t.actor({ role: 'student' });
    const session = await createStudySession(t.deps, tutor, { title: 'Metrics algebra' });
    const before = await scrape();

    expect((await t.request(null, { method: 'GET', url: `/api/session/${session.id}` })).statusCode).toBe(200);
    const booked = await t.request(student, { method: 'POST', url: '/api/book-session', ...json({ sessionId: session.id }) });
    expect(booked.statusCode).toBe(201);
    expect((await t.request(student, { method: 'POST', url: '/api/book-session', ...json({ sessionId: session.id }) })).statusCode).toBe(409);
    expect((await t.request(null, { method: 'GET', url: `/no/such/page/${session.id}` })).statusCode).toBe(404);
    // The booking's confirmation is a job; once the worker has sent it, it is counted.
    await t.mail.waitFor(student.user!.email, undefined, 15_000);

    let after = await scrape();
    for (let i = 0; i < 50 && (find(after, 'studynest_emails_total', { result: 'sent' })[0]?.value ?? 0) < 1; i++) {
      await new Promise((r) => setTimeout(r, 100));
      after = await scrape();
    }
    const count = (all: Sample[], labels: Record<string, string>) => find(all, 'studynest_http_requests_total', labels)[0]?.value ?? 0;

    // By route template, never the path with its ids.
    const sessionRoute = find(after, 'studynest_http_requests_total', { method: 'GET', status: '200' }).map((s) => s.labels.route);
    expect(sessionRoute).toContain('/api/session/:id');
    expect(after.some((s) => s.labels.route?.includes(session.id))).toBe(false);
    expect(count(after, { route: '/api/session/:id', method: 'GET', status: '200' }) - count(before, { route: '/api/session/:id', method: 'GET', status: '200' })).toBe(1);
    expect(count(after, { route: '/api/book-session', method: 'POST', status: '201' }) - count(before, { route: '/api/book-session', method: 'POST', status: '201' })).toBe(1);
    expect(count(after, { route: '/api/book-session', method: 'POST', status: '409' }) - count(before, { route: '/api/book-session', method: 'POST', status: '409' })).toBe(1);
    expect(count(after, { route: 'unmatched', method: 'GET', status: '404' })).toBeGreaterThanOrEqual(1);

    // The latency histogram of the booking: one observation, in every bucket from its own up to +Inf.
    const labels = { route: '/api/book-session', method: 'POST', status: '201' };
    expect(find(after, 'studynest_http_request_duration_seconds_count', labels)[0]?.value).toBe(1);
    expect(find(after, 'studynest_http_request_duration_seconds_sum', labels)[0]?.value).toBeGreaterThan(0);
    const buckets = find(after, 'studynest_http_request_duration_seconds_bucket', labels);
    expect(buckets.find((b) => b.labels.le === '+Inf')?.value).toBe(1);
    expect(buckets.map((b) => b.value)).toEqual([...buckets.map((b) => b.value)].sort((a, b) => a - b));

    // The confirmation email, sent once, nothing failed.
    expect(find(after, 'studynest_emails_total', { result: 'sent' })[0]?.value).toBeGreaterThanOrEqual(1);
    expect(find(after, 'studynest_emails_total', { result: 'failed' })[0]?.value).toBe(0);

    // Jobs: the recurring ones wait for their time; nothing due has been left waiting.
    const jobs = find(after, 'studynest_jobs');
    expect(jobs.length).toBeGreaterThan(0);
    expect(jobs.every((s) => ['queued', 'running', 'failed', 'dead'].includes(s.labels.state!) && s.labels.kind)).toBe(true);
    expect(find(after, 'studynest_jobs_oldest_due_age_seconds')[0]?.value).toBeGreaterThanOrEqual(0);

    // The process: event-loop delay, heap, resident memory; the database pool's waiting queries.
    for (const name of ['nodejs_eventloop_lag_p99_seconds', 'nodejs_heap_size_used_bytes', 'process_resident_memory_bytes']) {
      expect(find(after, name)[0]?.value, name).toBeGreaterThan(0);
    }
    expect(find(after, 'studynest_db_pool_waiting')[0]?.value).toBe(0);
  });

  it('exposes every metric that the sample alerts and the dashboard in docs/operations read', async () => {
    const names = new Set((await scrape()).map((s) => s.name.replace(/_(bucket|count|sum)$/, '')));
    for (const file of ['docs/operations/alerts.yml', 'docs/operations/grafana-dashboard.json']) {
      const used = new Set(fs.readFileSync(file, 'utf8').match(/\b(?:studynest|nodejs|process)_[a-z0-9_]+[a-z0-9]/g));
      expect(used.size, file).toBeGreaterThan(3);
      for (const name of used) expect(names.has(name.replace(/_(bucket|count|sum)$/, '')), `${file}: ${name}`).toBe(true);
    }
  });

  it('counts a job that failed and one that gave up, by kind', async () => {
    const now = new Date().toISOString();
    const row = { payload: '{}', maxAttempts: 3, createdAt: now, lockedBy: null, lockedUntil: null, key: null, recipient: null };
    await t.deps.db.kysely
      .insertInto('job')
      .values([
        { ...row, id: 'metrics-failed', kind: 'metrics.test', status: 'queued', runAt: new Date(Date.now() + 3_600_000).toISOString(), attempts: 1, lastError: 'refused' },
        { ...row, id: 'metrics-dead', kind: 'metrics.test', status: 'dead', runAt: now, attempts: 3, lastError: 'refused' },
      ])
      .execute();
    const all = await scrape();
    expect(find(all, 'studynest_jobs', { kind: 'metrics.test', state: 'failed' })[0]?.value).toBe(1);
    expect(find(all, 'studynest_jobs', { kind: 'metrics.test', state: 'dead' })[0]?.value).toBe(1);
    await t.deps.db.kysely.deleteFrom('job').where('kind', '=', 'metrics.test').execute();
  });
});
