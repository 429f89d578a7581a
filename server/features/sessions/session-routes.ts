// The session calls, under /api with `id` for `_id`. Thin: parse, find the caller and their
// language (the answers' words), call the service. Permissions are decided in session-service.ts.
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idParam, pageQuery } from '#contract/common.ts';
import {
  adminSessionListQuery,
  adminSessionPageSchema,
  approvedSessionsQuery,
  approveSessionBody,
  approveSeriesResultSchema,
  cancelSeriesResultSchema,
  cancelSeriesBody,
  cancelSessionBody,
  createSeriesBody,
  createSessionBody,
  seriesSchema,
  publicSessionPageSchema,
  rejectSessionBody,
  rescheduleSessionBody,
  sessionListQuery,
  sessionDetailsSchema,
  sessionSchema,
  tutorEmailParam,
  tutorBioSchema,
  tutorPageSchema,
  tutorProfileSchema,
  tutorSessionPageSchema,
  updateTutorBioBody,
  tutorSessionParams,
  updateSessionBody,
} from '#contract/sessions.ts';
import { requireUser } from '#server/auth/current-user.ts';
import { apiRoutes, errorAnswers } from '#server/http/api-routes.ts';
import { requestLanguage } from '#server/i18n/translate.ts';
import { sessionReschedule } from './session-reschedule.ts';
import { sessionSeries } from './session-series.ts';
import { sessionService, type SessionsDeps } from './session-service.ts';
import { withViewerPlaces } from './viewer-places.ts';

const errors = errorAnswers(400, 401, 403, 404, 409);

export const sessionRoutes = apiRoutes<SessionsDeps>(['sessions'], (r, deps, tags) => {
  const sessions = sessionService(deps);
  const moves = sessionReschedule(deps);
  const series = sessionSeries(deps);
  // The public lists are the same for every caller: served from a short cache (public-list-cache.ts).
  const lists = deps.publicLists;
  // A signed-in student's lists carry their own place on each session: answered apart, never cached.
  const studentOf = async (request: FastifyRequest) => {
    const viewer = await deps.callers.current(request);
    return viewer?.role === 'student' ? viewer : null;
  };

  r.get('/api/approved-sessions', {
    schema: { tags, summary: "Home's Sessions: approved sessions of classes not ended, soonest first", querystring: approvedSessionsQuery, response: { 200: publicSessionPageSchema, ...errorAnswers(400) } },
  }, async (request, reply) => {
    const student = await studentOf(request);
    if (student) return withViewerPlaces(deps.db, student, await sessions.listPublic(request.query, requestLanguage(request)), deps.now());
    return lists.send(reply, `home|${request.query.limit}|${request.query.cursor ?? ''}`, publicSessionPageSchema, (language) => sessions.listPublic(request.query, language));
  });

  r.get('/api/sessions', {
    schema: { tags, summary: 'Approved sessions: upcoming (soonest first) or past (latest first) classes, or newest first; search by title or tutor, open for registration now, pages', querystring: sessionListQuery, response: { 200: publicSessionPageSchema, ...errorAnswers(400) } },
  }, async (request, reply) => {
    const { limit, cursor, q, open, when, sort } = request.query;
    const student = await studentOf(request);
    if (student) return withViewerPlaces(deps.db, student, await sessions.listPublic(request.query, requestLanguage(request)), deps.now());
    return lists.send(reply, `all|${limit}|${cursor ?? ''}|${open ? 1 : 0}|${when}|${sort}|${q ?? ''}`, publicSessionPageSchema, (language) => sessions.listPublic(request.query, language));
  });

  r.get('/api/tutors', {
    schema: { tags, summary: "Home's tutors: not blocked, with at least one approved session", querystring: pageQuery, response: { 200: tutorPageSchema, ...errorAnswers(400) } },
  }, async (request, reply) => lists.send(reply, `tutors|${request.query.limit}|${request.query.cursor ?? ''}`, tutorPageSchema, () => sessions.listTutors(request.query)));

  // A tutor's public page.
  r.get('/api/tutors/:id', {
    schema: { tags, summary: "A tutor's public page: photo, name, bio, upcoming and past approved sessions, rating", params: idParam, response: { 200: tutorProfileSchema, ...errorAnswers(400, 404) } },
  }, async (request) => sessions.tutorProfile(request.params.id, requestLanguage(request)));

  r.get('/api/me/tutor-profile', {
    schema: { tags, summary: "The calling tutor's bio (for Settings)", response: { 200: tutorBioSchema, ...errorAnswers(401, 403) } },
  }, async (request) => sessions.bio(await requireUser(deps.callers, request)));

  r.put('/api/me/tutor-profile', {
    schema: { tags, summary: "Save the calling tutor's bio (shown on their public page)", body: updateTutorBioBody, response: { 200: tutorBioSchema, ...errorAnswers(400, 401, 403) } },
  }, async (request) => sessions.saveBio(await requireUser(deps.callers, request), request.body));

  // Public and read-only: a session's link can be shared (booking still needs a signed-in student).
  r.get('/api/session/:id', {
    schema: { tags, summary: 'One session: approved ones for anyone, pending and rejected ones only for their tutor and admins', params: idParam, response: { 200: sessionDetailsSchema, ...errorAnswers(400, 404) } },
  }, async (request) => sessions.getVisible(await deps.callers.current(request), request.params.id, requestLanguage(request)));

  r.post('/api/create-session/:email', {
    schema: { tags, summary: 'A tutor creates a session (pending, free until approved)', params: tutorEmailParam, body: createSessionBody, response: { 201: sessionSchema, ...errors } },
  }, async (request, reply) => {
    const me = await requireUser(deps.callers, request);
    return reply.status(201).send(await sessions.create(me, request.params.email, request.body, requestLanguage(request)));
  });

  // A weekly series (docs/decisions/064-series.md): one session per class, linked by the series' id.
  r.post('/api/create-series/:email', {
    schema: { tags, summary: 'A tutor creates a weekly series: one pending session per class (every N weeks, a number of classes or until a day, skipping some days)', params: tutorEmailParam, body: createSeriesBody, response: { 201: seriesSchema, ...errors } },
  }, async (request, reply) => {
    const me = await requireUser(deps.callers, request);
    return reply.status(201).send(await series.create(me, request.params.email, request.body, requestLanguage(request)));
  });

  r.get('/api/series/:id', {
    schema: { tags, summary: 'A series and its classes in class order: approved and cancelled ones for anyone, every class for its tutor and admins', params: idParam, response: { 200: seriesSchema, ...errorAnswers(400, 404) } },
  }, async (request) => series.get(await deps.callers.current(request), request.params.id, requestLanguage(request)));

  r.post('/api/series/:id/approve', {
    config: { adminAudit: 'session.series_approved' },
    schema: { tags, summary: 'Admin approves every pending class of a series at once, each at this fee (0 = free) and optional capacity', params: idParam, body: approveSessionBody, response: { 200: approveSeriesResultSchema, ...errors } },
  }, async (request) => series.approve(await requireUser(deps.callers, request), request.params.id, request.body, requestLanguage(request), request.ip));

  r.post('/api/series/:id/cancel', {
    config: { adminAudit: 'session.cancelled' },
    schema: { tags, summary: 'Call off the rest of a series: every approved class not started (from fromSessionId on, when given), each as Cancel session calls one off (its tutor while nobody has paid, or an admin)', params: idParam, body: cancelSeriesBody, response: { 200: cancelSeriesResultSchema, ...errors } },
  }, async (request) => series.cancelRest(await requireUser(deps.callers, request), request.params.id, request.body, requestLanguage(request), request.ip));

  r.get('/api/view-sessions/:email', {
    config: { adminAudit: 'user.sessions_viewed' },
    schema: { tags, summary: "A tutor's own sessions, every status (admins may read any), newest first, each as Manage Sessions shows it; the whole session is GET /api/session/{email}/{id}", params: tutorEmailParam, querystring: pageQuery, response: { 200: tutorSessionPageSchema, ...errors } },
  }, async (request) => sessions.listForTutor(await requireUser(deps.callers, request), request.params.email, request.query, request.ip));

  r.get('/api/session/:email/:id', {
    config: { adminAudit: 'session.viewed' },
    schema: { tags, summary: 'One of the tutor\'s sessions (tutor, admin)', params: tutorSessionParams, response: { 200: sessionSchema, ...errors } },
  }, async (request) => sessions.getForTutor(await requireUser(deps.callers, request), request.params.email, request.params.id, requestLanguage(request), request.ip));

  r.put('/api/session/:email/:id', {
    config: { adminAudit: 'session.updated' },
    schema: { tags, summary: 'Edit a session (tutor: dates only while pending or rejected; admin)', params: tutorSessionParams, body: updateSessionBody, response: { 200: sessionSchema, ...errors } },
  }, async (request) => sessions.update(await requireUser(deps.callers, request), request.params.email, request.params.id, request.body, requestLanguage(request), request.ip));

  r.delete('/api/session/:email/:id', {
    config: { adminAudit: 'session.deleted' },
    schema: { tags, summary: 'Delete a session (tutor: only without bookings; admin: with everything attached)', params: tutorSessionParams, response: { 204: z.null(), ...errors } },
  }, async (request, reply) => {
    await sessions.remove(await requireUser(deps.callers, request), request.params.email, request.params.id, request.ip);
    return reply.status(204).send(null);
  });

  r.post('/api/sessions/:id/approve', {
    config: { adminAudit: 'session.approved' },
    schema: { tags, summary: 'Admin approves a pending session, setting its fee (0 = free) and optional capacity', params: idParam, body: approveSessionBody, response: { 200: sessionSchema, ...errors } },
  }, async (request) => sessions.approve(await requireUser(deps.callers, request), request.params.id, request.body, requestLanguage(request), request.ip));

  r.post('/api/sessions/:id/reject', {
    config: { adminAudit: 'session.rejected' },
    schema: { tags, summary: 'Admin rejects a pending session with a reason and feedback', params: idParam, body: rejectSessionBody, response: { 200: sessionSchema, ...errors } },
  }, async (request) => sessions.reject(await requireUser(deps.callers, request), request.params.id, request.body, requestLanguage(request), request.ip));

  r.post('/api/sessions/:id/resubmit', {
    schema: { tags, summary: 'The owning tutor sends a rejected session back for review', params: idParam, response: { 200: sessionSchema, ...errors } },
  }, async (request) => sessions.resubmit(await requireUser(deps.callers, request), request.params.id, requestLanguage(request)));

  r.post('/api/sessions/:id/cancel', {
    config: { adminAudit: 'session.cancelled' },
    schema: { tags, summary: 'Call an approved session off before class: its tutor (while nobody has paid) or an admin (refunds paid bookings); booked and waiting students are emailed', params: idParam, body: cancelSessionBody, response: { 200: sessionSchema, ...errors } },
  }, async (request) => sessions.cancel(await requireUser(deps.callers, request), request.params.id, request.body, requestLanguage(request), request.ip));

  r.post('/api/sessions/:id/reschedule', {
    config: { adminAudit: 'session.rescheduled' },
    schema: { tags, summary: 'Move an approved class before it starts (its tutor or an admin): new dates, maybe a new place, and a message; booked and waiting students are emailed the updated calendar entry, and booked ones may cancel with a full refund for 48 hours', params: idParam, body: rescheduleSessionBody, response: { 200: sessionSchema, ...errors } },
  }, async (request) => moves.reschedule(await requireUser(deps.callers, request), request.params.id, request.body, requestLanguage(request), request.ip));

  r.get('/api/admin/sessions', {
    schema: { tags, summary: 'Every session for admins, pending first; status filter and search; each as All Sessions shows it (the whole session is GET /api/session/{email}/{id})', querystring: adminSessionListQuery, response: { 200: adminSessionPageSchema, ...errors } },
  }, async (request) => sessions.listForAdmin(await requireUser(deps.callers, request), request.query));
});
