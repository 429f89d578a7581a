// The public lists in class order (docs/decisions/053-reschedule-and-class-order.md): upcoming
// classes soonest first by default, past ones in their own view latest first, or newest created
// first; keyset pages correct for each order; a cursor belongs to its order. SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicSessionPage } from '#contract/sessions.ts';
import { createStudySession } from '#tests/factories.ts';
import { createAppWithActors, type Actors } from '#tests/helpers/permission-matrix.ts';
import { DAY, HOUR, iso } from '#tests/helpers/request-helpers.ts';
import type { TestApp } from '#tests/helpers/test-app.ts';

let t: TestApp;
let actors: Actors;
const tag = `Ordered${Date.now().toString(36)}`;
/** title → id; created in this order (createdAt a minute apart), classes out of it. */
const ids: Record<string, string> = {};

beforeAll(async () => {
  ({ t, actors } = await createAppWithActors());
  const now = Date.now();
  // [name, class start from now]: three upcoming (one going on now), three past.
  const classes: Array<[string, number]> = [
    ['next-month', 30 * DAY],
    ['last-week', -7 * DAY],
    ['tomorrow', DAY],
    ['yesterday', -DAY],
    ['going-on', -HOUR],
    ['next-week', 7 * DAY],
    ['last-month', -30 * DAY],
  ];
  for (const [i, [name, offset]] of classes.entries()) {
    const start = now + offset;
    const s = await createStudySession(t.deps, actors.tutor.user!, {
      title: `${tag} ${name}`,
      registrationStartDate: iso(Math.min(now, start) - 2 * DAY),
      registrationEndDate: iso(Math.min(now + DAY, start)),
      classStartDate: iso(start),
      classEndDate: iso(start + 2 * HOUR),
    });
    await t.deps.db.kysely.updateTable('study_session').set({ createdAt: iso(now - 60 * DAY + i * 60_000) }).where('id', '=', s.id).execute();
    ids[name] = s.id;
  }
});
afterAll(async () => t?.close());

const list = async (query: string) => {
  const res = await t.request(actors.anonymous, { method: 'GET', url: `/api/sessions?q=${tag}&${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PublicSessionPage>();
};
const names = (page: PublicSessionPage) => page.items.map((s) => s.title.slice(tag.length + 1));

/** Every page of `query`, `limit` at a time, following nextCursor. */
async function allPages(query: string, limit: number) {
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const page: PublicSessionPage = await list(`${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(page.items.length).toBeLessThanOrEqual(limit);
    seen.push(...names(page));
    cursor = page.nextCursor;
  } while (cursor);
  return seen;
}

describe('All Sessions in class order', () => {
  it('lists classes not ended soonest first by default, a class going on first; past ones only in their own view, latest first', async () => {
    expect(names(await list(''))).toEqual(['going-on', 'tomorrow', 'next-week', 'next-month']);
    expect(names(await list('when=upcoming&sort=class'))).toEqual(['going-on', 'tomorrow', 'next-week', 'next-month']);
    expect(names(await list('when=past'))).toEqual(['yesterday', 'last-week', 'last-month']);
  });

  it('sorts by newest created on request, upcoming and past alike', async () => {
    expect(names(await list('sort=newest'))).toEqual(['next-week', 'going-on', 'tomorrow', 'next-month']);
    expect(names(await list('when=past&sort=newest'))).toEqual(['last-month', 'yesterday', 'last-week']);
  });

  it('pages every order with its own keyset: the pages together are the whole list, once each', async () => {
    for (const [query, whole] of [
      ['', ['going-on', 'tomorrow', 'next-week', 'next-month']],
      ['when=past', ['yesterday', 'last-week', 'last-month']],
      ['sort=newest', ['next-week', 'going-on', 'tomorrow', 'next-month']],
      ['when=past&sort=newest', ['last-month', 'yesterday', 'last-week']],
    ] as const) {
      expect(await allPages(query, 1), query).toEqual(whole);
      expect(await allPages(query, 3), query).toEqual(whole);
    }
  });

  it('refuses a cursor of another order (400), and an unknown order or view', async () => {
    const first = await list('limit=1');
    expect(first.nextCursor).not.toBeNull();
    const other = await t.request(actors.anonymous, { method: 'GET', url: `/api/sessions?q=${tag}&sort=newest&limit=1&cursor=${first.nextCursor}` });
    expect(other.statusCode).toBe(400);
    expect((await t.request(actors.anonymous, { method: 'GET', url: `/api/sessions?sort=oldest` })).statusCode).toBe(400);
    expect((await t.request(actors.anonymous, { method: 'GET', url: `/api/sessions?when=tomorrow` })).statusCode).toBe(400);
  });

  it("keeps the open filter and a student's own places in each view", async () => {
    expect(names(await list('open=true'))).toEqual(['tomorrow', 'next-week', 'next-month']);
    expect(names(await list('open=true&when=past'))).toEqual([]);
    const res = await t.request(actors.student, { method: 'GET', url: `/api/sessions?q=${tag}&when=past` });
    expect(names(res.json<PublicSessionPage>())).toEqual(['yesterday', 'last-week', 'last-month']);
  });
});

describe("Home's sessions", () => {
  it('are upcoming classes, soonest first', async () => {
    const res = await t.request(actors.anonymous, { method: 'GET', url: '/api/approved-sessions?limit=100' });
    const mine = res.json<PublicSessionPage>().items.filter((s) => s.title.startsWith(tag)).map((s) => s.title.slice(tag.length + 1));
    expect(mine).toEqual(['going-on', 'tomorrow', 'next-week', 'next-month']);
  });
});
