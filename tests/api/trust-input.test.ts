// What an attacker sends that is not a normal request — a forged
// cookie to get a bigger upload budget, deep JSON, broken multipart, extreme dates and numbers —
// answers 4xx with a sentence (never 500), and photos nobody uses do not pile up on disk.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeUnreferencedUploads } from '#server/features/uploads/upload-cleanup.ts';
import { createBooking, createStudySession } from '#tests/factories.ts';
import { createAppWithActors, type Actors } from '#tests/helpers/permission-matrix.ts';
import type { Actor, TestApp } from '#tests/helpers/test-app.ts';
import { DAY, HOUR, datesFromNow, enc, iso, json } from '#tests/helpers/request-helpers.ts';

let t: TestApp;
let actors: Actors;

beforeAll(async () => ({ t, actors } = await createAppWithActors()));
afterAll(async () => t?.close());

const BOUNDARY = '----studynest-trust-input';

function photoForm(content: Buffer, boundary = BOUNDARY) {
  return Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}

const pngBytes = () => sharp({ create: { width: 8, height: 8, channels: 3, background: '#aa3366' } }).png().toBuffer();

/** 4xx with a sentence: what every refusal below must look like. */
function expectRefusal(res: { statusCode: number; body: string }, status: number | number[]) {
  expect([status].flat(), res.body).toContain(res.statusCode);
  const message = (JSON.parse(res.body) as { message?: unknown }).message;
  expect(typeof message).toBe('string');
  expect(message as string).toMatch(/^[A-Z].{8,}[.!?]$|^Invalid /);
  return JSON.parse(res.body) as { message: string; fields?: Record<string, string> };
}

describe('upload rate limit', () => {
  const upload = (remoteAddress: string, headers: Record<string, string> = {}, who: Actor | null = null) =>
    t.request(who, {
      method: 'POST',
      url: '/api/uploads',
      remoteAddress,
      // Not an image: refused with 400 after the rate limit counted it, without sharp's cost.
      payload: photoForm(Buffer.from('not an image')),
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...headers },
    });

  it('gives an anonymous caller 10 a minute whatever Cookie header it sends', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) {
      const cookie = i % 2 ? 'better-auth.session_token=forged.signature' : `anything=${i}`;
      codes.push((await upload('203.0.113.61', { cookie })).statusCode);
    }
    expect(codes).toEqual([...Array(10).fill(400), 429, 429]);
    // Another address has its own budget.
    expect((await upload('203.0.113.62', { cookie: 'x=1' })).statusCode).toBe(400);
  });

  it('keys a signed-in caller on the user, not on the address the anonymous budget used up', async () => {
    for (let i = 0; i < 10; i++) await upload('203.0.113.71');
    expect((await upload('203.0.113.71')).statusCode).toBe(429);
    const student = await t.actor();
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) codes.push((await upload('203.0.113.71', {}, student)).statusCode);
    expect(codes).toEqual(Array(12).fill(400));
  });
});

describe('unreferenced uploads', () => {
  const uploadsDir = () => path.join(t.deps.config.dataDir, 'uploads');
  const exists = (url: string) => fs.existsSync(path.join(uploadsDir(), url.split('/').pop()!));
  const uploadPhoto = async () => {
    const res = await t.request(null, {
      method: 'POST',
      url: '/api/uploads',
      remoteAddress: `198.51.100.${Math.floor(Math.random() * 250)}`,
      payload: photoForm(await pngBytes()),
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().url as string;
  };

  it('removes a photo older than a day that nobody uses; keeps a used one and a fresh one; runs again harmlessly', async () => {
    const realNow = t.deps.now;
    const start = Date.now();
    try {
      const used = await uploadPhoto();
      const unused = await uploadPhoto();
      const owner = await t.actor();
      const set = await t.request(owner, { method: 'PUT', url: '/api/user', ...json({ name: 'Has A Photo', image: used }) });
      expect(set.statusCode, set.body).toBe(200);
      // A photo stored before uploads were recorded: only on disk, two days old.
      const legacy = `/api/uploads/00000000-0000-7000-8000-00000000beef.webp`;
      fs.writeFileSync(path.join(uploadsDir(), legacy.split('/').pop()!), 'old');
      const twoDaysAgo = new Date(start - 2 * DAY);
      fs.utimesSync(path.join(uploadsDir(), legacy.split('/').pop()!), twoDaysAgo, twoDaysAgo);

      // A day and an hour later, someone uploads another photo (for a sign-up not finished yet).
      t.deps.now = () => new Date(start + DAY + HOUR);
      const fresh = await uploadPhoto();

      const removed = await removeUnreferencedUploads(t.deps, t.deps.now());
      expect(removed).toBe(2);
      expect(exists(used)).toBe(true);
      expect(exists(fresh)).toBe(true);
      expect(exists(unused)).toBe(false);
      expect(exists(legacy)).toBe(false);
      expect((await t.request(null, { method: 'GET', url: used })).statusCode).toBe(200);
      expect((await t.request(null, { method: 'GET', url: unused })).statusCode).toBe(404);

      // Idempotent: a second run (or another process's) finds nothing more to do.
      expect(await removeUnreferencedUploads(t.deps, t.deps.now())).toBe(0);
      expect(exists(used) && exists(fresh)).toBe(true);

      // Once the owner changes photo, the old one is no longer used and goes at the next run.
      const changed = await t.request(owner, { method: 'PUT', url: '/api/user', ...json({ name: 'Has A Photo', image: fresh }) });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(await removeUnreferencedUploads(t.deps, new Date(start + 3 * DAY))).toBe(1);
      expect(exists(used)).toBe(false);
      expect(exists(fresh)).toBe(true);
    } finally {
      t.deps.now = realNow;
    }
  });
});

describe('bodies the parsers choke on', () => {
  it('answers 400 to JSON nested 200,000 deep, on sign-in and on every JSON route', async () => {
    const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    const signIn = await t.request(null, { method: 'POST', url: '/api/auth/sign-in/email', remoteAddress: '192.0.2.77', payload: deep, headers: { 'content-type': 'application/json' } });
    expect(expectRefusal(signIn, 400).message).toMatch(/nested/);
    const objects = `{"a":`.repeat(50_000) + '1' + '}'.repeat(50_000);
    const note = await t.request(actors.student, { method: 'POST', url: '/api/create-note', payload: objects, headers: { 'content-type': 'application/json; charset=utf-8' } });
    expect(expectRefusal(note, 400).message).toMatch(/nested/);
  });

  it('answers a body sent to no route by its path (404, or 405 and Allow), whatever the body: never 400', async () => {
    // Nothing there reads the body: its faults are no answer to give (a mistyped path is).
    const bodies = ['{"title": ', '', `${'['.repeat(100)}${']'.repeat(100)}`, '{"a":"\\u0000"}', '{"__proto__":{"x":1}}'];
    const said = (body: string, method: string, url: string, status: number, allow: unknown) => `${method} ${url} ${JSON.stringify(body.slice(0, 12))} → ${status} ${String(allow ?? '')}`.trim();
    const answers: string[] = [];
    for (const body of bodies) {
      for (const [method, url] of [['POST', '/api/sessions/approve'], ['PUT', '/api/create-note']] as const) {
        const res = await t.request(actors.student, { method, url, payload: body, headers: { 'content-type': 'application/json' } });
        answers.push(said(body, method, url, res.statusCode, res.headers.allow));
      }
    }
    expect(answers).toEqual(bodies.flatMap((body) => [said(body, 'POST', '/api/sessions/approve', 404, ''), said(body, 'PUT', '/api/create-note', 405, 'POST')]));
  });

  it('still parses JSON that is deep only inside strings, and ordinary bodies', async () => {
    const title = '[[[[{{{{'.repeat(8);
    const res = await t.request(actors.student, { method: 'POST', url: '/api/create-note', ...json({ email: actors.student.user!.email, title, details: '"]]]]}}}}\\"[[[[' }) });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('answers 400 to multipart without a boundary, or cut short, on /api/uploads and /api/materials', async () => {
    const session = await createStudySession(t.deps, actors.tutor.user!);
    const material = await t.request(actors.tutor, { method: 'POST', url: '/api/materials', ...json({ sessionId: session.id, title: 'Link', link: 'https://example.com/a' }) });
    expect(material.statusCode, material.body).toBe(201);
    const targets: Array<{ who: Actor | null; method: 'POST' | 'PUT'; url: string }> = [
      { who: null, method: 'POST', url: '/api/uploads' },
      { who: actors.tutor, method: 'POST', url: '/api/materials' },
      { who: actors.tutor, method: 'PUT', url: `/api/materials/${material.json().id}` },
    ];
    const truncated = photoForm(Buffer.from('%PDF-1.4 half a file')).subarray(0, 150);
    for (const { who, method, url } of targets) {
      for (const contentType of ['multipart/form-data', 'multipart/form-data; boundary=', 'multipart/form-data; charset=utf-8']) {
        const res = await t.request(who, { method, url, remoteAddress: '192.0.2.90', payload: photoForm(Buffer.from('x')), headers: { 'content-type': contentType } });
        expect(expectRefusal(res, 400).message, `${method} ${url} ${contentType}`).toMatch(/boundary|multipart/i);
      }
      const cut = await t.request(who, { method, url, remoteAddress: '192.0.2.91', payload: truncated, headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } });
      expectRefusal(cut, 400);
    }
  });
});

describe('dates and numbers out of bounds', () => {
  const tutor = () => actors.tutor;
  const createUrl = () => `/api/create-session/${enc(tutor().user!.email)}`;
  function body(overrides: Record<string, unknown> = {}) {
    return { title: 'Bounds', description: 'Checking the schedule bounds.', ...datesFromNow(), ...overrides };
  }
  const create = (overrides: Record<string, unknown>) => t.request(tutor(), { method: 'POST', url: createUrl(), ...json(body(overrides)) });

  it('refuses a class ending in year 7026 (an integer overflow on PostgreSQL) with a field message', async () => {
    const res = await create({ classEndDate: '7026-01-01T10:00:00.000Z' });
    const refused = expectRefusal(res, 400);
    expect(refused.fields?.classEndDate).toMatch(/2100/);
  });

  it('refuses a date that becomes year 10000 in UTC, which went as +010000 into the .ics', async () => {
    const res = await create({ classStartDate: '9999-12-31T22:00:00-05:00', classEndDate: '9999-12-31T23:30:00-05:00', registrationEndDate: '9999-12-30T00:00:00Z' });
    const refused = expectRefusal(res, 400);
    expect(Object.keys(refused.fields ?? {})).toEqual(expect.arrayContaining(['classStartDate', 'classEndDate']));
    expectRefusal(await create({ classEndDate: '+010000-01-01T00:00:00.000Z' }), 400);
  });

  it('keeps every date within 2000-01-01 … 2100-12-31', async () => {
    const early = expectRefusal(await create({ registrationStartDate: '1999-12-31T23:59:59Z' }), 400);
    expect(early.fields?.registrationStartDate).toMatch(/2000/);
    const late = expectRefusal(await create({ classStartDate: '2101-01-01T00:00:00Z', classEndDate: '2101-01-01T02:00:00Z' }), 400);
    expect(late.fields?.classStartDate).toMatch(/2100/);
    const edge = await create({ registrationStartDate: '2100-12-01T00:00:00Z', registrationEndDate: '2100-12-20T00:00:00Z', classStartDate: '2100-12-31T20:00:00Z', classEndDate: '2100-12-31T23:59:00Z' });
    expect(edge.statusCode, edge.body).toBe(201);
  });

  it('refuses a class longer than a year and a registration that ends after the class', async () => {
    const now = Date.now();
    const long = expectRefusal(await create({ classEndDate: iso(now + 5 * DAY + 367 * DAY) }), 400);
    expect(long.fields?.classEndDate).toMatch(/year/);
    const year = await create({ classEndDate: iso(now + 5 * DAY + 365 * DAY) });
    expect(year.statusCode, year.body).toBe(201);
    const lateRegistration = expectRefusal(await create({ registrationEndDate: iso(now + 6 * DAY) }), 400);
    expect(lateRegistration.fields?.registrationEndDate).toMatch(/Class End Date/);
  });

  it('applies the same bounds to an edit, on the dates it merges with the stored ones', async () => {
    const s = await createStudySession(t.deps, tutor().user!, { status: 'pending' });
    const url = `/api/session/${enc(tutor().user!.email)}/${s.id}`;
    const far = expectRefusal(await t.request(tutor(), { method: 'PUT', url, ...json({ classEndDate: '7026-01-01T10:00:00.000Z' }) }), 400);
    expect(far.fields?.classEndDate).toMatch(/2100/);
    const long = expectRefusal(await t.request(tutor(), { method: 'PUT', url, ...json({ classEndDate: iso(Date.parse(s.classStartDate) + 400 * DAY) }) }), 400);
    expect(long.fields?.classEndDate).toMatch(/year/);
    const row = await t.deps.db.kysely.selectFrom('study_session').select('classEndDate').where('id', '=', s.id).executeTakeFirstOrThrow();
    expect(row.classEndDate).toBe(s.classEndDate);
  });

  it('answers 400, never 500, to extreme numbers: fee, capacity, cutoff, rating, page size', async () => {
    const pending = await createStudySession(t.deps, tutor().user!, { status: 'pending' });
    const extremes = [1e308, -1e308, 2 ** 53, 2 ** 31, -1, 0.5, 1e-9];
    for (const value of extremes) {
      const approve = await t.request(actors.admin, { method: 'POST', url: `/api/sessions/${pending.id}/approve`, ...json({ registrationFee: value === -1 ? -1 : value, maxParticipants: 5 }) });
      if (approve.statusCode !== 400) expect([200, 409], approve.body).toContain(approve.statusCode);
      const capacity = await t.request(actors.admin, { method: 'POST', url: `/api/sessions/${pending.id}/approve`, ...json({ registrationFee: 0, maxParticipants: value }) });
      if (capacity.statusCode !== 400) expect([200, 409], capacity.body).toContain(capacity.statusCode);
      expectRefusal(await create({ maxParticipants: value === 2 ** 53 || value === 2 ** 31 || value === 1e308 ? value : 1e20 }), 400);
      expectRefusal(await create({ cancellationCutoffHours: value === 0.5 || value === -1 ? value : 1e12 }), 400);
    }
    // Numbers JSON can write but JavaScript cannot hold exactly.
    for (const raw of ['1e400', '-1e400', '123456789012345678901234567890', '5e-324']) {
      const res = await t.request(actors.admin, {
        method: 'POST',
        url: `/api/sessions/${pending.id}/approve`,
        payload: `{"registrationFee":${raw},"maxParticipants":${raw}}`,
        headers: { 'content-type': 'application/json' },
      });
      expectRefusal(res, 400);
    }
    const past = await createStudySession(t.deps, tutor().user!, { classStartDate: iso(Date.now() - 3 * DAY), registrationStartDate: iso(Date.now() - 10 * DAY), registrationEndDate: iso(Date.now() - 4 * DAY) });
    await createBooking(t.deps, past, actors.student.user!);
    for (const rating of [1e308, -1e308, 2 ** 53, 5.5, 0]) {
      expectRefusal(await t.request(actors.student, { method: 'POST', url: '/api/review', ...json({ sessionId: past.id, review: 'Extreme', rating }) }), 400);
    }
    for (const limit of ['1e400', '99999999999999999999999', '-1', '0', '1.5', 'NaN', 'Infinity']) {
      for (const url of ['/api/sessions', '/api/approved-sessions', '/api/tutors', '/api/materials', `/api/booked-sessions/${enc(actors.student.user!.email)}`, '/api/admin/sessions']) {
        const res = await t.request(url.includes('booked') ? actors.student : actors.admin, { method: 'GET', url: `${url}?limit=${limit}` });
        expectRefusal(res, 400);
      }
    }
  });
});
