// "Something changed, re-read it": PostgreSQL's LISTEN/NOTIFY between the processes that share
// one database (docs/decisions/023-change-signal.md). Only a signal: what changed is always read
// from the database again, and the caches it clears still expire by their TTL, so a notification
// lost with a dropped connection costs at most the TTL. Each process listens on one connection of
// its own (outside the pool) and publishes through the pool once the change has committed. On
// SQLite there is one process by design and nothing to tell.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type pg from 'pg';
import type { Config } from '#server/config.ts';
import type { Db } from './database.ts';

export const CHANGE_CHANNEL = 'studynest_changes';
/** After a lost connection: try again after this (doubling up to 10 s). */
const RECONNECT_MS = 500;

export interface ChangeSignal<T> {
  /** Tells the other processes (never this one). Fire and forget: a failure is logged, the TTLs cover it. */
  publish(message: T): void;
  /**
   * Calls `apply` with each message of another process, and with `null` whenever the listening
   * connection was (re)opened after a loss: messages may have been missed, drop everything.
   */
  listen(apply: (message: T | null) => void): Promise<void>;
  /** Waits for the messages being published, then stops listening. */
  close(): Promise<void>;
}

const load = createRequire(import.meta.url);

export function changeSignal<T extends object>(opts: { database: Config['database']; db: Db; log: FastifyBaseLogger }): ChangeSignal<T> {
  const { database, db, log } = opts;
  if (database.dialect !== 'postgres') return { publish() {}, async listen() {}, async close() {} };
  const url = database.url;

  const origin = randomUUID();
  const inFlight = new Set<Promise<unknown>>();
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  async function connect(apply: (message: T | null) => void, delayMs: number, afterLoss: boolean): Promise<void> {
    const { Client } = load('pg') as typeof pg;
    const c = new Client({ connectionString: url, connectionTimeoutMillis: 5000 });
    const lost = (error?: Error) => {
      if (closed || client !== c) return;
      client = null;
      log.warn({ err: error }, 'change signal: listening connection lost; caches fall back to their TTL until it is back');
      c.removeAllListeners();
      c.on('error', () => {});
      void c.end().catch(() => undefined);
      retry = setTimeout(() => void connect(apply, Math.min(delayMs * 2, 10_000), true), delayMs);
      retry.unref();
    };
    c.on('error', lost);
    c.on('end', () => lost());
    c.on('notification', (n) => {
      if (n.channel !== CHANGE_CHANNEL || !n.payload) return;
      try {
        const { o, m } = JSON.parse(n.payload) as { o: string; m: T };
        if (o !== origin) apply(m);
      } catch (error) {
        log.warn({ err: error }, 'change signal: unreadable notification ignored');
      }
    });
    client = c;
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANGE_CHANNEL}`);
      if (afterLoss) apply(null);
    } catch (error) {
      // Never thrown: a database that is down now is tried again (lost() does nothing when the
      // connection's 'error' or 'end' already handled this loss).
      lost(error as Error);
    }
  }

  return {
    publish(message) {
      const payload = JSON.stringify({ o: origin, m: message });
      const sent = sql`select pg_notify(${CHANGE_CHANNEL}, ${payload})`.execute(db.kysely).catch((error: unknown) => {
        log.warn({ err: error }, 'change signal: could not notify the other processes; they see the change within the caches\' TTL');
      });
      inFlight.add(sent);
      void sent.finally(() => inFlight.delete(sent));
    },
    async listen(apply) {
      await connect(apply, RECONNECT_MS, false);
    },
    async close() {
      await Promise.all([...inFlight]);
      closed = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = null;
      if (c) await c.end().catch(() => undefined);
    },
  };
}
