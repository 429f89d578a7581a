// SIGTERM while requests are in flight lets them finish (200) and the
// process exits 0. Runs the production bundle as a real process on a loopback port.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndIn, startBuiltServer, type BuiltServer } from '#tests/helpers/built-server.ts';
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

/** A PUT /api/user whose body arrives in pieces over `ms`: it is in flight for that long. */
function slowRename(port: number, cookie: string, name: string, ms: number, started: () => void): Promise<{ status: number; body: string }> {
  const body = Buffer.from(JSON.stringify({ name }));
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method: 'PUT', path: '/api/user', agent: false, headers: { 'content-type': 'application/json', 'content-length': body.length, cookie } },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    const pieces = 5;
    const size = Math.ceil(body.length / pieces);
    req.write(body.subarray(0, size), () => started());
    let i = 1;
    const timer = setInterval(() => {
      const chunk = body.subarray(i * size, (i + 1) * size);
      i++;
      if (i >= pieces) {
        clearInterval(timer);
        req.end(chunk);
      } else {
        req.write(chunk);
      }
    }, ms / pieces);
  });
}

describe('graceful shutdown', () => {
  it('finishes the requests in flight when SIGTERM arrives, refuses new ones, and exits 0', async () => {
    const env: Record<string, string> =
      db.database.dialect === 'postgres' ? { DATABASE_URL: db.database.url, DATA_DIR: db.dataDir } : { DATABASE_URL: db.database.file, DATA_DIR: db.dataDir };
    server = await startBuiltServer({ env });
    const cookie = await signUpAndIn(server.baseUrl, { name: 'Slow Sam', email: 'slow@example.com', password: 'plum kettle orbit 42', role: 'student' });

    const inFlight = 20;
    let started = 0;
    let allStarted!: () => void;
    const ready = new Promise<void>((r) => (allStarted = r));
    const requests = Array.from({ length: inFlight }, (_, i) =>
      slowRename(server!.port, cookie, `Renamed ${i}`, 1500, () => {
        if (++started === inFlight) allStarted();
      }),
    );
    await ready;
    await new Promise((r) => setTimeout(r, 150)); // the server has read every request's headers
    const signalled = Date.now();
    server.proc.kill('SIGTERM');

    // While closing, a new connection is not served (refused, or 503 if it slipped in).
    await new Promise((r) => setTimeout(r, 200));
    const late = await fetch(`${server.baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) }).then(
      (res) => res.status,
      () => 'refused',
    );
    expect(['refused', 503]).toContain(late);

    const results = await Promise.all(requests);
    expect(results.map((r) => r.status)).toEqual(Array(inFlight).fill(200));
    expect(results.every((r) => JSON.parse(r.body).name.startsWith('Renamed '))).toBe(true);
    expect(await server.exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(10_000); // before the forced exit
    expect(server.output()).not.toMatch(/"level":(50|60)/); // no error logged
  });
});
