// A student's own place on the public lists' cards, and Booked Sessions by class time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookedSessionPage } from '#contract/bookings.ts';
import type { PublicSessionPage } from '#contract/sessions.ts';
import { createBooking, createStudySession, createWaitlistEntry, type StudySessionOverrides } from '#tests/factories.ts';
import { createTestApp, type Actor, type TestApp } from '#tests/helpers/test-app.ts';
import { DAY, HOUR, enc, iso } from '#tests/helpers/request-helpers.ts';

let t: TestApp;
let tutor: Actor;

beforeAll(async () => {
  t = await createTestApp({ LIST_CACHE_MS: '60000' });
  tutor = await t.actor({ role: 'tutor' });
});
afterAll(async () => t?.close());

const session = (overrides: StudySessionOverrides = {}) => createStudySession(t.deps, tutor.user!, overrides);
const list = async (who: Actor | null, url: string) => {
  const res = await t.request(who, { method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.json() as PublicSessionPage;
};
const mineOn = (page: PublicSessionPage, id: string) => page.items.find((item) => item.id === id)?.mine;

describe('the public lists carry a signed-in student’s own place', () => {
  it('says booked, waiting (#k) and holding until …, for the student only, while visitors keep the shared cached list', async () => {
    const me = await t.actor({ role: 'student' });
    const other = await t.actor({ role: 'student' });
    const booked = await session({ title: 'Mine booked' });
    const full = await session({ title: 'Mine waiting', maxParticipants: 1 });
    const held = await session({ title: 'Mine held', registrationFeeCents: 1500 });
    const untouched = await session({ title: 'Not mine' });
    // The visitor's list is read (and cached) first: it must not gain or lose anything below.
    const before = await list(null, '/api/sessions?limit=100');

    await createBooking(t.deps, booked, me.user!);
    await createBooking(t.deps, full, other.user!);
    await createWaitlistEntry(t.deps, full, (await t.actor({ role: 'student' })).user!);
    await createWaitlistEntry(t.deps, full, me.user!);
    const due = iso(Date.now() + 20 * 60_000);
    const hold = await createBooking(t.deps, held, me.user!, { status: 'pending_payment', amountCents: 1500 });
    await t.deps.db.kysely.updateTable('booking').set({ holdExpiresAt: due }).where('id', '=', hold.id).execute();

    for (const url of ['/api/sessions?limit=100', '/api/approved-sessions?limit=100']) {
      const page = await list(me, url);
      expect(mineOn(page, booked.id)).toEqual({ status: 'booked', placeInLine: null, paymentDueBy: null });
      expect(mineOn(page, full.id)).toEqual({ status: 'waitlisted', placeInLine: 2, paymentDueBy: null });
      expect(mineOn(page, held.id)).toEqual({ status: 'awaiting_payment', placeInLine: null, paymentDueBy: due });
      expect(mineOn(page, untouched.id)).toBeNull();
    }
    // Another student sees their own places, not mine; a visitor and a tutor get the shared list, without `mine`.
    expect(mineOn(await list(other, '/api/sessions?limit=100'), full.id)).toEqual({ status: 'booked', placeInLine: null, paymentDueBy: null });
    expect(mineOn(await list(other, '/api/sessions?limit=100'), booked.id)).toBeNull();
    const visitor = await list(null, '/api/sessions?limit=100');
    expect(visitor).toEqual(before);
    expect(JSON.stringify(visitor)).not.toContain('"mine"');
    expect(JSON.stringify(await list(tutor, '/api/sessions?limit=100'))).not.toContain('"mine"');
  });

  it('leaves out a seat hold that has run out', async () => {
    const me = await t.actor({ role: 'student' });
    const held = await session({ registrationFeeCents: 1500 });
    const hold = await createBooking(t.deps, held, me.user!, { status: 'pending_payment', amountCents: 1500 });
    await t.deps.db.kysely.updateTable('booking').set({ holdExpiresAt: iso(Date.now() - 1000) }).where('id', '=', hold.id).execute();
    expect(mineOn(await list(me, '/api/sessions?limit=100'), held.id)).toBeNull();
  });
});

describe('Booked Sessions by class time', () => {
  it('pages upcoming classes soonest first and past ones latest first, whatever the booking order', async () => {
    const me = await t.actor({ role: 'student' });
    const now = Date.now();
    const at = (start: number, title: string) => session({ title, registrationStartDate: iso(start - 10 * DAY), registrationEndDate: iso(start - DAY), classStartDate: iso(start), classEndDate: iso(start + 2 * HOUR) });
    // Booked in an order unlike their classes' order.
    const far = await at(now + 30 * DAY, 'Far');
    const lastWeek = await at(now - 7 * DAY, 'Last week');
    const soon = await at(now + 2 * DAY, 'Soon');
    const longAgo = await at(now - 60 * DAY, 'Long ago');
    const middle = await at(now + 10 * DAY, 'Middle');
    const yesterday = await at(now - DAY, 'Yesterday');
    for (const s of [far, lastWeek, soon, longAgo, middle, yesterday]) await createBooking(t.deps, s, me.user!);

    const url = `/api/booked-sessions/${enc(me.user!.email)}`;
    const all = async (when: string) => {
      const titles: string[] = [];
      let cursor: string | null = null;
      do {
        const res = await t.request(me, { method: 'GET', url: `${url}?when=${when}&limit=2${cursor ? `&cursor=${enc(cursor)}` : ''}` });
        expect(res.statusCode).toBe(200);
        const page = res.json() as BookedSessionPage;
        titles.push(...page.items.map((item) => item.sessionTitle));
        cursor = page.nextCursor;
      } while (cursor);
      return titles;
    };
    expect(await all('upcoming')).toEqual(['Soon', 'Middle', 'Far']);
    expect(await all('past')).toEqual(['Yesterday', 'Last week', 'Long ago']);
    expect((await t.request(me, { method: 'GET', url: `${url}?when=someday` })).statusCode).toBe(400);
  });
});

describe("A student's booked sessions, newest first", () => {
  it('pages bookings and places in line as one list, newest first, however many pages', async () => {
    const me = await t.actor({ role: 'student' });
    const other = await t.actor({ role: 'student' });
    const titles: string[] = [];
    // Booked, waiting, booked… one after another, so that each page mixes the two.
    for (let i = 0; i < 7; i++) {
      const title = `Entry ${i}`;
      if (i % 2 === 0) await createBooking(t.deps, await session({ title }), me.user!);
      else {
        const full = await session({ title, maxParticipants: 1 });
        await createBooking(t.deps, full, other.user!);
        await createWaitlistEntry(t.deps, full, me.user!);
      }
      titles.unshift(title);
      await new Promise((resolve) => setTimeout(resolve, 3));
    }
    const url = `/api/booked-sessions/${enc(me.user!.email)}`;
    const seen: string[] = [];
    const statuses: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await t.request(me, { method: 'GET', url: `${url}?limit=2${cursor ? `&cursor=${enc(cursor)}` : ''}` });
      expect(res.statusCode).toBe(200);
      const page = res.json() as BookedSessionPage;
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((item) => item.sessionTitle));
      statuses.push(...page.items.map((item) => item.status));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(titles);
    expect(statuses).toEqual(['booked', 'waitlisted', 'booked', 'waitlisted', 'booked', 'waitlisted', 'booked']);
  });

  it('answers each session as its row shows it, and the booking’s own page the whole session', async () => {
    const me = await t.actor({ role: 'student' });
    const s = await session({ title: 'Read in full on its page', description: 'A long description that only the booking’s page shows.', registrationFeeCents: 0 });
    await createBooking(t.deps, s, me.user!);
    for (const when of ['', '?when=upcoming']) {
      const res = await t.request(me, { method: 'GET', url: `/api/booked-sessions/${enc(me.user!.email)}${when}` });
      const item = (res.json() as BookedSessionPage).items.find((i) => i.sessionId === s.id)!;
      expect(item).toMatchObject({ sessionTitle: 'Read in full on its page', status: 'booked', canCancel: true, tutorEmail: tutor.user!.email });
      expect(Object.keys(item.session).sort()).toEqual(
        ['classEndDate', 'classStartDate', 'durationMinutes', 'id', 'locationKind', 'registrationFee', 'seriesId', 'status', 'title', 'tutorId', 'tutorName', 'tutorTimeZone'].sort(),
      );
      expect(item.session).toMatchObject({ id: s.id, title: 'Read in full on its page', classStartDate: s.classStartDate, tutorName: tutor.user!.name, status: 'approved', registrationFee: 0 });
    }
    const own = await t.request(me, { method: 'GET', url: `/api/view-booked-session/${s.id}` });
    expect(own.json()).toMatchObject({ session: { description: 'A long description that only the booking’s page shows.', cancellationCutoffHours: expect.any(Number) } });
  });
});
