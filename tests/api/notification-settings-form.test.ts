// The notification settings form sent the browser's way (before the app is live, or without it):
// a POST to /dashboard/settings with intent=notifications saves the switches the form had
// (server/http/page-forms.ts). Reads the production build of the web app (`npm run build`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { builtWeb } from '#tests/helpers/built-web.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { webDir: builtWeb() });
});
afterAll(async () => t?.close());

const form = (fields: Array<[string, string]>) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

describe('notification settings form without the app', () => {
  it('saves the shown switches (an unticked one is off) and answers 303 to the settings page', async () => {
    const student = await t.actor({ role: 'student' });
    const off = await t.request(student, { method: 'POST', url: '/dashboard/settings', ...form([['shown', 'classReminders'], ['intent', 'notifications']]) });
    expect([off.statusCode, off.headers.location]).toEqual([303, '/dashboard/settings']);
    expect((await t.request(student, { method: 'GET', url: '/api/me/notifications' })).json()).toEqual({ classReminders: false, bookingNotices: true });

    const on = await t.request(student, { method: 'POST', url: '/dashboard/settings', ...form([['shown', 'classReminders'], ['classReminders', 'on'], ['intent', 'notifications']]) });
    expect(on.statusCode).toBe(303);
    expect((await t.request(student, { method: 'GET', url: '/api/me/notifications' })).json()).toEqual({ classReminders: true, bookingNotices: true });
  });

  it('keeps the page as it is (204) when the form names no switch, and asks a signed-out visitor to sign in', async () => {
    const student = await t.actor({ role: 'student' });
    const none = await t.request(student, { method: 'POST', url: '/dashboard/settings', ...form([['shown', 'nonsense'], ['intent', 'notifications']]) });
    expect(none.statusCode).toBe(204);
    const anonymous = await t.request(null, { method: 'POST', url: '/dashboard/settings', ...form([['shown', 'classReminders'], ['intent', 'notifications']]) });
    expect(anonymous.statusCode).not.toBe(303);
    expect(anonymous.statusCode).toBeLessThan(500);
  });
});
