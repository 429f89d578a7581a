import type { FastifyBaseLogger } from 'fastify';
import type { Auth } from '#server/auth/auth.ts';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/database.ts';
import type { Mailer } from '#server/email/mailer.ts';

/** What every feature's routes receive: passed explicitly, no container. */
export interface AppDeps {
  config: Config;
  db: Db;
  auth: Auth;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** The clock; tests may replace it. */
  now: () => Date;
}
