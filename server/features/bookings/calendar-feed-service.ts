// A person's private calendar feed: the sessions they booked or teach, from a month ago
// on, as one iCalendar file that calendar apps poll (webcal://…/calendar/<token>.ics). The
// token is the only key (256 random bits, no cookie: calendar apps have none); a new one makes the
// old URL answer 404. Each event keeps the UID of the person's .ics files (session-calendar.ts),
// so a moved class moves and a cancelled one shows STATUS:CANCELLED. A poll whose content has not
// changed is a 304 (ETag, Last-Modified): two indexed reads and no calendar text built.
import { createHash, randomBytes } from 'node:crypto';
import type { CalendarFeed } from '#contract/calendar-feed.ts';
import type { CoreDeps } from '#server/core-deps.ts';
import type { CurrentUser } from '#server/auth/current-user.ts';
import { calendarText, sessionEvent } from '#server/features/sessions/public.ts';
import { accountLanguageRepository } from '#server/i18n/account-language-repository.ts';
import { calendarFeedRepository } from './calendar-feed-repository.ts';

const DAY_MS = 24 * 3_600_000;
/** "Recent": classes that ended up to this long ago stay in the feed. */
const RECENT_MS = 30 * DAY_MS;
const MAX_EVENTS = 1000;
/** Asked of calendar apps (REFRESH-INTERVAL); most poll on their own schedule anyway. */
const REFRESH_SECONDS = 15 * 60;
const TOKEN = /^([A-Za-z0-9_-]{43})\.ics$/;

export interface FeedRequest {
  ifNoneMatch?: string | undefined;
  ifModifiedSince?: string | undefined;
}

export type FeedAnswer = { status: 200; body: string; etag: string; lastModified: string } | { status: 304; etag: string; lastModified: string };

/** RFC 9110 §13.1.2: a weak comparison of the tags listed, or `*`. */
function matches(ifNoneMatch: string, etag: string): boolean {
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

export function calendarFeedService(deps: CoreDeps) {
  const repo = calendarFeedRepository(deps.db.kysely);
  const links = (token: string): CalendarFeed => {
    const url = `${deps.config.baseUrl}/calendar/${token}.ics`;
    return { url, webcalUrl: url.replace(/^https?:/, 'webcal:') };
  };

  return {
    async get(me: CurrentUser): Promise<CalendarFeed> {
      const row = await repo.tokenOf(me.id);
      return row ? links(row.token) : { url: null, webcalUrl: null };
    },

    /** A new private link; the previous one answers 404 from now on. */
    async regenerate(me: CurrentUser): Promise<CalendarFeed> {
      const token = randomBytes(32).toString('base64url');
      await repo.replaceToken(me.id, token, deps.now().toISOString());
      return links(token);
    },

    /** The feed of `<token>.ics`; null (404) for anything but a current token of an account that can sign in. */
    async feed(file: string, request: FeedRequest): Promise<FeedAnswer | null> {
      const token = TOKEN.exec(file)?.[1];
      if (!token) return null;
      const owner = await repo.feedOwner(token);
      if (!owner) return null;
      // Its words in the owner's language: part of what the content depends on.
      const t = await accountLanguageRepository(deps.db.kysely).translatorOf(owner.id);
      const now = deps.now();
      const sessions = await repo.feedSessions(owner.id, new Date(now.getTime() - RECENT_MS).toISOString(), MAX_EVENTS);
      // What the content depends on: the owner's name and address, and each session as stored.
      const tag = createHash('sha256')
        .update(JSON.stringify([t.language, owner.name, owner.email, sessions.map((s) => [s.id, s.updatedAt, s.calendarSequence, s.status])]))
        .digest('base64url')
        .slice(0, 27);
      let since = owner.contentSince;
      if (owner.contentTag !== tag || !since) {
        // Last-Modified is when the data changed: the newest change of a session listed or of the
        // owner. A change that leaves no later time (a session that left the feed, a new
        // language) is dated when it was first seen, so the date never goes back (decision 055).
        const changed = [owner.updatedAt, ...sessions.map((s) => s.updatedAt)].map((d) => new Date(d).toISOString()).sort().at(-1)!;
        const known = since;
        since = changed > now.toISOString() ? now.toISOString() : !known || changed > known ? changed : now.toISOString();
        await repo.recordContent(owner.id, tag, since);
      }
      const etag = `"${tag}"`;
      const lastModified = new Date(Math.floor(Date.parse(since) / 1000) * 1000).toUTCString();
      const unchanged = request.ifNoneMatch !== undefined
        ? matches(request.ifNoneMatch, etag)
        : request.ifModifiedSince !== undefined && Date.parse(lastModified) <= Date.parse(request.ifModifiedSince);
      if (unchanged) return { status: 304, etag, lastModified };
      // Stamped with the time the content took this shape: the same content, the same bytes.
      const stamped = { config: deps.config, now: () => new Date(since) };
      const person = { id: owner.id, name: owner.name, email: owner.email };
      const events = sessions.map((session) => sessionEvent(stamped, t, session, person, { asTutor: session.tutorId === owner.id }));
      return { status: 200, body: calendarText(t, events, { name: t.t('ics.feedName', { name: owner.name }), refreshSeconds: REFRESH_SECONDS }), etag, lastModified };
    },
  };
}
