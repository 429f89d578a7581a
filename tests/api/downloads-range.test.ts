// Material files and profile photos resume and revalidate (server/http/file-download.ts,
// decision 055): one byte range answers 206 with Content-Range, a range past the end 416, an
// If-Range whose ETag is stale gets the whole file, If-None-Match 304; every answer carries
// Accept-Ranges, ETag and Last-Modified. The same on the data folder's disk and in a bucket (the
// local S3 server). Runs on SQLite and PostgreSQL.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBooking, createStudySession } from '#tests/factories.ts';
import { startLocalS3, type LocalS3 } from '#tests/helpers/s3-server.ts';
import { createTestApp, type Actor, type TestApp } from '#tests/helpers/test-app.ts';
import { multipart } from '#tests/helpers/request-helpers.ts';

/** A real PDF of `size` bytes whose every byte differs from its neighbours (file-type must recognise it). */
function pdf(size: number): Buffer {
  const head = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\ntrailer << /Root 1 0 R >>\n');
  const body = Buffer.alloc(size - head.length - 6);
  for (let i = 0; i < body.length; i++) body[i] = 32 + (i % 90);
  return Buffer.concat([head, body, Buffer.from('%%EOF\n')]);
}

for (const where of ['disk', 's3'] as const) {
  describe(`downloads that resume, from ${where === 'disk' ? 'the data folder' : 'a bucket'}`, () => {
    let s3: LocalS3 | undefined;
    let t: TestApp;
    let tutor: Actor;
    let student: Actor;
    let fileUrl: string;
    let photoUrl: string;
    const bytes = pdf(200_000);
    /** The app's log lines of level error and above (pino: 50 error, 60 fatal). */
    const logs: Array<{ level: number; msg: string }> = [];
    const errorsLogged = () => logs.filter((line) => line.level >= 50).map((line) => line.msg);

    beforeAll(async () => {
      if (where === 's3') s3 = await startLocalS3();
      t = await createTestApp({ ...(s3 && { S3_URL: s3.url }), LOG_LEVEL: 'warn' }, { logStream: { write: (line) => void logs.push(JSON.parse(line) as { level: number; msg: string }) } });
      tutor = await t.actor({ role: 'tutor' });
      student = await t.actor({ role: 'student' });
      const session = await createStudySession(t.deps, tutor.user!, { title: 'Resumable handouts' });
      await createBooking(t.deps, session, student.user!);
      const added = await t.request(tutor, { method: 'POST', url: '/api/materials', ...multipart({ sessionId: session.id, title: 'Big handout' }, { name: 'big.pdf', content: bytes, type: 'application/pdf' }) });
      expect(added.statusCode, added.body).toBe(201);
      fileUrl = added.json<{ fileUrl: string }>().fileUrl;
      const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#3366cc' } }).png().toBuffer();
      const photo = await t.request(student, { method: 'POST', url: '/api/uploads', ...multipart({}, { name: 'me.png', content: png, type: 'image/png' }) });
      expect(photo.statusCode, photo.body).toBe(201);
      photoUrl = photo.json<{ url: string }>().url;
    });
    afterAll(async () => {
      await t?.close();
      await s3?.close();
    });

    const get = (url: string, headers: Record<string, string> = {}) => t.request(student, { method: 'GET', url, headers });

    it('sends the whole file with Accept-Ranges, a strong ETag and Last-Modified', async () => {
      const res = await get(fileUrl);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(bytes)).toBe(true);
      expect(res.headers['accept-ranges']).toBe('bytes');
      expect(res.headers.etag).toMatch(/^"[^"]+"$/);
      expect(new Date(String(res.headers['last-modified'])).getTime()).toBeGreaterThan(Date.now() - 60_000);
      expect(res.headers['content-length']).toBe(String(bytes.length));
    });

    it('answers the first, a middle and the last bytes, and a suffix, with 206 and Content-Range', async () => {
      const cases: Array<[string, number, number]> = [
        ['bytes=0-99', 0, 99],
        ['bytes=1000-1999', 1000, 1999],
        [`bytes=${bytes.length - 100}-`, bytes.length - 100, bytes.length - 1],
        ['bytes=-500', bytes.length - 500, bytes.length - 1],
        [`bytes=${bytes.length - 10}-${bytes.length + 1000}`, bytes.length - 10, bytes.length - 1],
      ];
      for (const [range, start, end] of cases) {
        const res = await get(fileUrl, { range });
        expect({ range, status: res.statusCode, contentRange: res.headers['content-range'], length: res.headers['content-length'] })
          .toEqual({ range, status: 206, contentRange: `bytes ${start}-${end}/${bytes.length}`, length: String(end - start + 1) });
        expect(res.rawPayload.equals(bytes.subarray(start, end + 1)), range).toBe(true);
        expect(res.headers['content-type']).toBe('application/pdf');
        expect(res.headers.etag).toMatch(/^"/);
      }
    });

    it('resumes with If-Range while the ETag holds, and sends the whole file when it is stale', async () => {
      const { etag, 'last-modified': lastModified } = (await get(fileUrl)).headers;
      const fresh = await get(fileUrl, { range: 'bytes=100-199', 'if-range': String(etag) });
      expect(fresh.statusCode).toBe(206);
      expect(fresh.rawPayload.equals(bytes.subarray(100, 200))).toBe(true);
      const byDate = await get(fileUrl, { range: 'bytes=100-199', 'if-range': String(lastModified) });
      expect(byDate.statusCode).toBe(206);
      const stale = await get(fileUrl, { range: 'bytes=100-199', 'if-range': '"an-older-version"' });
      expect(stale.statusCode).toBe(200);
      expect(stale.rawPayload.equals(bytes)).toBe(true);
      expect(stale.headers['content-range']).toBeUndefined();
    });

    it('answers a range past the end 416 with the size, and If-None-Match 304', async () => {
      const past = await get(fileUrl, { range: `bytes=${bytes.length}-` });
      expect(past.statusCode).toBe(416);
      expect(past.headers['content-range']).toBe(`bytes */${bytes.length}`);
      expect(past.json()).toEqual({ message: expect.stringContaining(String(bytes.length)) });
      const { etag } = (await get(fileUrl)).headers;
      const same = await get(fileUrl, { 'if-none-match': String(etag) });
      expect(same.statusCode).toBe(304);
      expect(same.body).toBe('');
      expect(same.headers.etag).toBe(etag);
    });

    it('still refuses a ranged download to someone not booked', async () => {
      const stranger = await t.actor({ role: 'student' });
      const res = await t.request(stranger, { method: 'GET', url: fileUrl, headers: { range: 'bytes=0-9' } });
      expect(res.statusCode).toBe(403);
      expect(res.headers['content-range']).toBeUndefined();
    });

    it('answers ranges and revalidation of a profile photo', async () => {
      const whole = await get(photoUrl);
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['accept-ranges']).toBe('bytes');
      expect(whole.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const size = whole.rawPayload.length;
      const last = await get(photoUrl, { range: 'bytes=-10' });
      expect(last.statusCode).toBe(206);
      expect(last.headers['content-range']).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
      expect(last.rawPayload.equals(whole.rawPayload.subarray(size - 10))).toBe(true);
      expect(last.headers['content-type']).toBe('image/webp');
      expect((await get(photoUrl, { 'if-none-match': String(whole.headers.etag) })).statusCode).toBe(304);
      expect((await get(photoUrl, { range: 'bytes=0-3', 'if-range': '"stale"' })).statusCode).toBe(200);
    });

    it('ends with the last byte: nothing fails after a download, a range or a 304 was sent', async () => {
      logs.length = 0;
      const whole = await get(fileUrl);
      expect((await get(fileUrl, { range: 'bytes=0-9' })).statusCode).toBe(206);
      expect((await get(fileUrl, { 'if-none-match': String(whole.headers.etag) })).statusCode).toBe(304);
      expect((await get(photoUrl)).statusCode).toBe(200);
      expect(errorsLogged()).toEqual([]);
    });

    it('sends no second answer to a client that hangs up in the middle of a download', async () => {
      // Over a real socket: the client reads the headers and the first bytes, then leaves.
      await t.http(student, { method: 'GET', path: '/api/health' }).catch(() => undefined);
      const port = (t.app.server.address() as AddressInfo).port;
      logs.length = 0;
      const served = new Promise<http.ServerResponse>((resolve) => t.app.server.once('request', (_req: http.IncomingMessage, res: http.ServerResponse) => resolve(res)));
      const status = await new Promise<number>((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port, path: fileUrl, headers: { cookie: student.cookie!, origin: 'http://studynest.test' }, agent: false }, (res) => {
          res.once('data', () => {
            resolve(res.statusCode ?? 0);
            req.destroy();
          });
        });
        req.on('error', (error) => (error.message === 'socket hang up' ? undefined : reject(error)));
        req.end();
      });
      expect(status).toBe(200);
      const res = await served;
      if (!res.closed) await new Promise((resolve) => res.once('close', resolve));
      // Whatever the route or the error handler would still do happens within a few turns (a
      // database read for the caller's language): the answer checker (vitest-setup.ts) and the
      // log would see a second answer.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(res.writableFinished).toBe(false);
      expect(errorsLogged()).toEqual([]);
    });
  });
}
