// Booking calls: book, list and view bookings, cancel, the waitlist, the roster and the calendar
// file. Identity always from the cookie; answers in the caller's language (requestLanguage).
import { z } from 'zod';
import { bookedSessionPage, bookedSessionParams, bookedSessionSchema, bookedSessionsQuery, bookSeriesBody, bookSeriesResultSchema, bookSessionBody, bookSessionResultSchema, rosterSchema, studentEmailParam } from '#contract/bookings.ts';
import { idParam, nonJsonBody, pageQuery } from '#contract/common.ts';
import { requireUser } from '#server/auth/current-user.ts';
import { apiRoutes, errorAnswers } from '#server/http/api-routes.ts';
import { requestLanguage } from '#server/i18n/translate.ts';
import type { CoreDeps } from '#server/core-deps.ts';
import type { BookingsService } from './bookings-service.ts';

const errors = errorAnswers(400, 401, 403, 404, 409);

export const bookingsRoutes = apiRoutes<CoreDeps & { bookings: BookingsService }>(['bookings'], (r, deps, tags) => {
  const bookings = deps.bookings;

  r.post('/api/book-session', {
    schema: { tags, summary: 'Book a session (students); a paid one is held and answered with its Checkout page', body: bookSessionBody, response: { 201: bookSessionResultSchema, ...errors, ...errorAnswers(503) } },
  }, async (request, reply) => {
    const booked = await bookings.book(await requireUser(deps.callers, request), request.body.sessionId, requestLanguage(request), { attendees: request.body.attendees, ifShort: request.body.ifShort });
    return reply.status(201).send(booked);
  });

  r.post('/api/series/:id/book', {
    schema: { tags, summary: 'Book a series from one of its classes on (students): a seat in each class with one, the waitlist of each full one; the paid classes held are paid together, through one checkout for the sum of their fees', params: idParam, body: bookSeriesBody, response: { 200: bookSeriesResultSchema, ...errors, ...errorAnswers(503) } },
  }, async (request) => bookings.bookSeries(await requireUser(deps.callers, request), request.params.id, request.body.fromSessionId, requestLanguage(request)));

  r.get('/api/booked-sessions/:email', {
    config: { adminAudit: 'user.bookings_viewed' },
    schema: { tags, summary: "A student's booked and waitlisted sessions (own; admins may read): all, newest first, or upcoming / past classes in class order", params: studentEmailParam, querystring: bookedSessionsQuery, response: { 200: bookedSessionPage, ...errors } },
  }, async (request) => bookings.listForStudent(await requireUser(deps.callers, request), request.params.email, request.query, request.ip));

  r.get('/api/view-booked-session/:id', {
    schema: { tags, summary: "The caller's booking of a session (id = session id)", params: idParam, response: { 200: bookedSessionSchema, ...errors } },
  }, async (request) => bookings.view(await requireUser(deps.callers, request), request.params.id, requestLanguage(request)));

  r.delete('/api/booked-sessions/:email/:sessionId', {
    schema: { tags, summary: 'Cancel a booking before the cutoff (the first in line gets the seat)', params: bookedSessionParams, response: { 204: z.null(), ...errors } },
  }, async (request, reply) => {
    await bookings.cancel(await requireUser(deps.callers, request), request.params.email, request.params.sessionId);
    return reply.status(204).send(null);
  });

  r.get('/api/booked-sessions/:email/:sessionId/calendar.ics', {
    schema: { tags, summary: 'The booked session as an iCalendar file', params: bookedSessionParams, response: { 200: nonJsonBody('text/calendar', 'The session as an iCalendar (RFC 5545) file'), ...errors } },
  }, async (request, reply) => {
    const ics = await bookings.calendar(await requireUser(deps.callers, request), request.params.email, request.params.sessionId);
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="${ics.filename}"`)
      .header('cache-control', 'private, no-store')
      .send(ics.body);
  });

  r.post('/api/sessions/:id/waitlist', {
    schema: { tags, summary: 'Join the waitlist of a full session (students)', params: idParam, response: { 201: bookedSessionSchema, ...errors } },
  }, async (request, reply) => {
    const entry = await bookings.joinWaitlist(await requireUser(deps.callers, request), request.params.id, requestLanguage(request));
    return reply.status(201).send(entry);
  });

  r.delete('/api/sessions/:id/waitlist', {
    schema: { tags, summary: 'Leave the waitlist', params: idParam, response: { 204: z.null(), ...errors } },
  }, async (request, reply) => {
    await bookings.leaveWaitlist(await requireUser(deps.callers, request), request.params.id);
    return reply.status(204).send(null);
  });

  r.get('/api/sessions/:id/roster', {
    config: { adminAudit: 'session.roster_viewed' },
    schema: { tags, summary: 'Booked students and the waitlist (owning tutor, admins)', params: idParam, querystring: pageQuery, response: { 200: rosterSchema, ...errors } },
  }, async (request) => bookings.roster(await requireUser(deps.callers, request), request.params.id, request.query, request.ip));
});
