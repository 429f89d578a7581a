// The calendar link form of Settings sent the browser's way (before the app is live, or without
// it): a POST to /dashboard/settings with intent=calendar-feed makes a new private feed link
// (server/http/page-forms.ts). Reads the production build of the web app (`npm run build`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarFeed } from '#contract/calendar-feed.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { builtWeb } from '#tests/helpers/built-web.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { webDir: builtWeb() });
});
afterAll(async () => t?.close());

const form = { payload: 'intent=calendar-feed', headers: { 'content-type': 'application/x-www-form-urlencoded' } };

describe('calendar link form without the app', () => {
  it('makes a new link (the old one stops working) and answers 303 to the settings section', async () => {
    const student = await t.actor({ role: 'student' });
    const first = await t.request(student, { method: 'POST', url: '/dashboard/settings', ...form });
    expect([first.statusCode, first.headers.location]).toEqual([303, '/dashboard/settings#calendar']);
    const made = (await t.request(student, { method: 'GET', url: '/api/me/calendar-feed' })).json<CalendarFeed>();
    expect(made.url).toMatch(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);

    expect((await t.request(student, { method: 'POST', url: '/dashboard/settings', ...form })).statusCode).toBe(303);
    const renewed = (await t.request(student, { method: 'GET', url: '/api/me/calendar-feed' })).json<CalendarFeed>();
    expect(renewed.url).not.toBe(made.url);
    expect((await t.app.inject({ method: 'GET', url: new URL(made.url!).pathname })).statusCode).toBe(404);
  });

  it('asks a signed-out visitor to sign in and makes nothing', async () => {
    const anonymous = await t.request(null, { method: 'POST', url: '/dashboard/settings', ...form });
    expect(anonymous.statusCode).not.toBe(303);
    expect(anonymous.statusCode).toBeLessThan(500);
  });
});
