import type { FastifyBaseLogger } from 'fastify';
import type { Auth } from '#server/auth/auth.ts';
import { applySessionChange, relaySessionChanges, type SessionChange } from '#server/auth/current-user.ts';
import type { Config } from '#server/config.ts';
import { changeSignal } from '#server/db/change-signal.ts';
import type { Db } from '#server/db/database.ts';
import type { Mailer } from '#server/email/mailer.ts';
import type { Jobs } from '#server/jobs/jobs.ts';
import type { FileStorage } from '#server/storage/file-storage.ts';
import { fileStorage } from '#server/storage/storage-of-config.ts';
import { paymentsService, type PaymentsService } from '#server/features/payments/public.ts';
import { publicListCache, type PublicListCache } from '#server/features/sessions/public.ts';

/**
 * What every feature's routes receive: passed explicitly, no container, no module-level
 * registry (each app, and each test's app, has its own). Built by buildAppDeps.
 */
export interface AppDeps extends CoreDeps {
  /**
   * Payments, built once: its routes use it whole; the lower features see it through ports they
   * own (BookingPayments, SessionRefunds), which features/payments implements. Dependencies
   * between features run one way; this is how a lower one reaches a higher one
   * (docs/decisions/019-boundaries.md).
   */
  payments: PaymentsService;
  /** The public session lists' response cache: dropped by every change to what they show. */
  publicLists: PublicListCache;
  /** Uploaded files: the data folder, or an S3-compatible bucket (server/storage/file-storage.ts). */
  files: FileStorage;
  /**
   * Tells the other processes on the same PostgreSQL database of every session-cache and list
   * invalidation, and applies theirs (docs/decisions/023-change-signal.md). `start` when the app
   * is ready (the operator's CLI: `{ listen: false }`, it only tells), `stop` before the database closes.
   */
  changes: { start(options?: { listen?: boolean }): Promise<void>; stop(): Promise<void> };
}

type Change = SessionChange | { kind: 'lists' };

/** The features' shared parts, built once per app (server/app.ts) or per operator command (scripts/admin.ts). */
export function buildAppDeps(core: CoreDeps): AppDeps {
  const signal = changeSignal<Change>({ database: core.config.database, db: core.db, log: core.log });
  const lists = publicListCache(core.config.listCacheMs);
  // What this process changes, the others hear: the lists' invalidation is passed on as it is made.
  const publicLists: PublicListCache = {
    send: (reply, key, schema, load) => lists.send(reply, key, schema, load),
    invalidate() {
      lists.invalidate();
      signal.publish({ kind: 'lists' });
    },
    get version() {
      return lists.version;
    },
  };
  // A unit of work that declared the lists changed drops them once it commits (server/db/unit-of-work.ts).
  core.db.onCommit((committed) => {
    if (committed.changed.has('publicLists')) publicLists.invalidate();
  });
  let detach: (() => void) | null = null;
  const changes: AppDeps['changes'] = {
    async start(options = {}) {
      detach = relaySessionChanges((change) => signal.publish(change));
      if (options.listen === false) return;
      await signal.listen((change) => {
        if (change?.kind === 'lists') return lists.invalidate();
        applySessionChange(change);
        if (!change) lists.invalidate();
      });
    },
    async stop() {
      detach?.();
      await signal.close();
    },
  };
  return { ...core, payments: paymentsService(core), publicLists, files: fileStorage(core.config), changes };
}

/** What the app builds before its features: everything a feature's service may be built from. */
export interface CoreDeps {
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
