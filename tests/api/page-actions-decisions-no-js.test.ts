// The decisions on a session and a material's new file without JavaScript
// (docs/decisions/041-pages-loaders-actions.md): All Sessions' Approve and Reject and the tutor's
// Call off are GET forms of their own (`?decide=…&session=…`) that draw the decision's form in
// the page, with the dialog's texts, posting to the page's action, which goes back to the list
// as it was asked for; a material's edit form is multipart, and the page's action sends its file
// on to the API. Reads the production build.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStudySession } from '#tests/factories.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { builtWeb } from '#tests/helpers/built-web.ts';
import { doneOf, form } from '#tests/helpers/form-posts.ts';
import { multipart } from '#tests/helpers/request-helpers.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { webDir: builtWeb() });
});
afterAll(async () => {
  await t?.close();
});

const text = (html: string) => html.replaceAll('<!-- -->', '');
const statusOf = async (id: string) => (await t.deps.db.kysely.selectFrom('study_session').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
const pdf = (words: string) => Buffer.from(`%PDF-1.4\n% ${words}\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`);

describe('All Sessions: Approve and Reject without JavaScript', () => {
  it('Approve is a GET form asking for its form in the page, which approves and goes back to the list as it was asked for', async () => {
    const tutor = await t.createUser({ role: 'tutor' });
    const admin = await t.actor({ role: 'admin' });
    const session = await createStudySession(t.deps, tutor, { title: 'Pending algebra', status: 'pending' });
    const list = await t.request(admin, { method: 'GET', url: '/dashboard/all-sessions?q=algebra' });
    // The button's own GET form: the list's search kept, the decision and the session asked for.
    expect(list.body).toMatch(new RegExp(`<form method="get"><input type="hidden" name="q" value="algebra"/><input type="hidden" name="decide" value="approve"/><input type="hidden" name="session" value="${session.id}"/><button type="submit"[^>]*aria-label="Approve Pending algebra"`));

    const asked = await t.request(admin, { method: 'GET', url: `/dashboard/all-sessions?q=algebra&decide=approve&session=${session.id}` });
    expect(asked.statusCode).toBe(200);
    const page = text(asked.body);
    expect(page).toContain('data-testid="session-decision"');
    expect(page).toContain('>Approve session</h2>');
    expect(page).toMatch(/<button(?=[^>]*type="submit")(?=[^>]*name="intent")(?=[^>]*value="approve")[^>]*>Approve<\/button>/);
    expect(page).toMatch(/<a[^>]*href="\/dashboard\/all-sessions\?q=algebra"[^>]*>Cancel<\/a>/);

    const res = await t.request(admin, { method: 'POST', url: `/dashboard/all-sessions?q=algebra&decide=approve&session=${session.id}`, ...form({ _nojs: '1', id: session.id, feeKind: 'free', registrationFee: '', maxParticipants: '', intent: 'approve' }) });
    expect([res.statusCode, res.headers.location]).toEqual([303, '/dashboard/all-sessions?q=algebra']);
    expect(doneOf(res)).toBe('sessions.approved');
    expect(await statusOf(session.id)).toBe('approved');
    // Decided, the address asks for it no more: a stale one draws no form.
    const stale = await t.request(admin, { method: 'GET', url: `/dashboard/all-sessions?decide=approve&session=${session.id}` });
    expect(stale.body).not.toContain('data-testid="session-decision"');
  });

  it('Reject refused (no feedback): the page again with the reason under its field, nothing changed', async () => {
    const tutor = await t.createUser({ role: 'tutor' });
    const admin = await t.actor({ role: 'admin' });
    const session = await createStudySession(t.deps, tutor, { title: 'Pending biology', status: 'pending' });
    const url = `/dashboard/all-sessions?decide=reject&session=${session.id}`;
    expect(text((await t.request(admin, { method: 'GET', url })).body)).toContain('>Reject session</h2>');
    const res = await t.request(admin, { method: 'POST', url, ...form({ _nojs: '1', id: session.id, reason: 'Overlaps', feedback: '', intent: 'reject' }) });
    expect(res.statusCode).toBe(400);
    expect(text(res.body)).toContain('>Reject session</h2>');
    expect(await statusOf(session.id)).toBe('pending');
  });
});

describe("the tutor's session page: Call off without JavaScript", () => {
  it('draws Call off’s form in the page, which calls the class off', async () => {
    const tutorUser = await t.createUser({ role: 'tutor' });
    const tutor = await t.signIn(tutorUser);
    const session = await createStudySession(t.deps, tutorUser, { title: 'Chemistry lab' });
    const path = `/dashboard/session/${encodeURIComponent(tutorUser.email)}/${session.id}`;
    const asked = text((await t.request(tutor, { method: 'GET', url: `${path}?decide=cancel&session=${session.id}` })).body);
    expect(asked).toContain('>Call this class off</h2>');
    expect(asked).toContain('Every booked and waiting student is emailed the reason');
    const res = await t.request(tutor, { method: 'POST', url: `${path}?decide=cancel&session=${session.id}`, ...form({ _nojs: '1', reason: 'The lab is closed', intent: 'cancel' }) });
    expect([res.statusCode, res.headers.location]).toEqual([303, path]);
    expect(doneOf(res)).toBe('sessions.cancelled');
    expect(await statusOf(session.id)).toBe('cancelled');
    // The page it goes back to says so in the page (the status line read without scripts), once.
    const after = await t.request({ ...tutor, cookie: `${tutor.cookie}; done=${doneOf(res)}` }, { method: 'GET', url: path });
    expect(text(after.body)).toMatch(/<noscript><p role="status"[^>]*>Session cancelled<\/p><\/noscript>/);
    expect(String(after.headers['set-cookie'])).toContain('done=; Path=/; Max-Age=0');
  });
});

describe("View All Materials: a material's new file without JavaScript", () => {
  it('the edit form is multipart; its file goes through the page’s action to the API, which replaces the material’s file', async () => {
    const tutorUser = await t.createUser({ role: 'tutor' });
    const tutor = await t.signIn(tutorUser);
    const session = await createStudySession(t.deps, tutorUser);
    const made = await t.request(tutor, { method: 'POST', url: '/api/materials', ...multipart({ sessionId: session.id, title: 'Slides' }, { name: 'slides.pdf', type: 'application/pdf', content: pdf('first') }) });
    expect(made.statusCode, made.body).toBe(201);
    const id = (made.json() as { id: string }).id;

    const open = await t.request(tutor, { method: 'GET', url: `/dashboard/view-all-materials?edit=${id}` });
    expect(open.body).toMatch(/<form(?=[^>]*method="post")(?=[^>]*enctype="multipart\/form-data")(?=[^>]*aria-label="Edit Slides")/i);

    const replacement = pdf('the second version, longer');
    const sent = multipart({ _nojs: '1', intent: 'update', id, title: 'Slides, final', source: 'file' }, { name: 'slides-final.pdf', type: 'application/pdf', content: replacement });
    const res = await t.request(tutor, { method: 'POST', url: `/dashboard/view-all-materials?edit=${id}`, ...sent });
    expect([res.statusCode, res.headers.location], res.body.slice(0, 300)).toEqual([303, '/dashboard/view-all-materials']);
    expect(doneOf(res)).toBe('materials.updated');
    const row = await t.deps.db.kysely.selectFrom('material').select(['title', 'fileName', 'fileSize', 'mimeType']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ title: 'Slides, final', fileName: 'slides-final.pdf', fileSize: replacement.length, mimeType: 'application/pdf' });
  });

  it('a file the API refuses (not what it claims to be): the page again saying why, the material unchanged', async () => {
    const tutorUser = await t.createUser({ role: 'tutor' });
    const tutor = await t.signIn(tutorUser);
    const session = await createStudySession(t.deps, tutorUser);
    const made = await t.request(tutor, { method: 'POST', url: '/api/materials', ...multipart({ sessionId: session.id, title: 'Kept' }, { name: 'kept.pdf', type: 'application/pdf', content: pdf('kept') }) });
    const id = (made.json() as { id: string }).id;
    const sent = multipart({ _nojs: '1', intent: 'update', id, title: 'Kept', source: 'file' }, { name: 'fake.pdf', type: 'application/pdf', content: Buffer.from('just text') });
    const res = await t.request(tutor, { method: 'POST', url: `/dashboard/view-all-materials?edit=${id}`, ...sent });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const row = await t.deps.db.kysely.selectFrom('material').select(['fileName']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.fileName).toBe('kept.pdf');
  });
});

// As an attacker: the decision asked by address is only a form drawn for the one who may decide;
// the decision itself is the API's, whoever posts it and however the address is spelled.
describe('the decisions asked by address, tried by someone who may not decide', () => {
  it('a tutor or a student asking All Sessions for a decision gets no form, and posting one changes nothing', async () => {
    const tutorUser = await t.createUser({ role: 'tutor' });
    const session = await createStudySession(t.deps, tutorUser, { title: 'Pending geology', status: 'pending' });
    for (const role of ['tutor', 'student'] as const) {
      const who = role === 'tutor' ? await t.signIn(tutorUser) : await t.actor({ role });
      for (const decide of ['approve', 'reject']) {
        const url = `/dashboard/all-sessions?decide=${decide}&session=${session.id}`;
        const asked = await t.request(who, { method: 'GET', url });
        // The dashboard's role guard: sent to their own dashboard, no form drawn.
        expect([asked.statusCode, asked.headers.location], `${role} GET ${decide}`).toEqual([302, '/dashboard']);
        expect(asked.body).not.toContain('data-testid="session-decision"');
        const fields: Record<string, string> = decide === 'approve' ? { feeKind: 'free', registrationFee: '', maxParticipants: '' } : { reason: 'Spam', feedback: 'Not wanted' };
        const posted = await t.request(who, { method: 'POST', url, ...form({ _nojs: '1', id: session.id, intent: decide, ...fields }) });
        expect([posted.statusCode, posted.headers.location], `${role} POST ${decide}`).toEqual([302, '/dashboard']);
        expect(doneOf(posted)).toBeUndefined();
      }
    }
    expect(await statusOf(session.id)).toBe('pending');
  });

  it("another tutor cannot call a class off through the owner's page, by any spelling of its address", async () => {
    const ownerUser = await t.createUser({ role: 'tutor' });
    const other = await t.actor({ role: 'tutor' });
    const session = await createStudySession(t.deps, ownerUser, { title: 'Owned physics' });
    const owned = `/dashboard/session/${encodeURIComponent(ownerUser.email)}/${session.id}`;
    const theirs = `/dashboard/session/${encodeURIComponent(other.user!.email)}/${session.id}`;
    for (const path of [owned, theirs, `/dashboard/session/x/../${encodeURIComponent(ownerUser.email)}/${session.id}`, owned.replace('/dashboard/', '/dashboard//')]) {
      const asked = await t.request(other, { method: 'GET', url: `${path}?decide=cancel&session=${session.id}` });
      expect(asked.body, path).not.toContain('Call this class off</h2>');
      const posted = await t.request(other, { method: 'POST', url: `${path}?decide=cancel&session=${session.id}`, ...form({ _nojs: '1', reason: 'Mine now', intent: 'cancel' }) });
      expect(doneOf(posted), path).toBeUndefined();
    }
    expect(await statusOf(session.id)).toBe('approved');
  });

  it('an admin asking for a decision that is not one, or for a session that is not there, gets the list without a form', async () => {
    const admin = await t.actor({ role: 'admin' });
    const tutorUser = await t.createUser({ role: 'tutor' });
    const session = await createStudySession(t.deps, tutorUser, { title: 'Pending botany', status: 'pending' });
    for (const query of [
      `decide=%3Cscript%3Ealert(1)%3C%2Fscript%3E&session=${session.id}`,
      `decide=delete&session=${session.id}`,
      `decide=approve&session=${'9'.repeat(100_000)}`,
      'decide=approve&session=..%2F..%2Fapi%2Fusers',
      `decide=approve&session=${session.id}&session=${session.id}x`,
    ]) {
      const res = await t.request(admin, { method: 'GET', url: `/dashboard/all-sessions?${query}` });
      expect(res.statusCode, query.slice(0, 60)).toBeLessThan(500);
      expect(res.body).not.toContain('<script>alert(1)');
      if (!query.startsWith('decide=approve&session=' + session.id)) expect(res.body, query.slice(0, 60)).not.toContain('data-testid="session-decision"');
    }
    expect(await statusOf(session.id)).toBe('pending');
  });
});
