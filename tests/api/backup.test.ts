// `npm run backup` of a database being written, and `npm run restore`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackupError, backupData, restoreData } from '#server/backup/backup.ts';
import { createDb, type Db } from '#server/db/database.ts';
import { createStudySession } from '#tests/factories.ts';
import { createTestApp, type Actor, type TestApp } from '#tests/helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from '#tests/helpers/test-database.ts';
import { json } from '#tests/helpers/request-helpers.ts';
import { runScript, type ScriptRun } from '#tests/helpers/run-script.ts';

let t: TestApp;
let tutor: Actor;
let students: Actor[];
let sessions: { id: string }[];
let backupRoot: string;
const restoredDatabases: TestDatabase[] = [];

beforeAll(async () => {
  t = await createTestApp();
  tutor = await t.actor({ role: 'tutor' });
  students = await Promise.all(Array.from({ length: 24 }, () => t.actor({ role: 'student' })));
  sessions = await Promise.all(Array.from({ length: 12 }, () => createStudySession(t.deps, tutor.user!, { maxParticipants: 100 })));
  backupRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'studynest-backups-'));
}, 120_000);
afterAll(async () => {
  await t?.close();
  for (const db of restoredDatabases) await db.drop();
  if (backupRoot) fs.rmSync(backupRoot, { recursive: true, force: true });
});

/** A PDF small enough to read, real enough for file-type to recognise. */
function pdfBytes(marker: string): Buffer {
  return Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n% ${marker}\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
}

async function addPdf(sessionId: string, title: string, content: Buffer): Promise<string> {
  const boundary = '----studynest-backup-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="sessionId"\r\n\r\n${sessionId}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\n${title}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${title}.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.request(tutor, { method: 'POST', url: '/api/materials', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}

const pairKey = (studentId: string, sessionId: string) => `${studentId}/${sessionId}`;

/** Every booking as student/session, and whether each session's seat count matches its bookings. */
async function readBookings(db: Db) {
  const rows = await db.kysely.selectFrom('booking').select(['studentId', 'sessionId', 'status']).execute();
  const counts = await db.kysely.selectFrom('study_session').select(['id', 'bookedCount']).execute();
  const seated = new Map<string, number>();
  for (const r of rows) if (r.status === 'confirmed' || r.status === 'pending_payment') seated.set(r.sessionId, (seated.get(r.sessionId) ?? 0) + 1);
  return {
    pairs: new Set(rows.map((r) => pairKey(r.studentId, r.sessionId))),
    countsMatch: counts.every((s) => Number(s.bookedCount) === (seated.get(s.id) ?? 0)),
  };
}

/** Runs `npm run backup -- <root>` (its script, through tsx) against the test app's data folder and database. */
function runBackupCommand(root: string): Promise<ScriptRun> {
  const { database } = t.deps.config;
  // Only what a shell would have (Vitest's own environment sets BASE_URL to '/').
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'test', DATA_DIR: t.deps.config.dataDir, DATABASE_URL: database.dialect === 'sqlite' ? database.file : database.url };
  return runScript(['scripts/backup.ts', root], env);
}

describe('npm run backup while bookings are written, then npm run restore', () => {
  it('restores every booking acknowledged before the backup and every file', async () => {
    const files = new Map<string, Buffer>();
    for (const [i, s] of sessions.slice(0, 3).entries()) {
      const content = pdfBytes(`handout ${i}`);
      const id = await addPdf(s.id, `Handout ${i}`, content);
      const row = await t.deps.db.kysely.selectFrom('material').select('fileKey').where('id', '=', id).executeTakeFirstOrThrow();
      files.set(row.fileKey!, content);
    }
    fs.mkdirSync(path.join(t.deps.config.dataDir, 'outbox'), { recursive: true });
    fs.writeFileSync(path.join(t.deps.config.dataDir, 'outbox', 'sent.eml'), 'Subject: sent mail stays out of backups\r\n\r\n');

    // Students book one session after another, and the tutor uploads a handout every few
    // bookings, until the backup command has finished.
    const pairs = students.flatMap((student) => sessions.map((session) => ({ student, session })));
    const acknowledged: { key: string; at: number }[] = [];
    const uploaded: { id: string; fileKey: string; content: Buffer; at: number }[] = [];
    let backupDone = false;
    const writer = (async () => {
      for (const [i, { student, session }] of pairs.entries()) {
        if (backupDone) break;
        const res = await t.request(student, { method: 'POST', url: '/api/book-session', ...json({ sessionId: session.id }) });
        expect(res.statusCode, res.body).toBe(201);
        acknowledged.push({ key: pairKey(student.user!.id, session.id), at: performance.now() });
        if (i % 5 === 0) {
          const content = pdfBytes(`handout during the backup ${i}`);
          const id = await addPdf(session.id, `During ${i}`, content);
          const at = performance.now();
          const row = await t.deps.db.kysely.selectFrom('material').select('fileKey').where('id', '=', id).executeTakeFirstOrThrow();
          uploaded.push({ id, fileKey: row.fileKey!, content, at });
        }
        await new Promise((resolve) => setTimeout(resolve, 3));
      }
    })();
    while (acknowledged.length < 20) await new Promise((resolve) => setTimeout(resolve, 5));

    const startedAt = performance.now();
    const result = await runBackupCommand(backupRoot);
    const endedAt = performance.now();
    backupDone = true;
    await writer;

    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const dir = /to (\S+)\n?$/.exec(result.stdout)?.[1];
    expect(dir, result.stdout).toBeDefined();
    expect(path.dirname(dir!)).toBe(backupRoot);
    expect(path.basename(dir!)).toMatch(/^studynest-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z$/);
    // The backup ran while bookings and files were being acknowledged.
    expect(acknowledged.filter((a) => a.at > startedAt && a.at < endedAt).length).toBeGreaterThan(0);
    expect(uploaded.filter((u) => u.at > startedAt && u.at < endedAt).length).toBeGreaterThan(0);

    const target = await createTestDatabase();
    restoredDatabases.push(target);
    const restored = await restoreData({ dataDir: target.dataDir, database: target.database }, dir!);
    expect(restored.manifest.database).toBe(t.deps.db.dialect);

    const db = createDb(target.database);
    try {
      const { pairs: restoredPairs, countsMatch } = await readBookings(db);
      for (const a of acknowledged.filter((a) => a.at < startedAt)) expect(restoredPairs.has(a.key), a.key).toBe(true);
      const attempted = new Set(acknowledged.map((a) => a.key));
      for (const key of restoredPairs) expect(attempted.has(key), key).toBe(true);
      expect(countsMatch).toBe(true);
      // The accounts came along.
      const users = await db.kysely.selectFrom('user').select('email').execute();
      expect(users.map((u) => u.email)).toContain(students[0]!.user!.email);
      // Every handout acknowledged before the backup is there; every handout the snapshot names has its whole file.
      const materials = await db.kysely.selectFrom('material').select(['id', 'fileKey']).execute();
      const restoredIds = new Set(materials.map((m) => m.id));
      for (const u of uploaded.filter((u) => u.at < startedAt)) expect(restoredIds.has(u.id), u.id).toBe(true);
      for (const u of uploaded.filter((u) => restoredIds.has(u.id))) files.set(u.fileKey, u.content);
      for (const m of materials) expect(files.has(m.fileKey!), m.id).toBe(true);
    } finally {
      await db.destroy();
    }
    for (const [key, content] of files) expect(fs.readFileSync(path.join(target.dataDir, 'materials', key))).toEqual(content);
    expect(fs.existsSync(path.join(target.dataDir, 'outbox'))).toBe(false);
  }, 120_000);

  it('refuses to restore into a data folder in use, and leaves it as it was', async () => {
    const { dir } = await backupData(t.deps.config, backupRoot, new Date(Date.now() + 60_000));
    const before = (await t.deps.db.kysely.selectFrom('booking').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    const listing = fs.readdirSync(t.deps.config.dataDir).sort();

    await expect(restoreData(t.deps.config, dir)).rejects.toThrow(BackupError);
    await expect(restoreData(t.deps.config, dir)).rejects.toThrow(/not empty/);
    expect(fs.readdirSync(t.deps.config.dataDir).sort()).toEqual(listing);
    const after = (await t.deps.db.kysely.selectFrom('booking').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    expect(Number(after)).toBe(Number(before));
  });

  it('refuses an empty data folder whose database already has data, a folder that is no backup, and a backup inside the data folder', async () => {
    const { dir } = await backupData(t.deps.config, backupRoot, new Date(Date.now() + 120_000));
    // An empty folder but the live database (DATABASE_URL pointing at it).
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'studynest-empty-'));
    try {
      await expect(restoreData({ dataDir: empty, database: t.deps.config.database }, dir)).rejects.toThrow(/already (exists|has tables)/);
      expect(fs.readdirSync(empty)).toEqual([]);
      await expect(restoreData({ dataDir: empty, database: t.deps.config.database }, empty)).rejects.toThrow(/not a StudyNest backup/);
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
    await expect(backupData(t.deps.config, path.join(t.deps.config.dataDir, 'backups'))).rejects.toThrow(/outside the data folder/);
  });
});
