import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance, type RouteHandlerMethod } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { notFound } from '#server/errors.ts';
import type { DownloadableFile } from '#server/storage/file-storage.ts';
import { installErrorHandler } from './error-handler.ts';
import { sendDownload } from './file-download.ts';

const SIZE = 64 * 1024;
const modifiedAt = new Date('2026-01-02T03:04:05Z');

/** A file whose bytes come from `stream()`: the stream of a disk or bucket that may fail. */
function fileOf(stream: () => Readable): DownloadableFile {
  const object = { key: 'materials/x', size: SIZE, modifiedAt, etag: '"abc"' };
  return { stat: async () => object, open: async () => ({ ...object, stream: stream() }) };
}

/** Fails before any byte (a disk read error, a bucket's reset connection). */
const failingAtOnce = () => new Readable({ read() { this.destroy(Object.assign(new Error('read failed'), { code: 'EIO' })); } });
/** Sends half the file, then fails. */
function failingHalfWay() {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= SIZE / 2) return void setTimeout(() => this.destroy(Object.assign(new Error('read failed'), { code: 'EIO' })), 20);
      sent += 8192;
      this.push(Buffer.alloc(8192, 97));
    },
  });
}

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** An app with the one error handler and a download route as the feature routes write it; every answer it begins is counted. */
async function appSending(file: DownloadableFile, route?: RouteHandlerMethod) {
  const answers: number[] = [];
  app = Fastify();
  installErrorHandler(app);
  app.addHook('onSend', async (_request, reply, payload) => {
    answers.push(reply.statusCode);
    return payload;
  });
  app.get('/file', route ?? async function (request, reply) {
    const sent = await sendDownload(request, reply, file, { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="a.pdf"', 'cache-control': 'public, max-age=31536000, immutable' });
    if (!sent) throw notFound();
    return reply;
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { answers, port: (app.server.address() as AddressInfo).port };
}

/** GET /file over a socket: the status, the headers, the bytes received and whether the body came whole. */
function fetchFile(port: number) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer; complete: boolean }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: '/file', agent: false }, (res) => {
      const chunks: Buffer[] = [];
      const done = () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), complete: res.complete });
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', done);
      res.on('error', done);
      res.on('aborted', done);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('sendDownload when the stream fails', () => {
  it('answers a stream that fails before its first byte with the one error shape, none of the file headers', async () => {
    const { answers, port } = await appSending(fileOf(failingAtOnce));
    const res = await fetchFile(port);
    expect(res.status).toBe(500);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(res.body.toString('utf8'))).toEqual({ message: expect.any(String) });
    // An error is no version of the file, and no cache may keep it for a year.
    for (const name of ['etag', 'last-modified', 'accept-ranges', 'content-disposition', 'cache-control']) expect(res.headers[name], name).toBeUndefined();
    expect(answers).toEqual([200, 500]);
  });

  it('cuts the connection of a stream that fails mid-way, and sends no second answer', async () => {
    const { answers, port } = await appSending(fileOf(failingHalfWay));
    const res = await fetchFile(port);
    expect(res.status).toBe(200);
    expect(res.complete).toBe(false);
    expect(res.body.length).toBeLessThan(SIZE);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(answers).toEqual([200]);
  });

  it('cuts the connection, with no second answer, when the route fails after its download began', async () => {
    const { answers, port } = await appSending(fileOf(failingHalfWay), async (request, reply) => {
      await sendDownload(request, reply, fileOf(failingHalfWay), { 'content-type': 'application/pdf' });
      await new Promise((resolve) => setTimeout(resolve, 10));
      throw notFound();
    });
    const res = await fetchFile(port);
    expect(res.status).toBe(200);
    expect(res.complete).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(answers).toEqual([200]);
  });
});
