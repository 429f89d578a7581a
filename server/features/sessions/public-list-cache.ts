// Response cache of the public session lists (Home's sessions and tutors, All Sessions): the
// same few pages are read by every visitor, so each process keeps their serialised JSON for
// LIST_CACHE_MS (2 s by default) and sends the bytes as they are. The session service drops
// it on every approve, reject, resubmit, edit and delete, and the admin's role change or block
// of a user (a tutor's sessions are listed only while they teach, decision 039), so this process lists a change at
// once; other processes within LIST_CACHE_MS. Seat counts and ratings in the list may lag by
// as much (session details are not cached). See docs/decisions/005-public-list-cache.md.
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { Language } from '#i18n/languages.ts';
import { requestLanguage } from '#server/i18n/translate.ts';

const MAX_ENTRIES = 1_000;

interface Entry {
  body: Buffer;
  until: number;
}

export interface PublicListCache {
  /**
   * Sends the cached page for `key` in the caller's language, or computes it with `load` in that
   * language, checks it with `schema`, caches and sends it.
   */
  send<S extends z.ZodType>(reply: FastifyReply, key: string, schema: S, load: (language: Language) => Promise<z.output<S>>): Promise<FastifyReply>;
  invalidate(): void;
  /** Bumped by every invalidation (the server-rendered pages of signed-out visitors follow it). */
  readonly version: number;
}

/** One per app, built with its deps (deps.publicLists, server/app-deps.ts): its routes, services and pages share it. */
export function publicListCache(ttlMs: number): PublicListCache {
  const entries = new Map<string, Entry>();
  // Pages being computed: concurrent misses of one key share one load instead of each running
  // the query (a search scanning the catalogue, 50 visitors at the moment its page expires).
  let loading = new Map<string, Promise<Buffer>>();
  // Bumped by every invalidation: a page computed across one is sent but not kept.
  let epoch = 0;

  const sendJson = (reply: FastifyReply, body: Buffer) => reply.header('content-type', 'application/json; charset=utf-8').send(body);

  async function compute<S extends z.ZodType>(key: string, schema: S, load: () => Promise<z.output<S>>): Promise<Buffer> {
    const startedAt = epoch;
    // Checked and stripped by the contract's schema as the route's serialiser would, once per
    // key per TTL; hits skip serialisation altogether.
    const body = Buffer.from(JSON.stringify(schema.encode(await load())));
    if (startedAt === epoch) {
      entries.delete(key);
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(key, { body, until: Date.now() + ttlMs });
    }
    return body;
  }

  return {
    async send(reply, listKey, schema, load) {
      // A page per language: its sessions' durations are words (session-duration.ts).
      const language = requestLanguage(reply.request);
      if (ttlMs <= 0) return reply.send(await load(language));
      const key = `${language}|${listKey}`;
      const hit = entries.get(key);
      if (hit && hit.until > Date.now()) return sendJson(reply, hit.body);
      let pending = loading.get(key);
      if (!pending) {
        const inFlight = loading;
        pending = compute(key, schema, () => load(language)).finally(() => {
          if (inFlight.get(key) === pending) inFlight.delete(key);
        });
        inFlight.set(key, pending);
      }
      return sendJson(reply, await pending);
    },
    invalidate() {
      epoch++;
      entries.clear();
      // A load started before the change may not answer a request that arrives after it.
      loading = new Map();
    },
    get version() {
      return epoch;
    },
  };
}
