// What every part of the server may be built from: the app's core, made before any feature. Core
// code and features name these, never the app's whole set (server/app-deps.ts), which names the
// features: a feature declares what it needs beyond the core as a type of its own, and the app
// composes them (docs/decisions/046-no-hidden-state.md).
import type { FastifyBaseLogger } from 'fastify';
import type { Auth } from '#server/auth/auth.ts';
import type { Callers } from '#server/auth/current-user.ts';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/database.ts';
import type { Mailer } from '#server/email/mailer.ts';
import type { Drain } from '#server/http/drain.ts';
import type { Jobs } from '#server/jobs/jobs.ts';
import type { FileStorage } from '#server/storage/file-storage.ts';

/** Built once per app (server/app.ts) or per operator command (scripts/admin.ts). */
export interface CoreDeps {
  config: Config;
  db: Db;
  auth: Auth;
  /** Who is calling: each request's signed-in user, cached per session cookie (server/auth/current-user.ts). */
  callers: Callers;
  /** Sends for real: only the outbox's jobs call it (server/email/outbox.ts). */
  mailer: Mailer;
  /** Background and scheduled work: enqueue in the transaction of its cause (server/jobs). */
  jobs: Jobs;
  /** Uploaded files: the data folder, or an S3-compatible bucket (server/storage/file-storage.ts). */
  files: FileStorage;
  log: FastifyBaseLogger;
  /** The clock; tests may replace it. */
  now: () => Date;
  /** Whether this process is stopping (server/http/drain.ts): then /api/health says it is not ready. */
  drain: Drain;
}
