// The app's dependencies as its features receive them: the core (server/core-deps.ts) and what
// each feature declares it needs beyond it, composed here, at the top. Nothing below imports this
// file: core code and features name the core, or their own declared needs (docs/decisions/046-no-hidden-state.md).
import { changeSignal } from '#server/db/change-signal.ts';
import type { SessionChange } from '#server/auth/current-user.ts';
import type { CoreDeps } from '#server/core-deps.ts';
import { bookingsService, type BookingsDeps, type BookingsService } from '#server/features/bookings/public.ts';
import type { MyDataDeps } from '#server/features/my-data/public.ts';
import { paymentsService, type PaymentsService } from '#server/features/payments/public.ts';
import { publicListCache, type PublicListCache, type SessionsDeps } from '#server/features/sessions/public.ts';

/**
 * What every feature's routes receive: passed explicitly, no container, no module-level
 * registry (each app, and each test's app, has its own). Built by buildAppDeps.
 */
export type AppDeps = SessionsDeps &
  BookingsDeps &
  MyDataDeps & {
    /**
     * Payments, built once: its routes use it whole; the lower features see it through ports they
     * own (BookingPayments, SessionRefunds), which features/payments implements. Dependencies
     * between features run one way; this is how a lower one reaches a higher one
     * (docs/decisions/019-boundaries.md).
     */
    payments: PaymentsService;
    /** The public session lists' response cache: dropped by every change to what they show. */
    publicLists: PublicListCache;
    /** The bookings service, built once: its routes and "my data" share it. */
    bookings: BookingsService;
    /**
     * Tells the other processes on the same PostgreSQL database of every session-cache and list
     * invalidation, and applies theirs (docs/decisions/023-change-signal.md). `start` when the app
     * is ready (the operator's CLI: `{ listen: false }`, it only tells), `stop` before the database closes.
     */
    changes: { start(options?: { listen?: boolean }): Promise<void>; stop(): Promise<void> };
  };

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
      detach = core.callers.relay((change) => signal.publish(change));
      if (options.listen === false) return;
      await signal.listen((change) => {
        if (change?.kind === 'lists') return lists.invalidate();
        core.callers.apply(change);
        if (!change) lists.invalidate();
      });
    },
    async stop() {
      detach?.();
      await signal.close();
    },
  };
  const payments = paymentsService(core);
  const bookings = bookingsService({ ...core, payments });
  return { ...core, payments, publicLists, bookings, changes };
}
