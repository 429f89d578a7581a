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
