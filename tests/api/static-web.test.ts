// The built web app as the server sends it: hashed assets pre-compressed (brotli, gzip) and
// cached for a year, index.html for app paths and never cached, no source of an asset swapped
// for the app's HTML.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installStaticWeb } from '#server/http/static-web.ts';

const script = `export const answer = ${JSON.stringify('forty-two '.repeat(300))};\n`;
let webDir: string;
let app: FastifyInstance;

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'studynest-web-'));
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>StudyNest</title><div id="root"></div>');
  const asset = path.join(webDir, 'assets', 'app-abc123.js');
  fs.writeFileSync(asset, script);
  fs.writeFileSync(`${asset}.br`, brotliCompressSync(script));
  fs.writeFileSync(`${asset}.gz`, gzipSync(script));
  fs.writeFileSync(path.join(webDir, 'assets', 'logo-abc123.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  app = Fastify();
  await installStaticWeb(app, webDir);
  await app.ready();
});

afterAll(async () => {
  await app.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

describe('static web app', () => {
  it('sends the brotli file to a browser that accepts it, cached for a year', async () => {
    const res = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends gzip, or the plain file, to clients that do not take brotli', async () => {
    const gzip = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    for (const headers of [{ 'accept-encoding': 'identity' }, {}]) {
      const plain = await app.inject({ url: '/assets/app-abc123.js', headers });
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);
    }
  });

  it('caches assets without a compressed copy for a year too', async () => {
    const res = await app.inject({ url: '/assets/logo-abc123.svg', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers app paths with index.html, not cached; a missing asset is a 404', async () => {
    const page = await app.inject({ url: '/dashboard/settings' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<div id="root">');

    const missing = await app.inject({ url: '/assets/gone-000000.js', headers: { 'accept-encoding': 'br' } });
    expect(missing.statusCode).toBe(404);
  });
});
