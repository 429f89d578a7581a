import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBooking, createStudySession } from '#tests/factories.ts';
import { createActors, runMatrix, type Actors } from '#tests/helpers/permission-matrix.ts';
import { createTestApp, type Actor, type TestApp } from '#tests/helpers/test-app.ts';
import { json, multipart } from '#tests/helpers/request-helpers.ts';

let t: TestApp;
let actors: Actors;
/** An approved session of actors.tutor on which actors.student has a confirmed booking. */
let session: { id: string; title: string };

beforeAll(async () => {
  t = await createTestApp();
  actors = await createActors(t);
  session = await createStudySession(t.deps, actors.tutor.user!, { title: 'Organic Chemistry Lab' });
  await createBooking(t.deps, session, actors.student.user!);
});
afterAll(async () => t?.close());


/** A PDF small enough to read, real enough for file-type to recognise. */
function pdfBytes(padding = 0): Buffer {
  const body = '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n';
  return Buffer.concat([Buffer.from(body), Buffer.alloc(padding, 0x20), Buffer.from('%%EOF\n')]);
}

async function pngBytes(): Promise<Buffer> {
  return sharp({ create: { width: 8, height: 8, channels: 3, background: '#22aa66' } }).png().toBuffer();
}

async function addLink(who: Actor, sessionId: string, title = 'Reading list', link = 'https://drive.google.com/file/d/abc/view') {
  const res = await t.request(who, { method: 'POST', url: '/api/materials', ...json({ sessionId, title, link }) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; fileUrl: string | null; title: string };
}

async function addPdf(who: Actor, sessionId: string, title = 'Lecture notes', name = 'notes.pdf', content = pdfBytes()) {
  const res = await t.request(who, { method: 'POST', url: '/api/materials', ...multipart({ sessionId, title }, { name, content, type: 'application/pdf' }) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; fileUrl: string; title: string; fileName: string };
}

const storedFiles = () => {
  const dir = path.join(t.deps.config.dataDir, 'materials');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

const listAs = async (who: Actor, query = '') => {
  const res = await t.request(who, { method: 'GET', url: `/api/materials${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: Array<{ id: string; title: string; sessionId: string; sessionTitle: string; tutorName: string }>; nextCursor: string | null };
};

describe('materials routes: permission matrix', () => {
  it('enforces who may call what', async () => {
    const unknown = '00000000-0000-7000-8000-000000000000';
    await runMatrix(t, actors, [
      { name: 'GET /api/materials', request: () => ({ method: 'GET', url: '/api/materials' }), expect: { anonymous: 401, student: 200, otherStudent: 200, tutor: 200, otherTutor: 200, admin: 200 } },
      {
        name: "POST /api/materials (link, tutor's approved session)",
        request: () => ({ method: 'POST', url: '/api/materials', ...json({ sessionId: session.id, title: 'Slides', link: 'https://example.com/slides' }) }),
        expect: { anonymous: 401, student: 403, otherStudent: 403, tutor: 201, otherTutor: 403, admin: 403 },
      },
      {
        name: "POST /api/materials (PDF, tutor's approved session)",
        request: () => ({ method: 'POST', url: '/api/materials', ...multipart({ sessionId: session.id, title: 'Handout' }, { name: 'handout.pdf', content: pdfBytes(), type: 'application/pdf' }) }),
        expect: { anonymous: 401, student: 403, otherStudent: 403, tutor: 201, otherTutor: 403, admin: 403 },
      },
      {
        name: "PUT /api/materials/{tutor's material}",
        request: async () => ({ method: 'PUT', url: `/api/materials/${(await addLink(actors.tutor, session.id)).id}`, ...json({ title: 'Renamed' }) }),
        expect: { anonymous: 401, student: 403, otherStudent: 403, tutor: 200, otherTutor: 403, admin: 403 },
      },
      {
        name: "DELETE /api/materials/{tutor's material}",
        request: async () => ({ method: 'DELETE', url: `/api/materials/${(await addLink(actors.tutor, session.id)).id}` }),
        expect: { anonymous: 401, student: 403, otherStudent: 403, tutor: 204, otherTutor: 403, admin: 204 },
      },
      {
        name: 'GET /api/materials/{id}/file (student booked, otherStudent not)',
        request: async () => ({ method: 'GET', url: (await addPdf(actors.tutor, session.id)).fileUrl }),
        expect: { anonymous: 401, student: 200, otherStudent: 403, tutor: 200, otherTutor: 403, admin: 200 },
      },
      { name: 'GET /api/materials/{unknown}/file', request: () => ({ method: 'GET', url: `/api/materials/${unknown}/file` }), expect: { anonymous: 401, student: 404, otherStudent: 404, tutor: 404, otherTutor: 404, admin: 404 } },
      { name: 'PUT /api/materials/{unknown}', request: () => ({ method: 'PUT', url: `/api/materials/${unknown}`, ...json({ title: 'x' }) }), expect: { anonymous: 401, student: 404, otherStudent: 404, tutor: 404, otherTutor: 404, admin: 404 } },
      { name: 'DELETE /api/materials/{unknown}', request: () => ({ method: 'DELETE', url: `/api/materials/${unknown}` }), expect: { anonymous: 401, student: 404, otherStudent: 404, tutor: 404, otherTutor: 404, admin: 404 } },
    ]);
  });
});

describe('listing', () => {
  it("shows a tutor their own, a student their booked sessions', an admin everything, with session title and tutor name", async () => {
    const other = await createStudySession(t.deps, actors.otherTutor.user!, { title: 'Calculus' });
    const own = await addLink(actors.tutor, session.id, 'Own reading');
    const foreign = await addLink(actors.otherTutor, other.id, 'Calculus reading');

    const tutorIds = (await listAs(actors.tutor, '?limit=100')).items.map((m) => m.id);
    expect(tutorIds).toContain(own.id);
    expect(tutorIds).not.toContain(foreign.id);

    const studentPage = await listAs(actors.student, '?limit=100');
    expect(studentPage.items.map((m) => m.id)).toContain(own.id);
    expect(studentPage.items.map((m) => m.id)).not.toContain(foreign.id);
    expect(studentPage.items.find((m) => m.id === own.id)).toMatchObject({ sessionTitle: 'Organic Chemistry Lab', tutorName: actors.tutor.user!.name, sessionId: session.id });

    expect((await listAs(actors.otherStudent, '?limit=100')).items).toEqual([]);

    const adminIds = (await listAs(actors.admin, '?limit=100')).items.map((m) => m.id);
    expect(adminIds).toEqual(expect.arrayContaining([own.id, foreign.id]));

    const filtered = (await listAs(actors.admin, `?limit=100&sessionId=${other.id}`)).items;
    expect(filtered.map((m) => m.id)).toEqual([foreign.id]);
  });

  it('pages with a keyset cursor, newest first, without gaps or repeats', async () => {
    const tutor = await t.actor({ role: 'tutor' });
    const s = await createStudySession(t.deps, tutor.user!);
    const made = [];
    for (let i = 0; i < 5; i++) made.push((await addLink(tutor, s.id, `Part ${i}`)).id);
    const seen: Array<{ id: string; createdAt: string }> = [];
    let cursor: string | null = null;
    do {
      const page = await listAs(tutor, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...(page.items as unknown as Array<{ id: string; createdAt: string }>));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.map((m) => m.id).sort()).toEqual([...made].sort());
    // Newest first (two made within the same millisecond may come in either order).
    const times = seen.map((m) => m.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    const bad = await t.request(tutor, { method: 'GET', url: '/api/materials?cursor=garbage' });
    expect(bad.statusCode).toBe(400);
    const tooMany = await t.request(tutor, { method: 'GET', url: '/api/materials?limit=101' });
    expect(tooMany.statusCode).toBe(400);
  });
});

describe('adding', () => {
  it('accepts only http(s) links', async () => {
    for (const link of ['javascript:alert(1)', 'data:text/html,<b>x</b>', 'ftp://example.com/x', 'not a url']) {
      const res = await t.request(actors.tutor, { method: 'POST', url: '/api/materials', ...json({ sessionId: session.id, title: 'Bad', link }) });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toHaveProperty('link');
    }
    const ok = await t.request(actors.tutor, { method: 'POST', url: '/api/materials', ...json({ sessionId: session.id, title: 'Drive', link: 'http://drive.google.com/x' }) });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ kind: 'link', link: 'http://drive.google.com/x', fileUrl: null });
  });

  it('requires a title', async () => {
    const res = await t.request(actors.tutor, { method: 'POST', url: '/api/materials', ...json({ sessionId: session.id, title: '  ', link: 'https://example.com' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Invalid title: Title is required', fields: { title: 'Title is required' } });
    const noFile = await t.request(actors.tutor, { method: 'POST', url: '/api/materials', ...multipart({ sessionId: session.id, title: 'No file' }) });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().fields).toHaveProperty('file');
  });

  it('refuses sessions that are not approved (409) or unknown (404)', async () => {
    const before = (await listAs(actors.tutor, '?limit=100')).items.length;
    for (const status of ['pending', 'rejected'] as const) {
      const s = await createStudySession(t.deps, actors.tutor.user!, { status });
      const res = await t.request(actors.tutor, { method: 'POST', url: '/api/materials', ...json({ sessionId: s.id, title: 'Early', link: 'https://example.com' }) });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('Materials can be added only to approved sessions.');
    }
    const unknown = await t.request(actors.tutor, { method: 'POST', url: '/api/materials', ...json({ sessionId: 'nope', title: 'X', link: 'https://example.com' }) });
    expect(unknown.statusCode).toBe(404);
    expect((await listAs(actors.tutor, '?limit=100')).items.length).toBe(before);
  });

  it("refuses another tutor's session with a message, and adds nothing", async () => {
    const res = await t.request(actors.otherTutor, { method: 'POST', url: '/api/materials', ...json({ sessionId: session.id, title: 'Sneaky', link: 'https://example.com' }) });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You can only add materials to your own sessions.');
    expect((await listAs(actors.admin, `?limit=100&sessionId=${session.id}`)).items.map((m) => m.title)).not.toContain('Sneaky');
  });

  it('refuses a file renamed .png that is not an image (400) and stores nothing', async () => {
    const files = storedFiles().length;
    const res = await t.request(actors.tutor, {
      method: 'POST',
      url: '/api/materials',
      ...multipart({ sessionId: session.id, title: 'Evil' }, { name: 'evil.png', content: Buffer.from('<html><script>alert(1)</script></html>'), type: 'image/png' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The file must be an image (PNG, JPEG, WebP, GIF or AVIF), a PDF or an office document (Word, PowerPoint, Excel or OpenDocument).');
    expect(storedFiles().length).toBe(files);
    expect((await listAs(actors.tutor, '?limit=100')).items.map((m) => m.title)).not.toContain('Evil');
  });

  it('refuses a file of 11 MB (413) and accepts one of 9 MB', async () => {
    const big = await t.request(actors.tutor, {
      method: 'POST',
      url: '/api/materials',
      ...multipart({ sessionId: session.id, title: 'Huge' }, { name: 'huge.pdf', content: pdfBytes(11 * 1024 * 1024), type: 'application/pdf' }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('The file is larger than 10 MB.');
    expect((await listAs(actors.tutor, '?limit=100')).items.map((m) => m.title)).not.toContain('Huge');

    const fine = await addPdf(actors.tutor, session.id, 'Big but fine', 'big.pdf', pdfBytes(9 * 1024 * 1024));
    expect(fine).toMatchObject({ kind: 'file', mimeType: 'application/pdf', fileSize: 9 * 1024 * 1024 + pdfBytes().length });
  });

  it('stores the file under a random name in the data folder, not under the given name', async () => {
    const m = await addPdf(actors.tutor, session.id, 'Named', '../../etc/passwd.pdf');
    expect(m.fileName).toBe('passwd.pdf');
    const row = await t.deps.db.kysely.selectFrom('material').selectAll().where('id', '=', m.id).executeTakeFirstOrThrow();
    expect(row.fileKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(fs.existsSync(path.join(t.deps.config.dataDir, 'materials', row.fileKey!))).toBe(true);
  });
});

describe('downloading', () => {
  it('streams the file with its type, an attachment disposition with the name encoded, nosniff and private caching', async () => {
    const content = pdfBytes(100);
    const m = await addPdf(actors.tutor, session.id, 'Unicode', 'Résumé; v2 (final).pdf', content);
    const res = await t.request(actors.student, { method: 'GET', url: m.fileUrl });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(content)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const disposition = String(res.headers['content-disposition']);
    expect(disposition).toBe(`attachment; filename="R_sum__ v2 (final).pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%3B%20v2%20%28final%29.pdf`);
  });

  it('serves images with their sniffed type', async () => {
    const png = await pngBytes();
    const res = await t.request(actors.tutor, { method: 'POST', url: '/api/materials', ...multipart({ sessionId: session.id, title: 'Diagram' }, { name: 'diagram.pdf', content: png, type: 'application/pdf' }) });
    expect(res.statusCode).toBe(201);
    expect(res.json().mimeType).toBe('image/png');
    const file = await t.request(actors.admin, { method: 'GET', url: res.json().fileUrl });
    expect(file.headers['content-type']).toBe('image/png');
  });

  it('refuses a student after they cancel (the booking row is gone) and hides the material from their list', async () => {
    const student = await t.actor({ role: 'student' });
    const booking = await createBooking(t.deps, session, student.user!);
    const m = await addPdf(actors.tutor, session.id, 'For booked only');
    expect((await t.request(student, { method: 'GET', url: m.fileUrl })).statusCode).toBe(200);
    expect((await listAs(student, '?limit=100')).items.map((x) => x.id)).toContain(m.id);

    await t.deps.db.kysely.deleteFrom('booking').where('id', '=', booking.id).execute();
    const after = await t.request(student, { method: 'GET', url: m.fileUrl });
    expect(after.statusCode).toBe(403);
    expect(after.json()).toEqual({ message: 'Only students who booked this session can open its materials.' });
    expect((await listAs(student, '?limit=100')).items.map((x) => x.id)).not.toContain(m.id);
  });

  it('refuses a student whose booking still waits for payment', async () => {
    const student = await t.actor({ role: 'student' });
    const booking = await createBooking(t.deps, session, student.user!);
    await t.deps.db.kysely.updateTable('booking').set({ status: 'pending_payment' }).where('id', '=', booking.id).execute();
    const m = await addPdf(actors.tutor, session.id, 'Paid only');
    expect((await t.request(student, { method: 'GET', url: m.fileUrl })).statusCode).toBe(403);
    expect((await listAs(student, '?limit=100')).items.map((x) => x.id)).not.toContain(m.id);
  });

  it('answers 404 for the file of a link material', async () => {
    const m = await addLink(actors.tutor, session.id);
    const res = await t.request(actors.tutor, { method: 'GET', url: `/api/materials/${m.id}/file` });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('This material is a link, not a file.');
  });
});

describe('editing and deleting', () => {
  it('changes the title, and replaces a file by a link (removing the file from disk) and back', async () => {
    const m = await addPdf(actors.tutor, session.id, 'Week 1');
    const key = async () => (await t.deps.db.kysely.selectFrom('material').select('fileKey').where('id', '=', m.id).executeTakeFirstOrThrow()).fileKey;
    const firstKey = await key();

    const renamed = await t.request(actors.tutor, { method: 'PUT', url: `/api/materials/${m.id}`, ...json({ title: 'Week 1 (updated)' }) });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ title: 'Week 1 (updated)', kind: 'file', fileName: 'notes.pdf' });

    const toLink = await t.request(actors.tutor, { method: 'PUT', url: `/api/materials/${m.id}`, ...json({ title: 'Week 1', link: 'https://example.com/week1' }) });
    expect(toLink.json()).toMatchObject({ kind: 'link', link: 'https://example.com/week1', fileUrl: null, fileName: null });
    expect(storedFiles()).not.toContain(firstKey);

    const toFile = await t.request(actors.tutor, { method: 'PUT', url: `/api/materials/${m.id}`, ...multipart({ title: 'Week 1 PDF' }, { name: 'week1.pdf', content: pdfBytes(), type: 'application/pdf' }) });
    expect(toFile.statusCode).toBe(200);
    expect(toFile.json()).toMatchObject({ kind: 'file', link: null, fileName: 'week1.pdf', title: 'Week 1 PDF' });
    expect(storedFiles()).toContain(await key());
  });

  it("refuses another tutor's or an admin's edit and leaves the material unchanged", async () => {
    const m = await addLink(actors.tutor, session.id, 'Keep me');
    for (const who of [actors.otherTutor, actors.admin, actors.student]) {
      const res = await t.request(who, { method: 'PUT', url: `/api/materials/${m.id}`, ...json({ title: 'Hijacked', link: 'https://evil.example' }) });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Only the tutor who added this material can edit it.');
    }
    const now = (await listAs(actors.tutor, '?limit=100')).items.find((x) => x.id === m.id);
    expect(now).toMatchObject({ title: 'Keep me', link: 'https://drive.google.com/file/d/abc/view' });
  });

  it('deletes the file from disk with the material; an admin removal makes it gone for the student', async () => {
    const m = await addPdf(actors.tutor, session.id, 'Soon gone');
    const { fileKey } = await t.deps.db.kysely.selectFrom('material').select('fileKey').where('id', '=', m.id).executeTakeFirstOrThrow();
    expect(storedFiles()).toContain(fileKey);

    const refused = await t.request(actors.otherTutor, { method: 'DELETE', url: `/api/materials/${m.id}` });
    expect(refused.statusCode).toBe(403);
    expect((await t.request(actors.student, { method: 'GET', url: m.fileUrl })).statusCode).toBe(200);

    const res = await t.request(actors.admin, { method: 'DELETE', url: `/api/materials/${m.id}` });
    expect(res.statusCode).toBe(204);
    expect(storedFiles()).not.toContain(fileKey);
    expect((await listAs(actors.student, '?limit=100')).items.map((x) => x.id)).not.toContain(m.id);
    expect((await t.request(actors.student, { method: 'GET', url: m.fileUrl })).statusCode).toBe(404);
  });
});

describe('file names', () => {
  const download = async (who: Actor, url: string) => {
    const res = await t.request(who, { method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  /** The name in the encoded filename* parameter, decoded. */
  const dispositionName = (header: unknown) => decodeURIComponent(/filename\*=UTF-8''([^;]+)$/.exec(String(header))![1]!);
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  const BIDI_AND_CONTROLS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/;

  it('names the file after the type sniffed from its bytes: a real PDF sent as report.pdf.html downloads as report.pdf', async () => {
    const m = await addPdf(actors.tutor, session.id, 'Report', 'report.pdf.html');
    expect(m.fileName).toBe('report.pdf');
    const res = await download(actors.student, m.fileUrl);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`);
  });

  it.each([
    ['notes.html', 'notes.pdf'],
    ['scan', 'scan.pdf'],
    ['Slides.PDF', 'Slides.PDF'],
    ['week 1.pdf.exe', 'week 1.pdf'],
    ['archive.tar.gz', 'archive.tar.pdf'],
    ['.html', 'material.pdf'],
    ['report.pdf. ', 'report.pdf'],
  ])('a PDF sent as %j is named %j', async (sent, stored) => {
    expect((await addPdf(actors.tutor, session.id, 'Named by type', sent)).fileName).toBe(stored);
  });

  it('gives an image the extension of its sniffed type', async () => {
    const res = await t.request(actors.tutor, { method: 'POST', url: '/api/materials', ...multipart({ sessionId: session.id, title: 'Photo' }, { name: 'photo.jpg.svg', content: await pngBytes(), type: 'image/svg+xml' }) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ mimeType: 'image/png', fileName: 'photo.jpg.png' });
  });

  it('strips bidi and control characters from the name it stores and sends', async () => {
    // U+202E makes "invoice\u202Efdp.exe" read "invoiceexe.pdf"; the others hide or reorder text too.
    const sent = 'in\u0001vo\u001bice\u007f\u0085\u009b\u202a\u202b\u202c\u202d\u2066\u2067\u2068\u2069\u200e\u200f\u061c\u202Efdp.exe';
    const m = await addPdf(actors.tutor, session.id, 'Invoice', sent);
    expect(m.fileName).toBe('invoicefdp.pdf');
    const res = await download(actors.student, m.fileUrl);
    expect(dispositionName(res.headers['content-disposition'])).toBe('invoicefdp.pdf');
  });

  it('cleans a name stored before these rules when showing and sending it, with a header that cannot be split', async () => {
    const m = await addPdf(actors.tutor, session.id, 'Stored long ago', 'old.pdf');
    const stored = 'Ré\u202Esumé";\r\nX-Injected: 1 \\ 100%.pdf.html';
    await t.deps.db.kysely.updateTable('material').set({ fileName: stored }).where('id', '=', m.id).execute();
    const listed = (await t.request(actors.tutor, { method: 'GET', url: `/api/materials?sessionId=${session.id}&limit=100` })).json() as { items: Array<{ id: string; fileName: string }> };
    const shown = listed.items.find((x) => x.id === m.id)!.fileName;
    expect(shown).not.toMatch(BIDI_AND_CONTROLS);
    expect(shown).toMatch(/\.pdf$/);
    const res = await download(actors.student, m.fileUrl);
    expect(res.headers['x-injected']).toBeUndefined();
    const header = String(res.headers['content-disposition']);
    expect(header).toMatch(/^attachment; filename="[\x20-\x7e]*"; filename\*=UTF-8''[A-Za-z0-9%._~!$&+=:@-]+$/);
    expect(/filename="([^"]*)"/.exec(header)![1]).not.toMatch(/["\\%;]/);
    expect(dispositionName(header)).toBe(shown);
  });
});

describe('demo materials', () => {
  it('adds a link and a PDF handout to each approved session of the demo tutors, through the same rules', async () => {
    const { seedDemoMaterials } = await import('#server/features/materials/material-demo-seed.ts');
    const tutor = await t.actor({ role: 'tutor' });
    const approved = await createStudySession(t.deps, tutor.user!, { title: 'Demo approved' });
    await createStudySession(t.deps, tutor.user!, { title: 'Demo pending', status: 'pending' });
    await seedDemoMaterials(t.deps, [tutor.user!]);

    const items = (await listAs(tutor, '?limit=100')).items as unknown as Array<{ sessionId: string; title: string; kind: string; fileUrl: string | null }>;
    expect(items.map((m) => [m.sessionId, m.title, m.kind]).sort()).toEqual([
      [approved.id, 'Handout', 'file'],
      [approved.id, 'Reading list', 'link'],
    ]);
    const handout = items.find((m) => m.kind === 'file')!;
    const file = await t.request(tutor, { method: 'GET', url: handout.fileUrl! });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
  });
});
