// Validators and Vary (decision 055): robots.txt, the sitemap and the calendar feed carry an ETag
// (the sitemap and the feed also Last-Modified) that changes when their data does, and answer 304
// to a copy that is still current; the feed's Last-Modified is when its data changed, not when it
// was first built; an API answer too small to compress still says Vary: Accept-Encoding, and the
// request headers it depends on. Runs on SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarFeed } from '#contract/calendar-feed.ts';
import { createBooking, createStudySession } from '#tests/factories.ts';
import { DAY, iso } from '#tests/helpers/request-helpers.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '#tests/helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const varyOf = (res: { headers: Record<string, unknown> }) => String(res.headers.vary ?? '').split(',').map((v) => v.trim().toLowerCase()).filter(Boolean);
/** An HTTP date's instant, to the second. */
const second = (at: string) => new Date(Math.floor(Date.parse(at) / 1000) * 1000).toUTCString();

describe('robots.txt and the sitemap', () => {
  it('robots.txt has an ETag and answers 304 to it', async () => {
    const first = await get('/robots.txt');
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(varyOf(first)).toContain('accept-encoding');
    const again = await get('/robots.txt', { 'if-none-match': String(first.headers.etag) });
    expect([again.statusCode, again.body]).toEqual([304, '']);
    expect((await get('/robots.txt', { 'if-none-match': '"other"' })).statusCode).toBe(200);
  });

  it('the sitemap links tutor pages, and its ETag and Last-Modified follow its sessions', async () => {
    const tutor = await t.createUser({ role: 'tutor' });
    const session = await createStudySession(t.deps, tutor, { title: 'Mapped' });
    const earlier = iso(Date.now() - 2 * DAY);
    await t.deps.db.kysely.updateTable('study_session').set({ updatedAt: earlier }).where('id', '=', session.id).execute();
    const first = await get('/sitemap.xml');
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain(`<loc>${TEST_ORIGIN}/tutors/${tutor.id}</loc>`);
    expect(first.body).not.toContain('/all-sessions?q=');
    expect(first.headers['last-modified']).toBe(second(earlier));
    const etag = String(first.headers.etag);
    expect((await get('/sitemap.xml', { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await get('/sitemap.xml', { 'if-modified-since': String(first.headers['last-modified']) })).statusCode).toBe(304);

    // A new approved session: a new ETag, a later Last-Modified, and the old copy is stale.
    const added = await createStudySession(t.deps, tutor, { title: 'Mapped too' });
    const changed = await get('/sitemap.xml', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toContain(`/session/${added.id}`);
    expect(changed.headers.etag).not.toBe(etag);
    expect(Date.parse(String(changed.headers['last-modified']))).toBeGreaterThan(Date.parse(String(first.headers['last-modified'])));
  });
});

describe('the calendar feed', () => {
  it("dates Last-Modified when the data changed, not when the feed was first built, and moves it with the data", async () => {
    const tutor = await t.createUser({ role: 'tutor' });
    const student = await t.actor({ role: 'student' });
    const session = await createStudySession(t.deps, tutor, { title: 'Dated' });
    await createBooking(t.deps, session, student.user!);
    const dataTime = iso(Date.now() - 3 * DAY);
    await t.deps.db.kysely.updateTable('study_session').set({ updatedAt: dataTime }).where('id', '=', session.id).execute();
    await t.deps.db.kysely.updateTable('user').set({ updatedAt: iso(Date.now() - 5 * DAY) }).where('id', '=', student.user!.id).execute();
    const link = (await t.request(student, { method: 'POST', url: '/api/me/calendar-feed' })).json<CalendarFeed>();
    const path = new URL(link.url!).pathname;

    const first = await get(path);
    expect(first.statusCode).toBe(200);
    expect(first.headers['last-modified']).toBe(second(dataTime));
    expect((await get(path, { 'if-none-match': String(first.headers.etag) })).statusCode).toBe(304);

    const later = iso(Date.now() - DAY);
    await t.deps.db.kysely.updateTable('study_session').set({ updatedAt: later, title: 'Dated and renamed' }).where('id', '=', session.id).execute();
    const changed = await get(path, { 'if-none-match': String(first.headers.etag) });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(first.headers.etag);
    expect(changed.headers['last-modified']).toBe(second(later));
    expect(changed.body).toContain('Dated and renamed');
  });
});

describe('Vary', () => {
  it('an API answer too small to compress says Vary: Accept-Encoding, and the headers it depends on', async () => {
    const res = await get('/api/me');
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(varyOf(res)).toEqual(expect.arrayContaining(['accept-encoding', 'accept-language', 'cookie']));
    const config = await get('/api/config', { 'accept-encoding': 'br' });
    expect(varyOf(config)).toEqual(expect.arrayContaining(['accept-encoding', 'accept-language', 'cookie']));
  });
});
