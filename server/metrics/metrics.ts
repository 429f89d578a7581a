// GET /metrics in Prometheus' text format (prom-client), what an operator alerts on and draws
// (docs/operations/alerts.yml, docs/operations/grafana-dashboard.json; decision 048). Off unless
// METRICS_TOKEN is set: no route, no hook, nothing measured. On, only a scraper sending
// `Authorization: Bearer <token>` is answered; anyone else gets the same 404 as when it is off.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '#server/db/database.ts';
import type { Mailer } from '#server/email/mailer.ts';

export const METRICS_PATH = '/metrics';

/** Seconds: from a cached list (milliseconds) to a slow export or a file upload. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface Metrics {
  /** The mailer, counting each email handed to SMTP (or the outbox) and each refused. */
  countMail(mailer: Mailer): Mailer;
}

const OFF: Metrics = { countMail: (mailer) => mailer };

/** Same length whatever was sent, so the comparison's time says nothing about the token. */
const digest = (text: string) => createHash('sha256').update(text).digest();

export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer (\S+)$/i.exec(header ?? '');
  return timingSafeEqual(digest(match?.[1] ?? ''), digest(token)) && match !== null;
}

/**
 * Registers the hooks and the route on `app` (before any plugin, so that every route is
 * counted: Fastify gives a plugin the hooks its parent had when it was registered).
 */
export function installMetrics(app: FastifyInstance, opts: { token: string | undefined; db: Db }): Metrics {
  const { token, db } = opts;
  if (!token) return OFF;
  const registry = new Registry();
  // Event-loop delay (nodejs_eventloop_lag_*), heap and RSS (nodejs_heap_*, process_resident_memory_bytes), CPU, handles.
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({ name: 'studynest_http_requests_total', help: 'HTTP requests answered, by route template, method and status', labelNames: ['route', 'method', 'status'], registers: [registry] });
  const latency = new Histogram({ name: 'studynest_http_request_duration_seconds', help: 'Time from a request\'s arrival to its answer, by route template, method and status', labelNames: ['route', 'method', 'status'], buckets: LATENCY_BUCKETS, registers: [registry] });
  const emails = new Counter({ name: 'studynest_emails_total', help: 'Emails handed to the SMTP server (or the outbox), by result: sent or failed (the job tries again later, or gives up)', labelNames: ['result'], registers: [registry] });
  emails.inc({ result: 'sent' }, 0);
  emails.inc({ result: 'failed' }, 0);

  new Gauge({
    name: 'studynest_db_pool_waiting',
    help: 'Queries waiting for one of the database pool\'s connections (PostgreSQL; always 0 on SQLite)',
    registers: [registry],
    collect() {
      this.set(db.waitingForConnection());
    },
  });
  new Gauge({
    name: 'studynest_jobs',
    help: 'Background jobs by kind and state: queued (waiting for its time or a worker), running, failed (queued again after an error) and dead (gave up)',
    labelNames: ['kind', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await jobCounts(db)) this.set({ kind: row.kind, state: row.state }, row.n);
    },
  });
  new Gauge({
    name: 'studynest_jobs_oldest_due_age_seconds',
    help: 'How long the oldest job whose time has come has waited for a worker (0: none waiting)',
    registers: [registry],
    async collect() {
      this.set(await oldestDueSeconds(db));
    },
  });

  new Gauge({
    name: 'studynest_webhook_deliveries',
    help: 'Webhook deliveries by outcome of their latest try: delivered, retrying (tried again later) or failed (given up); each delivery is a job (decision 057)',
    labelNames: ['outcome'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const outcome of ['delivered', 'retrying', 'failed']) this.set({ outcome }, 0);
      const rows = await db.kysely.selectFrom('webhook_delivery').select((eb) => ['status', eb.fn.countAll<number>().as('n')]).groupBy('status').execute();
      for (const row of rows) this.set({ outcome: row.status }, Number(row.n));
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    const labels = { route: routeOf(request), method: request.method, status: String(reply.statusCode) };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
  });

  // Every method reaches the handler, so that no method's answer (OPTIONS' Allow, a 405) tells
  // that the path exists: only GET and HEAD with the token are answered, anything else is the 404
  // of a path that does not exist.
  app.route({ method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'], url: METRICS_PATH, exposeHeadRoute: false, schema: { hide: true }, handler: async (request, reply) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !bearerMatches(request.headers.authorization, token)) return reply.callNotFound();
    return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(await registry.metrics());
  } });

  return {
    countMail: (mailer) => ({
      async send(mail) {
        try {
          await mailer.send(mail);
        } catch (err) {
          emails.inc({ result: 'failed' });
          throw err;
        }
        emails.inc({ result: 'sent' });
      },
    }),
  };
}

/** The route's template (`/api/sessions/:id`), never the path itself: one series per route, whatever the ids. */
function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? 'unmatched';
}

async function jobCounts(db: Db): Promise<Array<{ kind: string; state: string; n: number }>> {
  const failed = sql<number>`case when ${sql.ref('status')} = 'queued' and ${sql.ref('lastError')} is not null then 1 else 0 end`;
  const rows = await db.kysely
    .selectFrom('job')
    .select((eb) => ['kind', 'status', failed.as('failedBefore'), eb.fn.countAll<number>().as('n')])
    .groupBy(['kind', 'status', failed])
    .execute();
  return rows.map((row) => ({ kind: row.kind, state: row.status === 'queued' && Number(row.failedBefore) === 1 ? 'failed' : row.status, n: Number(row.n) }));
}

async function oldestDueSeconds(db: Db): Promise<number> {
  const now = new Date();
  const due = await db.kysely
    .selectFrom('job')
    .select((eb) => eb.fn.min('runAt').as('runAt'))
    .where('status', '=', 'queued')
    .where('runAt', '<=', now.toISOString())
    .executeTakeFirst();
  const oldest = due?.runAt ? Date.parse(String(due.runAt)) : NaN;
  return Number.isNaN(oldest) ? 0 : Math.max(0, (now.getTime() - oldest) / 1000);
}
