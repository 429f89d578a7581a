// The delivery job: one signed POST per try; a 2xx is delivered, anything else (an error status,
// no answer, a refused address) fails the try and the jobs table tries again after the back-off
// below, until WEBHOOK_MAX_ATTEMPTS. Each try's outcome is kept on the delivery's row for the
// dashboard. The tries of one endpoint run one at a time in this process, in the order they were
// claimed (the order their causes committed): an endpoint hears of a booking before its
// cancellation. Across processes the order is not promised: each message carries its time.
import type { CoreDeps } from '#server/core-deps.ts';
import type { JobHandler } from '#server/jobs/jobs.ts';
import { signedHeaders } from './standard-webhooks.ts';
import { WEBHOOK_MAX_ATTEMPTS, type WebhookDeliveryPayload } from './public.ts';
import { webhookRepository } from './webhook-repository.ts';
import { sendWebhook } from './webhook-sender.ts';

/** Waits after the 1st, 2nd… failed try: 5 s, 1 min, 5 min, 30 min, 2 h, 5 h, 10 h. */
const BACK_OFF_MS = [5_000, 60_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000];

export function webhookDeliveryHandler(deps: Pick<CoreDeps, 'db' | 'now' | 'config'>): JobHandler {
  const hooks = webhookRepository(deps.db.kysely);
  /** Each endpoint's last try in this process: the next waits for it. */
  const lanes = new Map<string, Promise<unknown>>();

  async function tryOnce(payload: WebhookDeliveryPayload, attempt: number): Promise<void> {
    const endpoint = await hooks.findEndpoint(payload.endpointId);
    // Deleted since: nothing to send, nobody to show it to.
    if (!endpoint) return;
    const at = deps.now();
    const result = await sendWebhook(endpoint.url, signedHeaders(endpoint.secret, payload.messageId, at, payload.body), payload.body, deps.config.webhookAllowPrivate);
    const delivered = result.status !== null && result.status >= 200 && result.status < 300;
    const status = delivered ? 'delivered' : attempt >= WEBHOOK_MAX_ATTEMPTS ? 'failed' : 'retrying';
    await hooks.saveDelivery({ id: payload.messageId, endpointId: endpoint.id, event: payload.event, status, attempts: attempt, lastStatus: result.status, lastAt: at.toISOString(), lastBody: result.body, createdAt: payload.createdAt });
    if (!delivered) throw new Error(`webhook ${payload.messageId} to ${new URL(endpoint.url).host}: ${result.status ?? 'no answer'} ${result.body}`.slice(0, 500));
  }

  return {
    run(payload, job) {
      const delivery = payload as WebhookDeliveryPayload;
      // Joined to the endpoint's lane before any await: the order of the calls is the order of the tries.
      const before = lanes.get(delivery.endpointId) ?? Promise.resolve();
      const mine = before.catch(() => {}).then(() => tryOnce(delivery, job.attempt));
      const settled = mine.catch(() => {});
      lanes.set(delivery.endpointId, settled);
      void settled.then(() => {
        if (lanes.get(delivery.endpointId) === settled) lanes.delete(delivery.endpointId);
      });
      return mine;
    },
    retryDelayMs: (attempt) => BACK_OFF_MS[Math.min(attempt, BACK_OFF_MS.length) - 1]!,
  };
}
