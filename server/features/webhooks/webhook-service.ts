// Webhook endpoints: registered, listed and deleted by their owner, an admin (every session's
// events) or a tutor (their own sessions' events), verified; each with its deliveries' last
// answers (docs/decisions/057-webhooks.md).
import type { CreateWebhookInput, CreatedWebhook, WebhookDeliveryList, WebhookList, WebhookEvent } from '#contract/webhooks.ts';
import { actorOf, recordAudit } from '#server/audit/audit-log.ts';
import type { CurrentUser } from '#server/auth/current-user.ts';
import type { CoreDeps } from '#server/core-deps.ts';
import { badRequest, conflict, forbidden, notFound } from '#server/errors.ts';
import { newId } from '#server/ids.ts';
import { newSecret } from './standard-webhooks.ts';
import { webhookRepository } from './webhook-repository.ts';
import { urlRefusal } from './webhook-address.ts';

const MAX_ENDPOINTS = 10;
const DELIVERIES_SHOWN = 50;

const eventsOf = (text: string) => text.split(' ').filter(Boolean) as WebhookEvent[];

function mayRegister(me: CurrentUser): void {
  if (me.role !== 'admin' && me.role !== 'tutor') throw forbidden({ key: 'errors.onlyForRoles', values: { roles: 'tutors and admins' } });
  if (me.status !== 'Verified') throw forbidden('errors.apiKeys.verifyFirst');
}

export function webhookService(deps: CoreDeps) {
  const hooks = webhookRepository(deps.db.kysely);
  return {
    async list(me: CurrentUser): Promise<WebhookList> {
      mayRegister(me);
      return { items: (await hooks.endpointsOf(me.id)).map((row) => ({ ...row, events: eventsOf(row.events) })) };
    },

    async create(me: CurrentUser, input: CreateWebhookInput, ip: string | null): Promise<CreatedWebhook> {
      mayRegister(me);
      const refusal = urlRefusal(input.url, deps.config.webhookAllowPrivate);
      if (refusal) throw badRequest(refusal, { url: refusal });
      if ((await hooks.countOf(me.id)) >= MAX_ENDPOINTS) throw conflict({ key: 'errors.webhooks.tooMany', values: { count: MAX_ENDPOINTS } });
      const now = deps.now();
      const events = [...new Set(input.events)];
      const endpoint = { id: newId(now.getTime()), url: input.url, events, createdAt: now.toISOString() };
      const secret = newSecret();
      await deps.db.unitOfWork(async (work) => {
        const trx = await work.db();
        await webhookRepository(trx).insertEndpoint({ id: endpoint.id, ownerId: me.id, url: endpoint.url, secret, events: events.join(' '), createdAt: endpoint.createdAt });
        await recordAudit(trx, actorOf(me, ip), { action: 'webhook.created', targetType: 'webhook', targetId: endpoint.id, details: { url: endpoint.url, events } }, now);
      });
      return { ...endpoint, secret };
    },

    async remove(me: CurrentUser, id: string, ip: string | null): Promise<void> {
      mayRegister(me);
      const now = deps.now();
      const removed = await deps.db.unitOfWork(async (work) => {
        const trx = await work.db();
        if (!(await webhookRepository(trx).deleteOwned(me.id, id))) return false;
        await recordAudit(trx, actorOf(me, ip), { action: 'webhook.deleted', targetType: 'webhook', targetId: id, details: {} }, now);
        return true;
      });
      if (!removed) throw notFound('errors.webhooks.notFound');
    },

    async deliveries(me: CurrentUser, id: string): Promise<WebhookDeliveryList> {
      mayRegister(me);
      if (!(await hooks.findOwned(me.id, id))) throw notFound('errors.webhooks.notFound');
      const rows = await hooks.deliveriesOf(id, DELIVERIES_SHOWN);
      return { items: rows.map((row) => ({ ...row, event: row.event as WebhookEvent, status: row.status as 'delivered' | 'retrying' | 'failed' })) };
    },
  };
}
