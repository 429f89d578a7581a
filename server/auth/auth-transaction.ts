// better-auth's database adapter, with real transactions for the calls whose security event must
// commit with the change (a password changed or reset and its audit entry, together or
// not at all; docs/decisions/022-sent-emails-and-security-events.md).
//
// better-auth groups a password change (or reset) in `runWithTransaction`: the sessions revoked,
// the new hash written, the reset token consumed. Given our Kysely instance as is, it runs them
// one by one. Here, inside a call the bridge (auth-routes.ts) marks with `withAuthCall`, that
// group is one Kysely transaction, and the database hooks of auth.ts write through it
// (`authExecutor`). Everywhere else better-auth runs as before: on SQLite one connection serves
// the process, and a transaction held across better-auth's other flows (sign-up queues an email
// through the main instance) would wait on itself.
import { AsyncLocalStorage } from 'node:async_hooks';
import { kyselyAdapter } from '@better-auth/kysely-adapter';
import type { BetterAuthOptions } from 'better-auth';
import type { Kysely, Transaction } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { Database } from '#server/db/schema.ts';

/** A call to better-auth whose changes commit with the audit entry of `event`. */
export interface AuthCall {
  /** Whose account it changes (found by the bridge before the call). */
  userId: string;
  ip: string;
  event: { action: string; details: Record<string, unknown> };
  at: Date;
  /** Set while better-auth's transaction is open. */
  trx: Transaction<Database> | null;
}

const calls = new AsyncLocalStorage<AuthCall>();

/** Runs `work` (the call to better-auth's handler) as `call`: its grouped writes become one transaction. */
export function withAuthCall<T>(call: Omit<AuthCall, 'trx'>, work: () => Promise<T>): Promise<T> {
  return calls.run({ ...call, trx: null }, work);
}

/** The call being made, inside better-auth's hooks. */
export function currentAuthCall(): AuthCall | undefined {
  return calls.getStore();
}

/** Where a database hook of better-auth reads and writes: its open transaction, if any. */
export function authExecutor(kysely: Kysely<Database>): Kysely<Database> {
  return calls.getStore()?.trx ?? kysely;
}

/** better-auth's `database` option: the Kysely adapter, transactional inside `withAuthCall`. */
export function authDatabase(db: Db) {
  return (options: BetterAuthOptions) => {
    const adapter = kyselyAdapter(db.kysely, { type: db.dialect })(options);
    return {
      ...adapter,
      transaction: <R>(work: (trx: typeof adapter) => Promise<R>): Promise<R> => {
        const call = calls.getStore();
        // As better-auth does without transactions: the same adapter, each write on its own.
        if (!call || call.trx) return work(adapter);
        return db.kysely.transaction().execute(async (trx) => {
          call.trx = trx;
          try {
            return await work(kyselyAdapter(trx, { type: db.dialect })(options));
          } finally {
            call.trx = null;
          }
        });
      },
    };
  };
}
