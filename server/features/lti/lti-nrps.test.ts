import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '#server/errors.ts';
import type { LtiPlatformTable } from '#server/db/schema.ts';
import { fetchMembers } from './lti-nrps.ts';

/** A platform whose memberships page is whatever `answer` writes. */
async function platformAnswering(answer: (res: http.ServerResponse) => void) {
  const state = { bytesSent: 0, closedEarly: false };
  const server = http.createServer((_req, res) => {
    res.on('close', () => {
      if (!res.writableFinished) state.closedEarly = true;
    });
    answer(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const platform: LtiPlatformTable = {
    id: 'p1', name: 'Moodle', issuer: origin, clientId: 'c', deploymentIds: '1',
    authUrl: `${origin}/auth`, tokenUrl: `${origin}/token`, jwksUrl: `${origin}/jwks`, servicesUrl: null, createdAt: '2026-01-01T00:00:00Z',
  };
  servers.push(server);
  return { platform, origin, state };
}

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => { s.closeAllConnections(); s.close(resolve); })));
});

const page = (n: number) => JSON.stringify({ members: Array.from({ length: n }, (_, i) => ({ user_id: `u${i}`, name: `Member ${i}`, roles: ['Learner'] })) });

describe('a memberships page', () => {
  it('is read when it is a page of members', async () => {
    const { platform, origin } = await platformAnswering((res) => {
      res.writeHead(200, { 'content-type': 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json' });
      res.end(page(3));
    });
    const { members } = await fetchMembers(platform, `${origin}/members`, 'token');
    expect(members.map((m) => m.name)).toEqual(['Member 0', 'Member 1', 'Member 2']);
  });

  it('that streams past 5 MB with no length is refused without reading it all', async () => {
    // A chunked answer that would go on for 50 MB: the reader must stop at the limit, not after.
    const { platform, origin, state } = await platformAnswering((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"members":[');
      const chunk = `${JSON.stringify({ user_id: 'x'.repeat(200), name: 'y' })},`.repeat(300);
      const pump = () => {
        while (state.bytesSent < 50 * 1024 * 1024) {
          state.bytesSent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end('{}]}');
      };
      pump();
    });
    const refused = await fetchMembers(platform, `${origin}/members`, 'token').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).statusCode).toBe(502);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(state.closedEarly).toBe(true);
    expect(state.bytesSent).toBeLessThan(20 * 1024 * 1024);
  });

  it('whose declared length is past 5 MB is refused unread', async () => {
    const { platform, origin } = await platformAnswering((res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(6 * 1024 * 1024) });
      res.write('{"members":[');
    });
    const refused = await fetchMembers(platform, `${origin}/members`, 'token').catch((e: unknown) => e);
    expect((refused as AppError).statusCode).toBe(502);
  });
});
