import type { FastifyBaseLogger } from 'fastify';
import type { Auth } from '#server/auth/auth.ts';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/database.ts';
import type { Mailer } from '#server/email/mailer.ts';
import type { Jobs } from '#server/jobs/jobs.ts';

/** What every feature's routes receive: passed explicitly, no container. */
export interface AppDeps {
  config: Config;
  db: Db;
  auth: Auth;
  /** Sends for real: only the outbox's jobs call it (server/email/outbox.ts). */
  mailer: Mailer;
  /** Background and scheduled work: enqueue in the transaction of its cause (server/jobs). */
  jobs: Jobs;
  log: FastifyBaseLogger;
  /** The clock; tests may replace it. */
  now: () => Date;
}
