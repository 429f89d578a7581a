// Webhooks: HTTPS endpoints told of what happens, signed as Standard Webhooks sign
// (docs/decisions/057-webhooks.md).
import { z } from 'zod';
import { dateTime } from './common.ts';

export const WEBHOOK_EVENTS = [
  'booking.created',
  'booking.cancelled',
  'waitlist.promoted',
  'session.approved',
  'session.cancelled',
  'session.rescheduled',
  'payment.refunded',
] as const;
export const webhookEventSchema = z.enum(WEBHOOK_EVENTS);
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

export const WEBHOOK_URL_MAX = 500;

export const createWebhookBody = z.object({
  url: z.url({ protocol: /^https?$/ }).max(WEBHOOK_URL_MAX),
  events: z.array(webhookEventSchema).min(1).max(WEBHOOK_EVENTS.length),
});
export type CreateWebhookInput = z.infer<typeof createWebhookBody>;

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(webhookEventSchema),
  createdAt: dateTime,
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** A new endpoint with its signing secret (`whsec_…`), shown once. */
export const createdWebhookSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

export const webhookListSchema = z.object({ items: z.array(webhookEndpointSchema) });
export type WebhookList = z.infer<typeof webhookListSchema>;

export const deliveryStatusSchema = z.enum(['delivered', 'retrying', 'failed']);

/** One event sent to one endpoint, with its last answer. */
export const webhookDeliverySchema = z.object({
  /** The `webhook-id` header: the same on every retry of it. */
  id: z.string(),
  event: webhookEventSchema,
  status: deliveryStatusSchema,
  attempts: z.number().int(),
  /** The endpoint's last status code; null when no answer came (refused address, timeout). */
  lastStatus: z.number().int().nullable(),
  lastAt: dateTime,
  /** The first 200 characters of its last answer, or why none came. */
  lastBody: z.string(),
  createdAt: dateTime,
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListSchema = z.object({ items: z.array(webhookDeliverySchema) });
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;
