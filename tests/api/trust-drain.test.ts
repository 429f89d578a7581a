// SIGTERM with a drain grace (DRAIN_GRACE_MS, server/http/drain.ts): /api/health says not ready at
// once, every request is still served until the grace ends, each answer closing its kept-alive
// connection, and then the process exits 0. Runs the production bundle as a real process.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltServer, type BuiltServer } from '#tests/helpers/built-server.ts';
import { createTestDatabase, type TestDatabase } from '#tests/helpers/test-database.ts';

let db: TestDatabase;
let server: BuiltServer | undefined;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  if (server && server.proc.exitCode === null) server.proc.kill('SIGKILL');
  await db?.drop();
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The local port of the connection it came on: the same port, the same kept-alive connection. */
  localPort: number;
}

function get(port: number, path: string, agent: http.Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body, localPort: req.socket?.localPort ?? 0 }));
    });
    req.on('error', reject);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('draining on SIGTERM', () => {
  it('turns /api/health to 503, keeps serving with Connection: close until the grace ends, then exits 0', async () => {
    const env: Record<string, string> =
      db.database.dialect === 'postgres' ? { DATABASE_URL: db.database.url, DATA_DIR: db.dataDir } : { DATABASE_URL: db.database.file, DATA_DIR: db.dataDir };
    const graceMs = 3_000;
    server = await startBuiltServer({ env: { ...env, DRAIN_GRACE_MS: String(graceMs) } });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

    const before = await get(server.port, '/api/health', agent);
    expect(before.status).toBe(200);
    expect(before.headers.connection).toBe('keep-alive');
    // Idle connections are kept longer than a balancer keeps its own (60 s): it closes them first.
    expect(Number(/timeout=(\d+)/.exec(String(before.headers['keep-alive']))?.[1])).toBeGreaterThan(60);

    const signalled = Date.now();
    server.proc.kill('SIGTERM');
    await sleep(300);

    // The same kept-alive connection: not ready, and closed after this answer.
    const health = await get(server.port, '/api/health', agent);
    expect(health.localPort).toBe(before.localPort);
    expect(health.status).toBe(503);
    expect(JSON.parse(health.body)).toMatchObject({ status: 'unavailable', database: 'up' });
    expect(health.headers.connection).toBe('close');

    // New connections are served as usual while the balancer moves away, every one closed after its answer.
    for (const path of ['/api/sessions', '/api/config', '/no/such/path']) {
      const res = await get(server.port, path, agent);
      expect(res.status, path).toBe(path === '/no/such/path' ? 404 : 200);
      expect(res.headers.connection, path).toBe('close');
    }
    await sleep(graceMs - (Date.now() - signalled) - 700);
    expect((await get(server.port, '/api/sessions', agent)).status).toBe(200);

    expect(await server.exited).toBe(0);
    const took = Date.now() - signalled;
    expect(took).toBeGreaterThanOrEqual(graceMs);
    expect(took).toBeLessThan(graceMs + 10_000);
    expect(server.output()).not.toMatch(/"level":(50|60)/);
    agent.destroy();
  });
});
