// Backups of a running StudyNest (`npm run backup`, `npm run restore`): the database as one
// consistent snapshot, then the data folder's files. See the README's "Backups".
//
// SQLite is copied with its online backup API from a connection of our own, in one step: the
// step reads one committed state of the database while the server goes on writing (WAL), never
// a file copy of a database being written. PostgreSQL is dumped with pg_dump, which reads one
// snapshot too. Files are copied after the database: a file is written before the row that
// names it commits, so every file the snapshot refers to is already complete on disk (files
// written later come along unreferenced, and the hourly cleanup removes unused photos). With a
// bucket (S3_URL), its files are copied into the backup as if they were on disk, and a restore
// moves them into the configured bucket (server/storage/move-files.ts).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { Config } from '#server/config.ts';
import { diskStorage } from '#server/storage/disk-storage.ts';
import { fileStorage } from '#server/storage/storage-of-config.ts';
import { moveFiles } from '#server/storage/move-files.ts';

const MANIFEST = 'manifest.json';
const FILES = 'files';
const SQLITE_COPY = 'studynest.db';
const PG_DUMP = 'studynest.pgdump';
/** Left out of a backup: sent mail only (the dev outbox); the database goes in as a snapshot. */
const SKIPPED_DIRS = new Set(['outbox']);

export interface BackupManifest {
  format: 1;
  createdAt: string;
  database: 'sqlite' | 'postgres';
  /** The database snapshot's file in the backup folder. */
  databaseFile: string;
  files: number;
}

export interface BackupResult {
  dir: string;
  manifest: BackupManifest;
}

export class BackupError extends Error {}

/** Where backups go without a path on the command line: next to the data folder. */
export const defaultBackupRoot = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, '..', 'backups');

/** Writes a dated backup folder under `root` (written as `<name>.partial`, renamed when complete). */
export async function backupData(config: Pick<Config, 'dataDir' | 'database'> & { storage?: Config['storage'] }, root: string = defaultBackupRoot(config), now = new Date()): Promise<BackupResult> {
  const backupRoot = path.resolve(root);
  if (isInside(backupRoot, config.dataDir)) throw new BackupError(`Write backups outside the data folder (${config.dataDir}), not into ${backupRoot}.`);
  const name = `studynest-${now.toISOString().replace(/[:.]/g, '-')}`;
  const dir = path.join(backupRoot, name);
  const partial = `${dir}.partial`;
  if (fs.existsSync(dir) || fs.existsSync(partial)) throw new BackupError(`${dir} already exists.`);
  if (config.database.dialect === 'sqlite' && !fs.existsSync(config.database.file)) throw new BackupError(`There is no database at ${config.database.file}.`);
  fs.mkdirSync(partial, { recursive: true, mode: 0o700 });
  try {
    const databaseFile = config.database.dialect === 'sqlite' ? SQLITE_COPY : PG_DUMP;
    if (config.database.dialect === 'sqlite') await snapshotSqlite(config.database.file, path.join(partial, databaseFile));
    else await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${path.join(partial, databaseFile)}`], config.database.url);
    let files = await copyTree(config.dataDir, path.join(partial, FILES), (source) => !isDatabaseFile(config, source) && !isInside(source, backupRoot));
    if (config.storage) files += (await moveFiles(fileStorage(config), diskStorage(path.join(partial, FILES)), { keepSource: true })).moved;
    const manifest: BackupManifest = { format: 1, createdAt: now.toISOString(), database: config.database.dialect, databaseFile, files };
    fs.writeFileSync(path.join(partial, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    fs.chmodSync(path.join(partial, databaseFile), 0o600);
    fs.renameSync(partial, dir);
    return { dir, manifest };
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true });
    throw error;
  }
}

export interface RestoreResult {
  manifest: BackupManifest;
  dataDir: string;
}

/** Restores a backup folder into an empty data folder (and an empty database); refuses anything else. */
export async function restoreData(config: Pick<Config, 'dataDir' | 'database'> & { storage?: Config['storage'] }, backupDir: string): Promise<RestoreResult> {
  const source = path.resolve(backupDir);
  const manifest = readManifest(source);
  if (manifest.database !== config.database.dialect) {
    throw new BackupError(`This backup holds a ${manifest.database} database but DATABASE_URL points to ${config.database.dialect}.`);
  }
  // Nothing is written before every check has passed: a live or used folder stays as it was.
  const present = fs.existsSync(config.dataDir) ? fs.readdirSync(config.dataDir) : [];
  if (present.length > 0) {
    throw new BackupError(`The data folder ${config.dataDir} is not empty (${present.slice(0, 5).join(', ')}${present.length > 5 ? ', …' : ''}): restore only into an empty folder. Stop StudyNest and move the folder aside first.`);
  }
  if (config.database.dialect === 'sqlite') {
    const file = config.database.file;
    if (['', '-wal', '-shm', '-journal'].some((suffix) => fs.existsSync(file + suffix))) {
      throw new BackupError(`The database ${file} already exists: restore only where there is none. Stop StudyNest and move it aside first.`);
    }
  } else if (await postgresHasTables(config.database.url)) {
    throw new BackupError('The PostgreSQL database of DATABASE_URL already has tables: restore only into an empty database (createdb a new one).');
  }

  fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const filesDir = path.join(source, FILES);
  if (fs.existsSync(filesDir)) await copyTree(filesDir, config.dataDir, () => true);
  // With a bucket configured, the uploaded files go on into it.
  if (config.storage) await moveFiles(diskStorage(config.dataDir), fileStorage(config));
  const snapshot = path.join(source, manifest.databaseFile);
  if (config.database.dialect === 'sqlite') {
    // Copied under another name and checked before it takes the database's name, so that a
    // restore cut short never leaves something StudyNest would start on.
    const file = config.database.file;
    const restoring = `${file}.restoring`;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.copyFileSync(snapshot, restoring, fs.constants.COPYFILE_EXCL);
    checkIntegrity(restoring);
    fs.renameSync(restoring, file);
  } else {
    await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', snapshot], config.database.url);
  }
  return { manifest, dataDir: config.dataDir };
}

async function snapshotSqlite(file: string, target: string): Promise<void> {
  const source = new SQLite(file, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    // Every page in one step, so the copy is one committed state: between steps a write by the
    // server would make SQLite start the copy over (and over, on a busy database).
    await source.backup(target, { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
  checkIntegrity(target);
}

function checkIntegrity(file: string): void {
  const db = new SQLite(file, { fileMustExist: true });
  try {
    const result = db.pragma('integrity_check', { simple: true });
    if (result !== 'ok') throw new BackupError(`The database copy ${file} failed SQLite's integrity check: ${String(result)}`);
  } finally {
    db.close();
  }
}

function readManifest(dir: string): BackupManifest {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(dir, MANIFEST), 'utf8')) as BackupManifest;
  } catch {
    throw new BackupError(`${dir} is not a StudyNest backup (no readable ${MANIFEST}).`);
  }
  if (manifest.format !== 1 || !fs.existsSync(path.join(dir, path.basename(manifest.databaseFile)))) {
    throw new BackupError(`${dir} is not a complete StudyNest backup.`);
  }
  return manifest;
}

/** Copies regular files under `from` to `to` (keeping the folders), skipping the dev outbox; returns how many. */
async function copyTree(from: string, to: string, keep: (source: string) => boolean): Promise<number> {
  let count = 0;
  const walk = async (dir: string, relative: string): Promise<void> => {
    let entries: fs.Dirent[];
    try {
      entries = await fs.promises.readdir(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      const source = path.join(dir, entry.name);
      const target = path.join(to, relative, entry.name);
      if (!keep(source)) continue;
      if (entry.isDirectory()) {
        if (relative === '' && SKIPPED_DIRS.has(entry.name)) continue;
        await fs.promises.mkdir(target, { recursive: true, mode: 0o700 });
        await walk(source, path.join(relative, entry.name));
      } else if (entry.isFile()) {
        try {
          await fs.promises.copyFile(source, target, fs.constants.COPYFILE_EXCL);
          count++;
        } catch (error) {
          // Removed since it was listed (a photo nobody used, a replaced material): nothing to keep.
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        }
      }
    }
  };
  await fs.promises.mkdir(to, { recursive: true, mode: 0o700 });
  await walk(from, '');
  return count;
}

function isDatabaseFile(config: Pick<Config, 'database'>, file: string): boolean {
  if (config.database.dialect !== 'sqlite') return false;
  const db = path.resolve(config.database.file);
  return ['', '-wal', '-shm', '-journal', '.restoring'].some((suffix) => path.resolve(file) === db + suffix);
}

function isInside(child: string, parent: string): boolean {
  const relative = path.relative(path.resolve(parent), path.resolve(child));
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

async function postgresHasTables(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>("select count(*) as n from information_schema.tables where table_schema = 'public'");
    return Number(rows[0]?.n) > 0;
  } finally {
    await client.end();
  }
}

/** Runs pg_dump/pg_restore on the database of `url`; its password goes in the environment, not on the command line. */
function run(command: 'pg_dump' | 'pg_restore', args: string[], url: string): Promise<void> {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  const env = { ...process.env, ...(password && { PGPASSWORD: password }) };
  return new Promise((resolve, reject) => {
    const child = spawn(command, [`--dbname=${parsed.toString()}`, ...args], { env, stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(new BackupError(error.code === 'ENOENT' ? `${command} was not found: install PostgreSQL's client tools (e.g. apt-get install postgresql-client).` : error.message)),
    );
    child.on('close', (code) => (code === 0 ? resolve() : reject(new BackupError(`${command} failed (exit ${String(code)}): ${stderr.trim()}`))));
  });
}
