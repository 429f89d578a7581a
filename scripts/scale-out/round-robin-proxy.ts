// A small round-robin HTTP proxy for `npm run scale-out` (Node's own http): each request goes to
// the next process in turn, tagged `x-served-by: <name>` on the way back. A process that refuses
// the connection (killed) is skipped and the request given to the next one: it never reached the
// dead process, so sending it elsewhere cannot do a write twice. A request cut while a process
// handled it answers 502 and is never retried: its write was not acknowledged. With `healthEveryMs`
// it checks each process's GET /api/health that often, as a load balancer does, and sends nothing
// to one that does not answer 200 (stopped, or draining before a stop) until it does again.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']);

export interface Backend {
  name: string;
  port: number;
}

export interface RoundRobinProxy {
  url: string;
  port: number;
  /** Requests answered by each backend so far. */
  served: Map<string, number>;
  /** Whether the last health check of this backend answered 200 (always true without health checks). */
  isUp(name: string): boolean;
  close(): Promise<void>;
}

export async function startRoundRobinProxy(backends: Backend[], options: { port?: number; healthEveryMs?: number } = {}): Promise<RoundRobinProxy> {
  let next = 0;
  const served = new Map<string, number>();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const down = new Set<string>();
  const check = (backend: Backend) =>
    new Promise<void>((resolve) => {
      const req = http.get({ host: '127.0.0.1', port: backend.port, path: '/api/health', agent: false, timeout: 1_000 }, (res) => {
        res.resume();
        if (res.statusCode === 200) down.delete(backend.name);
        else down.add(backend.name);
        resolve();
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => {
        down.add(backend.name);
        resolve();
      });
    });
  const checking = options.healthEveryMs ? setInterval(() => void Promise.all(backends.map(check)), options.healthEveryMs) : undefined;
  /** The next backend in turn that passed its last health check (any, if none did). */
  const pick = () => {
    for (let i = 0; i < backends.length; i++) {
      const backend = backends[next++ % backends.length]!;
      if (!down.has(backend.name)) return backend;
    }
    return backends[next++ % backends.length]!;
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const attempt = (tries: number) => {
        const backend = pick();
        const headers = { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '127.0.0.1', 'content-length': String(body.length) };
        if (!req.headers['content-length'] && body.length === 0) delete (headers as Record<string, unknown>)['content-length'];
        const upstream = http.request({ host: '127.0.0.1', port: backend.port, method: req.method, path: req.url, headers, agent }, (answer) => {
          served.set(backend.name, (served.get(backend.name) ?? 0) + 1);
          // Hop-by-hop headers are the backend connection's, not this one's (RFC 9110 §7.6.1): a
          // backend's `Keep-Alive: timeout=…` passed on would have the client keep an idle
          // connection to the proxy longer than the proxy does, and lose a request to the race.
          const headers = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !HOP_BY_HOP.has(name)));
          res.writeHead(answer.statusCode ?? 502, { ...headers, 'x-served-by': backend.name });
          answer.pipe(res);
        });
        upstream.on('error', (error: NodeJS.ErrnoException) => {
          if (error.code === 'ECONNREFUSED' && tries < backends.length) return attempt(tries + 1);
          if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ message: `Bad gateway (${backend.name}: ${error.code ?? error.message})` }));
        });
        upstream.end(body);
      };
      attempt(1);
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', () => resolve()));
  const listening = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${listening}`,
    port: listening,
    served,
    isUp: (name) => !down.has(name),
    close: () => new Promise<void>((resolve) => {
      clearInterval(checking);
      agent.destroy();
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
