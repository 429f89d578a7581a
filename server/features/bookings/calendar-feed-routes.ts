// The caller's private calendar feed link (GET, and POST for a new one), and the feed itself at
// /calendar/<token>.ics: no cookie (calendar apps have none), the token is the key.
import { z } from 'zod';
import { calendarFeedFileParams, calendarFeedSchema } from '#contract/calendar-feed.ts';
import { nonJsonBody } from '#contract/common.ts';
import { requireUser } from '#server/auth/current-user.ts';
import { apiRoutes, errorAnswers } from '#server/http/api-routes.ts';
import { notFound } from '#server/errors.ts';
import { calendarFeedService } from './calendar-feed-service.ts';

const NO_FEED = 'errors.bookings.noFeed';

export const calendarFeedRoutes = apiRoutes(['calendar'], (r, deps, tags) => {
  const feeds = calendarFeedService(deps);

  r.get('/api/me/calendar-feed', {
    schema: { tags, summary: "The caller's private calendar feed link (null until made)", response: { 200: calendarFeedSchema, ...errorAnswers(401) } },
  }, async (request) => feeds.get(await requireUser(deps.callers, request)));

  r.post('/api/me/calendar-feed', {
    schema: { tags, summary: 'Make a new private calendar feed link; the old one stops working', response: { 200: calendarFeedSchema, ...errorAnswers(401) } },
  }, async (request) => feeds.regenerate(await requireUser(deps.callers, request)));

  r.get('/calendar/:file', {
    schema: {
      tags,
      summary: 'A private calendar feed (iCalendar), by the token in its link',
      params: calendarFeedFileParams,
      response: { 200: nonJsonBody('text/calendar', 'The sessions booked or taught, upcoming and from the last 30 days (RFC 5545)'), 304: z.null(), ...errorAnswers(404) },
    },
  }, async (request, reply) => {
    const answer = await feeds.feed(request.params.file, { ifNoneMatch: request.headers['if-none-match'], ifModifiedSince: request.headers['if-modified-since'] });
    if (!answer) throw notFound(NO_FEED);
    // Private (the link is a secret), and asked again each time: a 304 costs two indexed reads.
    reply.header('cache-control', 'private, no-cache').header('etag', answer.etag).header('last-modified', answer.lastModified).header('x-robots-tag', 'noindex');
    if (answer.status === 304) return reply.status(304).send(null);
    return reply.header('content-type', 'text/calendar; charset=utf-8').send(answer.body);
  });
});
