// GET /api/bench/baseline: the bare route of `npm run bench`, present only with BENCH_ROUTES=true.
import { afterAll, describe, expect, it } from 'vitest';
import { createActors, runMatrix } from '#tests/helpers/permission-matrix.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';

const apps: TestApp[] = [];
afterAll(async () => Promise.all(apps.map((a) => a.close())));

describe('GET /api/bench/baseline', () => {
  it('answers { ok: true } to anyone when BENCH_ROUTES=true', async () => {
    const t = await createTestApp({ BENCH_ROUTES: 'true' });
    apps.push(t);
    const actors = await createActors(t);
    await runMatrix(t, actors, [
      { name: 'GET /api/bench/baseline', request: () => ({ method: 'GET', url: '/api/bench/baseline' }), expect: { anonymous: 200, student: 200, otherStudent: 200, tutor: 200, otherTutor: 200, admin: 200 } },
    ]);
    expect((await t.request(null, { method: 'GET', url: '/api/bench/baseline' })).json()).toEqual({ ok: true });
  });

  it('does not exist otherwise', async () => {
    const t = await createTestApp();
    apps.push(t);
    const res = await t.request(null, { method: 'GET', url: '/api/bench/baseline' });
    expect(res.statusCode).toBe(404);
  });
});
