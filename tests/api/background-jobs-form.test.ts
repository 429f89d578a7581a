// "Retry now" sent the browser's way (before the app is live, or without it): a POST to
// /dashboard/background-jobs with intent=retry runs the job again through the API, as the admin
// (server/http/page-forms.ts). Reads the production build of the web app (`npm run build`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { builtWeb } from '#tests/helpers/built-web.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { webDir: builtWeb() });
  // The job below is set up by hand: the app's worker must not run it.
  await t.deps.jobs.stop();
});
afterAll(async () => t?.close());

const form = (fields: Record<string, string>) => ({ payload: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });

async function deadJob(): Promise<string> {
  const key = `form-${Math.random()}`;
  await t.deps.jobs.enqueue(t.deps.db.kysely, { kind: 'test.form', payload: {}, key });
  const row = await t.deps.db.kysely.selectFrom('job').select('id').where('key', '=', key).executeTakeFirstOrThrow();
  await t.deps.db.kysely.updateTable('job').set({ status: 'dead', lastError: 'refused' }).where('id', '=', row.id).execute();
  return row.id;
}
const status = async (id: string) => (await t.deps.db.kysely.selectFrom('job').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

describe('Retry now without the app', () => {
  it("retries an admin's job and answers 303 to the same list", async () => {
    const admin = await t.actor({ role: 'admin' });
    const id = await deadJob();
    const res = await t.request(admin, { method: 'POST', url: '/dashboard/background-jobs?state=dead', ...form({ job: id, intent: 'retry' }) });
    expect([res.statusCode, res.headers.location]).toEqual([303, '/dashboard/background-jobs?state=dead']);
    expect(await status(id)).toBe('queued');
  });

  it('changes nothing for a student (the page stays: 204)', async () => {
    const student = await t.actor({ role: 'student' });
    const id = await deadJob();
    const res = await t.request(student, { method: 'POST', url: '/dashboard/background-jobs', ...form({ job: id, intent: 'retry' }) });
    expect(res.statusCode).toBe(204);
    expect(await status(id)).toBe('dead');
  });
});
