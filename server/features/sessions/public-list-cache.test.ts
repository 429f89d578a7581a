// Concurrent misses of the public list cache: one load per key, never a page older than an invalidation.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import { publicListCache } from './public-list-cache.ts';

const schema = z.object({ n: z.number() });

/** What a route would have sent: the body bytes. */
function fakeReply(headers: Record<string, string> = {}) {
  const sent: { body?: unknown } = {};
  const reply = {
    request: { headers },
    header: () => reply,
    send: (body: unknown) => {
      sent.body = body;
      return reply;
    },
  };
  return { reply: reply as unknown as FastifyReply, sent };
}

/** A load that finishes when told to, counting its calls. */
function controlledLoad() {
  let calls = 0;
  const finishers: Array<(value: { n: number }) => void> = [];
  const failers: Array<(error: Error) => void> = [];
  const load = () => {
    calls++;
    return new Promise<{ n: number }>((resolve, reject) => {
      finishers.push(resolve);
      failers.push(reject);
    });
  };
  return { load, calls: () => calls, finish: (i: number, n: number) => finishers[i]!({ n }), fail: (i: number) => failers[i]!(new Error('database down')) };
}

const body = (sent: { body?: unknown }) => JSON.parse(String(sent.body));

describe('public list cache, concurrent misses', () => {
  it('runs one load for requests that miss the same key together, and answers them all with it', async () => {
    const cache = publicListCache(60_000);
    const { load, calls, finish } = controlledLoad();
    const [a, b, c] = [fakeReply(), fakeReply(), fakeReply()];
    const sends = [cache.send(a.reply, 'k', schema, load), cache.send(b.reply, 'k', schema, load), cache.send(c.reply, 'other', schema, load)];
    expect(calls()).toBe(2);
    finish(0, 1);
    finish(1, 2);
    await Promise.all(sends);
    expect([body(a.sent), body(b.sent), body(c.sent)]).toEqual([{ n: 1 }, { n: 1 }, { n: 2 }]);
    // Then served from the cache.
    const d = fakeReply();
    await cache.send(d.reply, 'k', schema, load);
    expect(calls()).toBe(2);
    expect(body(d.sent)).toEqual({ n: 1 });
  });

  it('does not hand a request arriving after an invalidation the page loading before it', async () => {
    const cache = publicListCache(60_000);
    const { load, calls, finish } = controlledLoad();
    const early = fakeReply();
    const first = cache.send(early.reply, 'k', schema, load);
    cache.invalidate();
    const late = fakeReply();
    const second = cache.send(late.reply, 'k', schema, load);
    expect(calls()).toBe(2);
    finish(0, 1);
    finish(1, 2);
    await Promise.all([first, second]);
    expect(body(early.sent)).toEqual({ n: 1 });
    expect(body(late.sent)).toEqual({ n: 2 });
    // The page from before the invalidation was not kept.
    const next = fakeReply();
    await cache.send(next.reply, 'k', schema, load);
    expect(body(next.sent)).toEqual({ n: 2 });
  });

  it('gives every waiting request the error of a failed load, and loads again on the next one', async () => {
    const cache = publicListCache(60_000);
    const { load, calls, fail, finish } = controlledLoad();
    const sends = [cache.send(fakeReply().reply, 'k', schema, load), cache.send(fakeReply().reply, 'k', schema, load)];
    fail(0);
    for (const send of sends) await expect(send).rejects.toThrow('database down');
    const retry = fakeReply();
    const again = cache.send(retry.reply, 'k', schema, load);
    expect(calls()).toBe(2);
    finish(1, 3);
    await again;
    expect(body(retry.sent)).toEqual({ n: 3 });
  });
});

describe('public list cache, languages', () => {
  it('builds each page in the caller’s language and keeps one per language', async () => {
    const cache = publicListCache(60_000);
    const words = z.object({ said: z.string() });
    const loads: string[] = [];
    const load = async (language: string) => {
      loads.push(language);
      return { said: language === 'es' ? '2 horas' : '2 hours' };
    };
    const [en, es, esAgain] = [fakeReply(), fakeReply({ 'accept-language': 'es' }), fakeReply({ cookie: 'lang=es' })];
    await cache.send(en.reply, 'k', words, load);
    await cache.send(es.reply, 'k', words, load);
    await cache.send(esAgain.reply, 'k', words, load);
    expect([body(en.sent), body(es.sent), body(esAgain.sent)]).toEqual([{ said: '2 hours' }, { said: '2 horas' }, { said: '2 horas' }]);
    expect(loads).toEqual(['en', 'es']);
  });

  it('hands the load the caller’s language when nothing is cached (LIST_CACHE_MS=0)', async () => {
    const cache = publicListCache(0);
    const es = fakeReply({ 'accept-language': 'es' });
    await cache.send(es.reply, 'k', z.object({ said: z.string() }), async (language) => ({ said: language }));
    expect(es.sent.body).toEqual({ said: 'es' });
  });
});
