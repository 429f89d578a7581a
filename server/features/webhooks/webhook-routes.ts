// The caller's webhook endpoints (admins and verified tutors): list, register (its signing
// secret in that answer only), delete, and each one's latest deliveries with their last answers.
import { z } from 'zod';
import { idParam } from '#contract/common.ts';
import { createdWebhookSchema, createWebhookBody, webhookDeliveryListSchema, webhookListSchema } from '#contract/webhooks.ts';
import { requireUser } from '#server/auth/current-user.ts';
import { apiRoutes, errorAnswers } from '#server/http/api-routes.ts';
import { webhookService } from './webhook-service.ts';

/** What each event says and when it is sent (docs/decisions/057-webhooks.md), in the document. */
const EVENTS_SENT =
  'Each event is a JSON POST `{ type, timestamp, data }`. ' +
  '`booking.created`: a free booking when it is made, a paid one when its payment is seen (never while its seat is only held). ' +
  '`booking.cancelled`: a booking cancelled by its student, or released when their account is deleted. ' +
  '`waitlist.promoted`: a student moved up from the waitlist. ' +
  "`payment.refunded`: the refund of a student's cancellation, of each paid booking of a class an admin calls off, or owed to a student whose account is deleted (`bookingId`, `amountCents`). " +
  '`session.approved`, `session.cancelled`: an admin approved a class; a class was called off (`reason`). ' +
  "`session.rescheduled`: a class moved, with its new `classStartDate` and `classEndDate`, the previous ones and the tutor's `message`. " +
  "The events of an account's deletion carry the deleted student's id, never their email address.";

export const webhookRoutes = apiRoutes(['webhooks'], (r, deps, tags) => {
  const hooks = webhookService(deps);

  r.get('/api/webhooks', {
    schema: { tags, summary: "The caller's webhook endpoints (admins: every session's events; tutors: their own sessions')", response: { 200: webhookListSchema, ...errorAnswers(401, 403) } },
  }, async (request) => hooks.list(await requireUser(deps.callers, request)));

  r.post('/api/webhooks', {
    schema: {
      tags,
      summary: 'Register an HTTPS endpoint for events; its whsec_ signing secret is in this answer only (Standard Webhooks signatures)',
      description: EVENTS_SENT,
      body: createWebhookBody,
      response: { 201: createdWebhookSchema, ...errorAnswers(400, 401, 403, 409) },
    },
  }, async (request, reply) => reply.status(201).send(await hooks.create(await requireUser(deps.callers, request), request.body, request.ip)));

  r.delete('/api/webhooks/:id', {
    schema: { tags, summary: 'Delete one of the caller\'s endpoints: nothing more is sent to it', params: idParam, response: { 204: z.null(), ...errorAnswers(400, 401, 403, 404) } },
  }, async (request, reply) => {
    await hooks.remove(await requireUser(deps.callers, request), request.params.id, request.ip);
    return reply.status(204).send(null);
  });

  r.get('/api/webhooks/:id/deliveries', {
    schema: { tags, summary: "An endpoint's latest 50 deliveries, newest first, each with its last answer", params: idParam, response: { 200: webhookDeliveryListSchema, ...errorAnswers(400, 401, 403, 404) } },
  }, async (request) => hooks.deliveries(await requireUser(deps.callers, request), request.params.id));
});
