// Upload Materials, Background Jobs, a student's booked session and the test payment page on
// their route's loader and action (docs/decisions/041-pages-loaders-actions.md): a POST to the
// page's own address, urlencoded, as a browser sends it before the app is live or without it,
// runs the action the app runs. Done: 303 to the next page, which says so once (the `done`
// cookie); refused: the page again with its 4xx, saying why, with what was typed. Loaders draw
// each page with its data and answer a real 404. Reads the production build.
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookSessionResult } from '#contract/bookings.ts';
import { zipStream } from '#server/features/my-data/zip-archive.ts';
import { createBooking, createStudySession } from '#tests/factories.ts';
import { createTestApp, type Actor, type TestApp } from '#tests/helpers/test-app.ts';
import { builtWeb } from '#tests/helpers/built-web.ts';
import { form, doneOf } from '#tests/helpers/form-posts.ts';
import { json, multipart } from '#tests/helpers/request-helpers.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ TEST_PAYMENTS: 'true' }, { webDir: builtWeb() });
  // The jobs below are set up by hand: the app's worker must not run them.
  await t.deps.jobs.stop();
});
afterAll(async () => {
  await t?.close();
});

const withDone = (who: Actor, done: string): Actor => ({ ...who, cookie: `${who.cookie}; done=${done}` });
/** The page's markup without React's text separators. */
const text = (html: string) => html.replaceAll('<!-- -->', '');
/** What a part of the page says: its text, without its tags and their attributes. */
const shown = (html: string) => html.split('<').map((part, i) => (i === 0 ? part : part.slice(part.indexOf('>') + 1))).join(' ');

describe('Upload Materials', () => {
  const materialsOf = (sessionId: string) => t.deps.db.kysely.selectFrom('material').select(['title', 'link', 'mimeType']).where('sessionId', '=', sessionId).execute();

  it('is drawn with the tutor’s approved sessions to choose from (its loader read them)', async () => {
    const tutorUser = await t.createUser({ role: 'tutor' });
    const tutor = await t.signIn(tutorUser);
    await createStudySession(t.deps, tutorUser, { title: 'Approved for materials' });
    await createStudySession(t.deps, tutorUser, { title: 'Pending, no materials', status: 'pending' });
    const page = await t.request(tutor, { method: 'GET', url: '/dashboard/upload-materials' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/<option value="[^"]+">Approved for materials<\/option>/);
    expect(page.body).not.toContain('Pending, no materials</option>');
    expect(page.body).toContain('Upload Material</button>');
  });

  it('adds a link, then the form again, empty, says "Material uploaded successfully"', async () => {
    const tutorUser = await t.createUser({ role: 'tutor' });
    const tutor = await t.signIn(tutorUser);
    const session = await createStudySession(t.deps, tutorUser);
    const res = await t.request(tutor, { method: 'POST', url: '/dashboard/upload-materials', ...form({ _nojs: '1', sessionId: session.id, title: 'Reading', source: 'link', link: 'https://example.com/reading' }) });
    expect([res.statusCode, res.headers.location]).toEqual([303, '/dashboard/upload-materials']);
    expect(doneOf(res)).toBe('materials.uploaded');
    expect(await materialsOf(session.id)).toEqual([{ title: 'Reading', link: 'https://example.com/reading', mimeType: null }]);
    const next = await t.request(withDone(tutor, 'materials.uploaded'), { method: 'GET', url: '/dashboard/upload-materials' });
    expect(next.body).toContain('Material uploaded successfully');
    expect(next.body).not.toContain('value="Reading"');
  });

  it('a file sent without JavaScript (its name only) is the page again saying a file needs it, what was typed kept; nothing stored', async () => {
    const tutorUser = await t.createUser({ role: 'tutor' });
    const tutor = await t.signIn(tutorUser);
    const session = await createStudySession(t.deps, tutorUser);
    const res = await t.request(tutor, { method: 'POST', url: '/dashboard/upload-materials', ...form({ _nojs: '1', sessionId: session.id, title: 'Slides', source: 'file', file: 'slides.pdf' }) });
    expect(res.statusCode).toBe(422);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('Uploading a file needs JavaScript: turn it on, or add the material as a link.');
    expect(res.body).toContain('value="Slides"');
    expect(res.body).toMatch(new RegExp(`<option value="${session.id}" selected="">`));
    expect(await materialsOf(session.id)).toEqual([]);
  });

  it('refused by the API (a link that is not http(s)): the page again with its 400, the reason under the field, the title kept', async () => {
    const tutorUser = await t.createUser({ role: 'tutor' });
    const tutor = await t.signIn(tutorUser);
    const session = await createStudySession(t.deps, tutorUser);
    const res = await t.request(tutor, { method: 'POST', url: '/dashboard/upload-materials', ...form({ _nojs: '1', sessionId: session.id, title: 'Old share', source: 'link', link: 'ftp://example.com/file' }) });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('value="Old share"');
    expect(res.body).toContain('value="ftp://example.com/file"');
    expect(res.body).toMatch(/text-error[^>]*>[^<]*http/);
    expect(await materialsOf(session.id)).toEqual([]);
  });

  it('never adds to another tutor’s session, nor for a student or a signed-out visitor', async () => {
    const ownerUser = await t.createUser({ role: 'tutor' });
    const session = await createStudySession(t.deps, ownerUser);
    const fields = form({ sessionId: session.id, title: 'Not mine', source: 'link', link: 'https://example.com/not-mine' });
    const otherTutor = await t.request(await t.actor({ role: 'tutor' }), { method: 'POST', url: '/dashboard/upload-materials', ...fields });
    expect(otherTutor.statusCode).toBe(403);
    // Refused by the API, then sent away by the page's guard.
    const student = await t.request(await t.actor({ role: 'student' }), { method: 'POST', url: '/dashboard/upload-materials', ...fields });
    expect([student.statusCode, student.headers.location]).toEqual([302, '/dashboard']);
    const anonymous = await t.request(null, { method: 'POST', url: '/dashboard/upload-materials', ...fields });
    expect([anonymous.statusCode, anonymous.headers.location]).toEqual([302, '/login?from=%2Fdashboard%2Fupload-materials']);
    expect(await materialsOf(session.id)).toEqual([]);
  });
});

describe('office documents as materials', () => {
  const OPEN_XML = {
    docx: ['word', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    pptx: ['ppt', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
    xlsx: ['xl', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  } as const;
  /** A minimal Office Open XML package, real enough for the server's sniffing to name it. */
  const openXml = (dir: string, mime: string) =>
    buffer(
      zipStream(
        [
          { name: '[Content_Types].xml', compress: true, open: async () => Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/${dir}/main.xml" ContentType="${mime}.main+xml"/></Types>`) },
          { name: `${dir}/main.xml`, compress: true, open: async () => Buffer.from('<main/>') },
        ],
        new Date(),
      ),
    );

  it('takes a .docx, a .pptx and a .xlsx, stored under their sniffed type and extension', async () => {
    const tutorUser = await t.createUser({ role: 'tutor' });
    const tutor = await t.signIn(tutorUser);
    const session = await createStudySession(t.deps, tutorUser);
    for (const [ext, [dir, mime]] of Object.entries(OPEN_XML)) {
      const res = await t.request(tutor, { method: 'POST', url: '/api/materials', ...multipart({ sessionId: session.id, title: `Handout ${ext}` }, { name: `handout.${ext}`, content: await openXml(dir, mime), type: 'application/octet-stream' }) });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ kind: 'file', mimeType: mime, fileName: `handout.${ext}` });
    }
  });

  /** A minimal OpenDocument package: its `mimetype` entry first, stored, as the format requires. */
  const openDocument = (mime: string) =>
    buffer(
      zipStream(
        [
          { name: 'mimetype', compress: false, open: async () => Buffer.from(mime) },
          { name: 'content.xml', compress: true, open: async () => Buffer.from('<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"/>') },
          { name: 'META-INF/manifest.xml', compress: true, open: async () => Buffer.from(`<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"><manifest:file-entry manifest:full-path="/" manifest:media-type="${mime}"/></manifest:manifest>`) },
        ],
        new Date(),
      ),
    );

  it('takes an .odt and an .odp (OpenDocument), stored under their sniffed type and extension, and says so on the page', async () => {
    const tutorUser = await t.createUser({ role: 'tutor' });
    const tutor = await t.signIn(tutorUser);
    const session = await createStudySession(t.deps, tutorUser);
    for (const [ext, mime] of [
      ['odt', 'application/vnd.oasis.opendocument.text'],
      ['odp', 'application/vnd.oasis.opendocument.presentation'],
    ] as const) {
      const res = await t.request(tutor, { method: 'POST', url: '/api/materials', ...multipart({ sessionId: session.id, title: `Notes ${ext}` }, { name: `notes.${ext}`, content: await openDocument(mime), type: 'application/octet-stream' }) });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ kind: 'file', mimeType: mime, fileName: `notes.${ext}` });
    }
  });

  it('refuses a file named .docx that is no zip at all, and a zip whose mimetype names no document', async () => {
    const tutorUser = await t.createUser({ role: 'tutor' });
    const tutor = await t.signIn(tutorUser);
    const session = await createStudySession(t.deps, tutorUser);
    const notZip = await t.request(tutor, { method: 'POST', url: '/api/materials', ...multipart({ sessionId: session.id, title: 'Plain text' }, { name: 'notes.docx', content: Buffer.from('Just words, named like a document.'), type: OPEN_XML.docx[1] }) });
    expect(notZip.statusCode).toBe(400);
    const epub = await t.request(tutor, { method: 'POST', url: '/api/materials', ...multipart({ sessionId: session.id, title: 'A book' }, { name: 'notes.odt', content: await openDocument('application/epub+zip'), type: 'application/vnd.oasis.opendocument.text' }) });
    expect(epub.statusCode).toBe(400);
  });

  it('still refuses a zip that is no office document, whatever its name says', async () => {
    const tutorUser = await t.createUser({ role: 'tutor' });
    const tutor = await t.signIn(tutorUser);
    const session = await createStudySession(t.deps, tutorUser);
    const zip = await buffer(zipStream([{ name: 'readme.txt', compress: true, open: async () => Buffer.from('not a document') }], new Date()));
    const res = await t.request(tutor, { method: 'POST', url: '/api/materials', ...multipart({ sessionId: session.id, title: 'Renamed zip' }, { name: 'notes.docx', content: zip, type: OPEN_XML.docx[1] }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The file must be an image (PNG, JPEG, WebP, GIF or AVIF), a PDF or an office document (Word, PowerPoint, Excel or OpenDocument).');
  });
});

describe('Background Jobs', () => {
  /** A job that gave up, as the worker leaves it; `summary` is an email's subject. */
  async function deadJob(summary?: string): Promise<string> {
    const key = `form-${Math.random()}`;
    await t.deps.jobs.enqueue(t.deps.db.kysely, { kind: 'test.form', payload: summary ? { mail: { subject: summary } } : {}, key });
    const row = await t.deps.db.kysely.selectFrom('job').select('id').where('key', '=', key).executeTakeFirstOrThrow();
    await t.deps.db.kysely.updateTable('job').set({ status: 'dead', lastError: 'refused' }).where('id', '=', row.id).execute();
    return row.id;
  }
  const status = async (id: string) => (await t.deps.db.kysely.selectFrom('job').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

  it("retries an admin's job and answers 303 to the same list (its ?state kept), which says so once", async () => {
    const admin = await t.actor({ role: 'admin' });
    const id = await deadJob();
    const res = await t.request(admin, { method: 'POST', url: '/dashboard/background-jobs?state=dead', ...form({ job: id, intent: 'retry' }) });
    expect([res.statusCode, res.headers.location]).toEqual([303, '/dashboard/background-jobs?state=dead']);
    expect(doneOf(res)).toBe('jobs.retried');
    expect(await status(id)).toBe('queued');
    const next = await t.request(withDone(admin, 'jobs.retried'), { method: 'GET', url: '/dashboard/background-jobs?state=dead' });
    expect(next.body).toContain('Job queued to run now');
  });

  it('refused (the job is running now): the page again with 409, saying why', async () => {
    const admin = await t.actor({ role: 'admin' });
    const id = await deadJob();
    await t.deps.db.kysely.updateTable('job').set({ status: 'running', lockedBy: 'elsewhere', lockedUntil: new Date(Date.now() + 60_000).toISOString() }).where('id', '=', id).execute();
    const again = await t.request(admin, { method: 'POST', url: '/dashboard/background-jobs', ...form({ _nojs: '1', job: id, intent: 'retry' }) });
    expect(again.statusCode).toBe(409);
    expect(again.body).toMatch(/<p role="alert">[^<]+<\/p>/);
    const unknown = await t.request(admin, { method: 'POST', url: '/dashboard/background-jobs', ...form({ job: 'no-such-job', intent: 'retry' }) });
    expect(unknown.statusCode).toBe(404);
  });

  it('changes nothing for a tutor, a student or a signed-out visitor (sent away by the guard)', async () => {
    const id = await deadJob();
    for (const role of ['tutor', 'student'] as const) {
      const res = await t.request(await t.actor({ role }), { method: 'POST', url: '/dashboard/background-jobs', ...form({ job: id, intent: 'retry' }) });
      expect([res.statusCode, res.headers.location], role).toEqual([302, '/dashboard']);
    }
    const anonymous = await t.request(null, { method: 'POST', url: '/dashboard/background-jobs', ...form({ job: id, intent: 'retry' }) });
    expect(anonymous.statusCode).toBe(302);
    expect(await status(id)).toBe('dead');
  });

  it('is drawn with the jobs of the state asked for; each row names what runs it once', async () => {
    const admin = await t.actor({ role: 'admin' });
    const subject = `Your booking ${Math.random().toString(36).slice(2)}`;
    await deadJob(subject);
    await deadJob();
    const page = await t.request(admin, { method: 'GET', url: '/dashboard/background-jobs?state=dead' });
    expect(page.statusCode).toBe(200);
    const rows = [...page.body.matchAll(/<li[^>]*data-testid="job-row"[^>]*>([\s\S]*?)<\/li>/g)].map((m) => shown(m[1]!));
    const withSubject = rows.find((row) => row.includes(subject));
    expect(withSubject).toBeDefined();
    expect(withSubject!.split(subject).length - 1).toBe(1);
    expect(withSubject!.split('test.form').length - 1).toBe(1);
    const without = rows.filter((row) => !row.includes('Your booking'));
    expect(without.length).toBeGreaterThan(0);
    for (const row of without) expect(row.split('test.form').length - 1).toBe(1);
  });

  it('names each job in words (which email, what a scheduled job does), once, with its state, attempts, last run and last error, in English and Spanish', async () => {
    const admin = await t.actor({ role: 'admin' });
    const key = `words-${Math.random()}`;
    await t.deps.jobs.enqueue(t.deps.db.kysely, [
      { kind: 'email', payload: { render: 'bookings.confirmation', args: {} }, key: `${key}-email` },
      { kind: 'bookings.expire-holds', payload: {}, key: `${key}-holds` },
    ]);
    await t.deps.db.kysely.updateTable('job').set({ status: 'dead', attempts: 3, lastError: '421 try later', lastRunAt: '2030-01-14T17:05:00.000Z' }).where('key', 'in', [`${key}-email`, `${key}-holds`]).execute();
    for (const [language, words] of [
      ['en', { email: 'Email', confirmed: 'Booking confirmed', holds: 'Release expired seat holds', lastRun: 'Last run', dead: 'Dead' }],
      ['es', { email: 'Correo', confirmed: 'Reserva confirmada', holds: 'Liberar plazas retenidas caducadas', lastRun: 'Última ejecución', dead: 'Muerta' }],
    ] as const) {
      const page = await t.request({ ...admin, cookie: `${admin.cookie}; tz=UTC` }, { method: 'GET', url: '/dashboard/background-jobs?state=dead', headers: { 'accept-language': language } });
      expect(page.statusCode).toBe(200);
      const rows = [...page.body.matchAll(/<li[^>]*data-testid="job-row"[^>]*>([\s\S]*?)<\/li>/g)].map((m) => text(shown(m[1]!)));
      const email = rows.find((row) => row.includes(words.confirmed))!;
      expect(email, language).toBeDefined();
      for (const said of [words.email, words.dead, '3', words.lastRun, '14/01/2030', '421 try later']) expect(email, said).toContain(said);
      // No machine names: neither the kind's nor the email's.
      expect(email).not.toContain('bookings.confirmation');
      expect(email).not.toMatch(/(^|\s)email(\s|$)/);
      const holds = rows.find((row) => row.includes(words.holds))!;
      expect(holds, language).toBeDefined();
      expect(holds.split(words.holds)).toHaveLength(2);
      expect(holds).not.toContain('bookings.expire-holds');
    }
  });
});

describe("a student's booked session", () => {
  const reviewsOf = (sessionId: string) => t.deps.db.kysely.selectFrom('review').select(['review', 'rating']).where('sessionId', '=', sessionId).execute();
  /** A session whose class has started, booked by a new student. */
  async function startedAndBooked() {
    const tutor = await t.createUser({ role: 'tutor' });
    const studentUser = await t.createUser({ role: 'student' });
    const student = await t.signIn(studentUser);
    const session = await createStudySession(t.deps, tutor, { classStartDate: new Date(Date.now() - 3_600_000).toISOString(), registrationStartDate: new Date(Date.now() - 48 * 3_600_000).toISOString() });
    await createBooking(t.deps, session, studentUser);
    return { session, student };
  }

  it('saves a review: 303 to the page, which says so and shows the new rating; a second one updates it', async () => {
    const { session, student } = await startedAndBooked();
    const before = await t.request(student, { method: 'GET', url: `/dashboard/view-booked-session/${session.id}` });
    expect(before.statusCode).toBe(200);
    expect(before.body).toContain('No ratings yet');
    const res = await t.request(student, { method: 'POST', url: `/dashboard/view-booked-session/${session.id}`, ...form({ review: ' Good. ', rating: '4', intent: 'review' }) });
    expect([res.statusCode, res.headers.location]).toEqual([303, `/dashboard/view-booked-session/${session.id}`]);
    expect(doneOf(res)).toBe('reviews.submitted');
    expect(await reviewsOf(session.id)).toEqual([{ review: 'Good.', rating: 4 }]);
    const after = await t.request(withDone(student, 'reviews.submitted'), { method: 'GET', url: `/dashboard/view-booked-session/${session.id}` });
    expect(after.body).toContain('Review submitted successfully');
    expect(after.body).not.toContain('No ratings yet');
    expect(after.body).toContain('Good.</textarea>');
    const again = await t.request(student, { method: 'POST', url: `/dashboard/view-booked-session/${session.id}`, ...form({ review: 'Better.', rating: '5', intent: 'review' }) });
    expect(doneOf(again)).toBe('reviews.updated');
    expect(await reviewsOf(session.id)).toEqual([{ review: 'Better.', rating: 5 }]);
  });

  it('refused (no rating): the page again with its 400, the reason under the field, the review kept', async () => {
    const { session, student } = await startedAndBooked();
    const res = await t.request(student, { method: 'POST', url: `/dashboard/view-booked-session/${session.id}`, ...form({ _nojs: '1', review: 'Typed & kept', intent: 'review' }) });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Typed &amp; kept</textarea>');
    expect(res.body).toMatch(/id="rating-error"/);
    expect(await reviewsOf(session.id)).toEqual([]);
  });

  it('a session the student has not booked, or none, is the 404 page; reviewing it changes nothing', async () => {
    const { session } = await startedAndBooked();
    const other = await t.actor({ role: 'student' });
    for (const url of [`/dashboard/view-booked-session/${session.id}`, '/dashboard/view-booked-session/no-such-session']) {
      const res = await t.request(other, { method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain('Page not found');
    }
    const posted = await t.request(other, { method: 'POST', url: `/dashboard/view-booked-session/${session.id}`, ...form({ review: 'Not booked.', rating: '1', intent: 'review' }) });
    expect(posted.statusCode).toBeGreaterThanOrEqual(400);
    expect(posted.statusCode).toBeLessThan(500);
    expect(await reviewsOf(session.id)).toEqual([]);
  });
});

describe('the test payment page', () => {
  async function holdPaidSeat() {
    const tutor = await t.createUser({ role: 'tutor' });
    const studentUser = await t.createUser({ role: 'student' });
    const student = await t.signIn(studentUser);
    const session = await createStudySession(t.deps, tutor, { title: 'Paid harmony', registrationFeeCents: 1250 });
    const booked = await t.request(student, { method: 'POST', url: '/api/book-session', ...json({ sessionId: session.id }) });
    expect(booked.statusCode, booked.body).toBe(201);
    const id = decodeURIComponent(/\/payment\/test\/([^/?#]+)$/.exec(booked.json<BookSessionResult>().checkoutUrl!)![1]!);
    const bookingStatus = async () => (await t.deps.db.kysely.selectFrom('booking').select('status').where('sessionId', '=', session.id).where('studentId', '=', studentUser.id).executeTakeFirst())?.status;
    return { id, student, bookingStatus };
  }

  it('is drawn with the amount and the session; Pay books the seat and goes on to the success page the API named', async () => {
    const { id, student, bookingStatus } = await holdPaidSeat();
    const page = await t.request(student, { method: 'GET', url: `/payment/test/${encodeURIComponent(id)}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Paid harmony');
    expect(text(page.body)).toMatch(/Pay [^<]*12[.,]50/);
    const paid = await t.request(student, { method: 'POST', url: `/payment/test/${encodeURIComponent(id)}`, ...form({}) });
    expect([paid.statusCode, paid.headers.location]).toEqual([303, `/payment/success?checkout_session_id=${encodeURIComponent(id)}`]);
    expect(await bookingStatus()).toBe('confirmed');
  });

  it("another student's payment, or none, is the 404 page, and cannot be paid", async () => {
    const { id, bookingStatus } = await holdPaidSeat();
    const other = await t.actor({ role: 'student' });
    for (const url of [`/payment/test/${encodeURIComponent(id)}`, '/payment/test/no-such-checkout']) {
      const res = await t.request(other, { method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain('Page not found');
    }
    const paid = await t.request(other, { method: 'POST', url: `/payment/test/${encodeURIComponent(id)}`, ...form({}) });
    expect(paid.statusCode).toBeGreaterThanOrEqual(400);
    expect(paid.statusCode).toBeLessThan(500);
    expect(await bookingStatus()).toBe('pending_payment');
  });
});
