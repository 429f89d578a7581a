// With S3_URL (docs/decisions/025-object-storage.md), photos, material files and prepared archives live in an
// S3-compatible bucket (here s3rver, started by this file), written and read through the AWS
// SDK, streamed through our routes after their permission checks; nothing lands in DATA_DIR.
// `npm run storage -- to-disk|to-s3` moves the files both ways. Runs on SQLite and PostgreSQL.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupData, restoreData } from '#server/backup/backup.ts';
import { loadConfig } from '#server/config.ts';
import { readZipArchive } from '#server/features/my-data/public.ts';
import { createBooking, createStudySession } from '#tests/factories.ts';
import { startLocalS3, type LocalS3 } from '#tests/helpers/s3-server.ts';
import { createTestApp, type Actor, type TestApp } from '#tests/helpers/test-app.ts';
import { createTestDatabase } from '#tests/helpers/test-database.ts';
import { json, multipart } from '#tests/helpers/request-helpers.ts';

let s3: LocalS3;
let t: TestApp;
let tutor: Actor;
let student: Actor;
let otherStudent: Actor;
let session: { id: string };

beforeAll(async () => {
  s3 = await startLocalS3();
  t = await createTestApp({ S3_URL: s3.url });
  tutor = await t.actor({ role: 'tutor' });
  student = await t.actor({ role: 'student' });
  otherStudent = await t.actor({ role: 'student' });
  session = await createStudySession(t.deps, tutor.user!, { title: 'Files in a bucket' });
  await createBooking(t.deps, session, student.user!);
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const onDisk = (folder: string) => {
  const dir = path.join(t.deps.config.dataDir, folder);
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

/** A real PDF of about `size` bytes (file-type must recognise it). */
function pdf(size: number): Buffer {
  const head = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n');
  const body = Buffer.alloc(Math.max(0, size - head.length - 6));
  for (let i = 0; i < body.length; i++) body[i] = 32 + (i % 90);
  return Buffer.concat([head, body, Buffer.from('%%EOF\n')]);
}

async function uploadPhoto(who: Actor): Promise<string> {
  const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#3366cc' } }).png().toBuffer();
  const res = await t.request(who, { method: 'POST', url: '/api/uploads', ...multipart({}, { name: 'me.png', content: png, type: 'image/png' }) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ url: string }>().url;
}

async function addPdf(content: Buffer): Promise<{ id: string; fileUrl: string }> {
  const res = await t.request(tutor, { method: 'POST', url: '/api/materials', ...multipart({ sessionId: session.id, title: 'Handout' }, { name: 'handout.pdf', content, type: 'application/pdf' }) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const runStorageCommand = (direction: string) =>
  promisify(execFile)(path.resolve('node_modules/.bin/tsx'), ['scripts/storage.ts', direction], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'test', DATA_DIR: t.deps.config.dataDir, S3_URL: s3.url, NODE_NO_WARNINGS: '1' },
  });

describe('files in an S3-compatible bucket', () => {
  it('stores a profile photo in the bucket, not on disk, and serves it from there', async () => {
    const url = await uploadPhoto(student);
    const name = url.slice('/api/uploads/'.length);
    expect(await s3.keys()).toContain(`uploads/${name}`);
    expect(onDisk('uploads')).toEqual([]);
    const res = await t.request(null, { method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect((await sharp(res.rawPayload).metadata()).format).toBe('webp');
    expect((await t.request(null, { method: 'GET', url: '/api/uploads/00000000-0000-4000-8000-000000000000.webp' })).statusCode).toBe(404);
  });

  it('streams a material file larger than one upload part through the permission check, and deletes it with the material', async () => {
    const content = pdf(6 * 1024 * 1024 + 12_345); // two parts of a multipart upload
    const material = await addPdf(content);
    const keys = (await s3.keys()).filter((k) => k.startsWith('materials/'));
    expect(keys).toHaveLength(1);
    expect(onDisk('materials')).toEqual([]);

    const mine = await t.request(student, { method: 'GET', url: material.fileUrl });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect(mine.rawPayload.equals(content)).toBe(true);
    // Not booked, not signed in: refused before anything is read from the bucket.
    expect((await t.request(otherStudent, { method: 'GET', url: material.fileUrl })).statusCode).toBe(403);
    expect((await t.request(null, { method: 'GET', url: material.fileUrl })).statusCode).toBe(401);
    // The API never names the bucket: the only address of a file is our own route.
    expect(JSON.stringify((await t.request(student, { method: 'GET', url: '/api/materials' })).json())).not.toContain(s3.bucket);

    expect((await t.request(tutor, { method: 'DELETE', url: `/api/materials/${material.id}` })).statusCode).toBe(204);
    expect((await s3.keys()).filter((k) => k.startsWith('materials/'))).toEqual([]);
  });

  it('puts the files from the bucket into "Download my data", and removes them with the account', async () => {
    const me = await t.actor({ role: 'tutor' });
    const photoUrl = await uploadPhoto(me);
    expect((await t.request(me, { method: 'PUT', url: '/api/user', ...json({ name: me.user!.name, image: photoUrl }) })).statusCode).toBe(200);
    const own = await createStudySession(t.deps, me.user!, { title: 'Mine' });
    const content = pdf(2_000);
    const res = await t.request(me, { method: 'POST', url: '/api/materials', ...multipart({ sessionId: own.id, title: 'Sheet' }, { name: 'sheet.pdf', content, type: 'application/pdf' }) });
    expect(res.statusCode, res.body).toBe(201);

    const zip = await t.request(me, { method: 'GET', url: '/api/me/data.zip' });
    expect(zip.statusCode).toBe(200);
    const files = readZipArchive(zip.rawPayload);
    expect((await sharp(files.get('files/photo.webp')!).metadata()).format).toBe('webp');
    expect([...files.entries()].find(([name]) => name.startsWith('files/materials/'))?.[1].equals(content)).toBe(true);

    const before = await s3.keys();
    const photoKey = `uploads/${photoUrl.slice('/api/uploads/'.length)}`;
    expect(before).toContain(photoKey);
    expect((await t.request(me, { method: 'DELETE', url: '/api/me', ...json({ password: me.user!.password }) })).statusCode).toBe(200);
    const after = await s3.keys();
    expect(after).not.toContain(photoKey);
    expect(after.filter((k) => k.startsWith('materials/')).length).toBe(before.filter((k) => k.startsWith('materials/')).length - 1);
  });

  it('moves every file to the data folder and back with `npm run storage`', async () => {
    const photoUrl = await uploadPhoto(student);
    const content = pdf(300_000);
    const material = await addPdf(content);
    const inBucket = await s3.keys();
    expect(inBucket.length).toBeGreaterThanOrEqual(3);

    const down = await runStorageCommand('to-disk');
    expect(down.stdout).toMatch(new RegExp(`Moved ${inBucket.length} file\\(s\\)`));
    expect(await s3.keys()).toEqual([]);
    const local = [...onDisk('uploads').map((n) => `uploads/${n}`), ...onDisk('materials').map((n) => `materials/${n}`)].sort();
    expect(local).toEqual(inBucket);
    // This app still reads the bucket: the files have left it.
    expect((await t.request(student, { method: 'GET', url: material.fileUrl })).statusCode).toBe(404);
    expect(fs.readFileSync(path.join(t.deps.config.dataDir, inBucket.find((k) => k.startsWith('materials/'))!)).equals(content)).toBe(true);

    const up = await runStorageCommand('to-s3');
    expect(up.stdout).toMatch(new RegExp(`Moved ${inBucket.length} file\\(s\\)`));
    expect(await s3.keys()).toEqual(inBucket);
    expect([...onDisk('uploads'), ...onDisk('materials')]).toEqual([]);
    const back = await t.request(student, { method: 'GET', url: material.fileUrl });
    expect(back.statusCode).toBe(200);
    expect(back.rawPayload.equals(content)).toBe(true);
    expect((await t.request(null, { method: 'GET', url: photoUrl })).statusCode).toBe(200);
    // Two runs of the command, each a new tsx process: beside the browser suite on two cores,
    // more than the default 30 s.
  }, 120_000);
});

describe('backups with a bucket', () => {
  it('copies the bucket\'s files into the backup, laid out as the data folder would hold them, and restores them into a bucket', async () => {
    await uploadPhoto(student);
    const inBucket = await s3.keys();
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'studynest-s3-backup-'));
    try {
      const { dir, manifest } = await backupData(t.deps.config, root);
      for (const key of inBucket) expect(fs.existsSync(path.join(dir, 'files', key)), key).toBe(true);
      expect(manifest.files).toBeGreaterThanOrEqual(inBucket.length);
      expect(await s3.keys()).toEqual(inBucket);

      // Restored where a bucket is configured: the files go on into that bucket, not the folder.
      const target = await createTestDatabase();
      const bucket = await startLocalS3('studynest-restored');
      try {
        const storage = loadConfig({ AUTH_SECRET: 'x'.repeat(32), S3_URL: bucket.url }).storage;
        await restoreData({ dataDir: target.dataDir, database: target.database, storage }, dir);
        expect(await bucket.keys()).toEqual(inBucket);
        for (const folder of ['uploads', 'materials']) {
          const local = path.join(target.dataDir, folder);
          expect(fs.existsSync(local) ? fs.readdirSync(local) : []).toEqual([]);
        }
      } finally {
        await bucket.close();
        await target.drop();
      }
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
    // A dump, a new database and a restore.
  }, 120_000);
});

describe('storage configuration', () => {
  const base = { AUTH_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/studynest-config-test' };
  it('reads S3_URL: endpoint, keys, bucket, prefix and region', () => {
    expect(loadConfig({ ...base, S3_URL: 'https://AKIA%2F1:s%40cret@s3.example.com:9000/files/studynest/prod?region=eu-west-3' }).storage).toEqual({
      endpoint: 'https://s3.example.com:9000', region: 'eu-west-3', bucket: 'files', prefix: 'studynest/prod/',
      credentials: { accessKeyId: 'AKIA/1', secretAccessKey: 's@cret' }, forcePathStyle: true,
    });
  });
  it('reads the separate variables, AWS S3 without an endpoint', () => {
    expect(loadConfig({ ...base, S3_BUCKET: 'studynest-files', S3_REGION: 'eu-central-1' }).storage).toEqual({
      endpoint: undefined, region: 'eu-central-1', bucket: 'studynest-files', prefix: '', credentials: undefined, forcePathStyle: false,
    });
    expect(loadConfig(base).storage).toBeUndefined();
  });
  it('stops at start on a half or double configuration, naming the variable', () => {
    expect(() => loadConfig({ ...base, S3_URL: 'https://s3.example.com/' })).toThrow(/S3_URL: name the bucket/);
    expect(() => loadConfig({ ...base, S3_URL: 'https://s3.example.com/b', S3_BUCKET: 'other' })).toThrow(/S3_URL: set either/);
    expect(() => loadConfig({ ...base, S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_BUCKET:/);
    expect(() => loadConfig({ ...base, S3_BUCKET: 'bucket', S3_ACCESS_KEY_ID: 'a' })).toThrow(/S3_SECRET_ACCESS_KEY:/);
  });
});
