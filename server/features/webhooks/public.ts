// What other features use of webhooks: the delivery jobs of an event, for the unit of work of
// its cause (docs/decisions/043-unit-of-work.md, 057-webhooks.md):
//
//   await deps.db.unitOfWork(async (work) => {
//     …
//     work.enqueue(await webhookJobs(await work.db(), deps, { type: 'booking.cancelled', tutorId, data }));
//   });
//
// The endpoints are read through the unit's transaction, or through the database just before a
// unit whose one write is a guarded write: one job per endpoint that asked for the event and may
// hear of it, admins' for every session, a tutor's for their own sessions. The jobs commit with
// the change or not at all.
import type { WebhookEvent } from '#contract/webhooks.ts';
import type { Kysely } from 'kysely';
import type { CoreDeps } from '#server/core-deps.ts';
import type { Database } from '#server/db/schema.ts';
import { newId } from '#server/ids.ts';
import type { JobInsert } from '#server/jobs/job-repository.ts';
import { webhookRepository } from './webhook-repository.ts';

export const WEBHOOK_DELIVERY_JOB = 'webhook.delivery';
/** Tries of one delivery before it is given up (about a day with the back-off of webhook-delivery.ts). */
export const WEBHOOK_MAX_ATTEMPTS = 8;

export interface WebhookDeliveryPayload {
  endpointId: string;
  messageId: string;
  event: WebhookEvent;
  /** The body exactly as signed on every try. */
  body: string;
  createdAt: string;
}

export interface WebhookCause {
  type: WebhookEvent;
  /** The session's tutor: their own endpoints hear of it, besides the admins'. */
  tutorId: string;
  data: Record<string, unknown>;
}

export async function webhookJobs(db: Kysely<Database>, deps: Pick<CoreDeps, 'jobs' | 'now'>, cause: WebhookCause): Promise<JobInsert[]> {
  const endpoints = await webhookRepository(db).subscribers(cause.type);
  const listening = endpoints.filter((e) => !e.blocked && e.events.split(' ').includes(cause.type) && (e.role === 'admin' || (e.role === 'tutor' && e.ownerId === cause.tutorId)));
  if (listening.length === 0) return [];
  const at = deps.now();
  return listening.map((endpoint) => {
    const messageId = `msg_${newId(at.getTime())}`;
    const body = JSON.stringify({ type: cause.type, timestamp: at.toISOString(), data: cause.data });
    const payload: WebhookDeliveryPayload = { endpointId: endpoint.id, messageId, event: cause.type, body, createdAt: at.toISOString() };
    return deps.jobs.row({ kind: WEBHOOK_DELIVERY_JOB, payload, maxAttempts: WEBHOOK_MAX_ATTEMPTS });
  });
}

/** A session's event: what an integrator needs to find it again. */
export function sessionEvent(type: WebhookEvent, session: { id: string; title: string; tutorId: string; tutorEmail: string; classStartDate: string; classEndDate: string; status: string }, more: Record<string, unknown> = {}): WebhookCause {
  return {
    type,
    tutorId: session.tutorId,
    data: { sessionId: session.id, title: session.title, tutorId: session.tutorId, tutorEmail: session.tutorEmail, classStartDate: session.classStartDate, classEndDate: session.classEndDate, status: session.status, ...more },
  };
}

/** A booking's event (booked, cancelled, promoted from the waitlist, refunded): the session and the student. */
export function bookingEvent(type: WebhookEvent, session: { id: string; title: string; tutorId: string }, student: { id: string; email?: string }, more: Record<string, unknown> = {}): WebhookCause {
  return { type, tutorId: session.tutorId, data: { sessionId: session.id, title: session.title, studentId: student.id, ...(student.email ? { studentEmail: student.email } : {}), ...more } };
}
