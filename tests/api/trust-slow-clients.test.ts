// A client that trickles its request (one byte every few seconds) is cut, so
// that thousands of them cannot hold the server. Over a real socket, with the timeouts shortened.
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_TIMEOUTS } from '#server/app.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp({}, { httpTimeouts: { requestMs: 1_000, headersMs: 800, checkIntervalMs: 200, keepAliveMs: 500, idleMs: 5_000 } });
  await t.http(null, { method: 'GET', path: '/api/health' }); // listens on a free port
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => t?.close());

/** Opens a socket, writes `head`, then one byte every `everyMs`; resolves when the server closes it. */
function trickle(head: string, everyMs: number): Promise<{ closedAfterMs: number; answer: string }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let timer: NodeJS.Timeout | undefined;
    socket.on('connect', () => {
      socket.write(head);
      timer = setInterval(() => socket.writable && socket.write('a'), everyMs);
    });
    socket.on('data', (d) => (answer += d.toString('utf8')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ closedAfterMs: Date.now() - started, answer });
    });
    setTimeout(() => {
      clearInterval(timer);
      socket.destroy();
      reject(new Error('the server never cut the slow client'));
    }, 10_000).unref();
  });
}

describe('slow clients are cut', () => {
  it('cuts a request whose body trickles in, within the request timeout and one check interval', async () => {
    const head = 'POST /api/create-note HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n';
    const { closedAfterMs, answer } = await trickle(head, 150);
    expect(closedAfterMs).toBeLessThan(1_000 + 200 + 1_500);
    expect(answer === '' || answer.startsWith('HTTP/1.1 408')).toBe(true);
  });

  it('cuts a request whose headers trickle in', async () => {
    const { closedAfterMs } = await trickle('GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: ', 150);
    expect(closedAfterMs).toBeLessThan(800 + 200 + 1_500);
  });

  it('still answers a normal request on the same server', async () => {
    const res = await t.http(null, { method: 'GET', path: '/api/health' });
    expect(res.statusCode).toBe(200);
  });

  it('in production settings, cuts a trickling request within 60 seconds', () => {
    expect(HTTP_TIMEOUTS.requestMs + HTTP_TIMEOUTS.checkIntervalMs).toBeLessThanOrEqual(60_000);
    expect(HTTP_TIMEOUTS.headersMs).toBeLessThanOrEqual(HTTP_TIMEOUTS.requestMs);
  });
});
