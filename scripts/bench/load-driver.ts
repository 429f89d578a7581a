// The load generator, run as its own process so that it never shares an event loop with the
// server or the orchestrator: reads a job (JSON file named in argv), drives autocannon, prints
// one JSON line with the result. Requests are handed out from one shared list in order, so
// that no two connections send the same booking.
import fs from 'node:fs';
import autocannon from 'autocannon';

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadJob {
  url: string;
  connections: number;
  /** Seconds (ignored when `amount` is set). */
  duration: number;
  /** Exactly this many requests, each list entry at most once (the booking storm). */
  amount?: number;
  requests: LoadRequest[];
}

export interface LoadResult {
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  /** Socket errors and timeouts (HTTP statuses are in `statuses`). */
  socketErrors: number;
  statuses: Record<string, number>;
}

const job = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as LoadJob;
let next = 0;
const list = job.requests;

const started = process.hrtime.bigint();
let lastResponse = started;
const result = await new Promise<autocannon.Result>((resolve, reject) => {
  const instance = autocannon(
    {
      url: job.url,
      connections: job.connections,
      ...(job.amount ? { amount: job.amount } : { duration: job.duration }),
      timeout: 10,
      requests: [
        {
          setupRequest: (req) => {
            const r = list[next++ % list.length]!;
            return { ...req, method: r.method, path: r.path, headers: { ...(r.body ? { 'content-type': 'application/json' } : {}), ...r.headers }, body: r.body ?? '' };
          },
        },
      ],
    },
    (err, res) => (err ? reject(err) : resolve(res)),
  );
  // autocannon notices that a fixed `amount` of requests is done only at its next once-a-second
  // sample, so its own end time is up to a second after the last answer (a storm answered in
  // 2.1 s counted as 3.0 s): with `amount`, the run ends at the last answer.
  instance.on('response', () => {
    lastResponse = process.hrtime.bigint();
  });
});
const seconds = Number((job.amount ? lastResponse : process.hrtime.bigint()) - started) / 1e9;
const statuses: Record<string, number> = {};
for (const [code, stat] of Object.entries((result as unknown as { statusCodeStats: Record<string, { count: number }> }).statusCodeStats ?? {})) statuses[code] = stat.count;
const total = Object.values(statuses).reduce((a, b) => a + b, 0);
const out: LoadResult = {
  requests: total,
  seconds,
  rps: total / seconds,
  p50: result.latency.p50,
  p99: result.latency.p99,
  socketErrors: result.errors + result.timeouts,
  statuses,
};
process.stdout.write(`${JSON.stringify(out)}\n`);
