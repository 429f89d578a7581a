// The notification settings, audited from the attacker's and the mail scanner's side
// (docs/decisions/021-notification-emails.md): a link scanner that opens (GET, HEAD) every link of
// an email turns nothing off; a user who turned every optional email off still gets the ones that
// always come (a booking confirmation, the approval of a session), and not the optional ones.
// SQLite, and PostgreSQL when TEST_DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStudySession } from '#tests/factories.ts';
import { json } from '#tests/helpers/request-helpers.ts';
import type { CapturedMail } from '#tests/helpers/smtp-capture.ts';
import { createTestApp, TEST_ORIGIN, type Actor, type TestApp } from '#tests/helpers/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const settings = async (who: Actor) => (await t.request(who, { method: 'GET', url: '/api/me/notifications' })).json();
const allOff = { classReminders: false, bookingNotices: false };
const allOn = { classReminders: true, bookingNotices: true };

function unsubscribeLink(mail: CapturedMail): string {
  const unfolded = mail.raw.split('\r\n\r\n')[0]!.replace(/\r\n[ \t]+/g, ' ');
  const url = /^List-Unsubscribe: <([^>]+)>$/im.exec(unfolded)?.[1];
  if (!url) throw new Error(`no List-Unsubscribe in ${mail.subject}`);
  return url.slice(TEST_ORIGIN.length);
}

async function settle() {
  await t.deps.jobs.runDue();
  await new Promise((resolve) => setTimeout(resolve, 300));
  await t.deps.jobs.runDue();
}

describe('notification settings, audited', () => {
  it("a link scanner's GET or HEAD of the unsubscribe link turns nothing off, signed in or not", async () => {
    const student = await t.actor({ role: 'student' });
    const tutor = await t.actor({ role: 'tutor' });
    const session = await createStudySession(t.deps, tutor.user!, { title: 'Scanned Links' });
    expect((await t.request(student, { method: 'POST', url: '/api/book-session', ...json({ sessionId: session.id }) })).statusCode).toBe(201);
    const notice = await t.mail.waitFor(tutor.user!.email, /^New booking: Scanned Links$/);
    const link = unsubscribeLink(notice);
    for (const method of ['GET', 'HEAD'] as const) {
      expect((await t.app.inject({ method, url: link })).statusCode).toBe(303);
      expect((await t.request(tutor, { method, url: link })).statusCode).toBe(303);
    }
    expect(await settings(tutor)).toEqual(allOn);
  });

  it('with every optional email off, the emails that always come still come, and the optional ones do not', async () => {
    const admin = await t.actor({ role: 'admin' });
    const tutor = await t.actor({ role: 'tutor' });
    const student = await t.actor({ role: 'student' });
    for (const who of [tutor, student]) {
      const res = await t.request(who, { method: 'PUT', url: '/api/me/notifications', ...json(allOff) });
      expect([res.statusCode, res.json()]).toEqual([200, allOff]);
    }
    const pending = await createStudySession(t.deps, tutor.user!, { title: 'Quiet Tutor', status: 'pending' });
    const approved = await t.request(admin, { method: 'POST', url: `/api/sessions/${pending.id}/approve`, ...json({ registrationFee: 0 }) });
    expect(approved.statusCode, approved.body).toBe(200);
    await t.mail.waitFor(tutor.user!.email, /^Session approved: Quiet Tutor$/);

    expect((await t.request(student, { method: 'POST', url: '/api/book-session', ...json({ sessionId: pending.id }) })).statusCode).toBe(201);
    const confirmation = await t.mail.waitFor(student.user!.email, /^Booking confirmed: Quiet Tutor$/);
    // Still says how to stop what can be stopped.
    expect(unsubscribeLink(confirmation)).toMatch(/^\/api\/notifications\/unsubscribe\?token=/);
    await settle();
    // The tutor's notice was taken from the outbox and dropped, not merely not sent yet.
    expect((await t.deps.db.kysely.selectFrom('job').select('payload').where('kind', '=', 'email').execute()).filter((job) => job.payload.includes('tutor-notice'))).toEqual([]);
    expect(t.mail.messages.filter((m) => m.to.includes(tutor.user!.email.toLowerCase()) && m.subject.startsWith('New booking'))).toEqual([]);
  });
});
