// The webhook tables' SQL (migration 0028).
import type { Kysely } from 'kysely';
import { prepare } from '#server/db/prepared.ts';
import type { Database, WebhookDeliveryTable, WebhookEndpointTable } from '#server/db/schema.ts';

/**
 * Read before every booking, cancellation and promotion (public.ts): prepared, so that neither
 * the query builder nor PostgreSQL's planner runs for it each time. `pattern` is `%<event>%`.
 */
const subscribersOf = prepare((db, p: { pattern: string }) =>
  db
    .selectFrom('webhook_endpoint')
    .innerJoin('user', 'user.id', 'webhook_endpoint.ownerId')
    .select(['webhook_endpoint.id', 'webhook_endpoint.ownerId', 'webhook_endpoint.events', 'user.role', 'user.blocked'])
    .where('webhook_endpoint.events', 'like', p.pattern),
);

export function webhookRepository(db: Kysely<Database>) {
  return {
    async insertEndpoint(row: WebhookEndpointTable): Promise<void> {
      await db.insertInto('webhook_endpoint').values(row).execute();
    },

    endpointsOf(ownerId: string) {
      return db.selectFrom('webhook_endpoint').select(['id', 'url', 'events', 'createdAt']).where('ownerId', '=', ownerId).orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(100).execute();
    },

    countOf(ownerId: string) {
      return db
        .selectFrom('webhook_endpoint')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('ownerId', '=', ownerId)
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.n));
    },

    findOwned(ownerId: string, id: string) {
      return db.selectFrom('webhook_endpoint').select(['id']).where('id', '=', id).where('ownerId', '=', ownerId).executeTakeFirst();
    },

    async deleteOwned(ownerId: string, id: string): Promise<boolean> {
      const result = await db.deleteFrom('webhook_endpoint').where('id', '=', id).where('ownerId', '=', ownerId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Endpoints that asked for `event`, with their owner's role and whether they are blocked now. */
    async subscribers(event: string) {
      return (await subscribersOf(db, { pattern: `%${event}%` })).rows;
    },

    /** The endpoint a delivery goes to (gone: deleted since). */
    findEndpoint(id: string) {
      return db.selectFrom('webhook_endpoint').select(['id', 'url', 'secret']).where('id', '=', id).executeTakeFirst();
    },

    /** A delivery's row as its latest try left it: written at the first try, updated at each later one. */
    async saveDelivery(row: WebhookDeliveryTable): Promise<void> {
      const { id, ...rest } = row;
      const updated = await db.updateTable('webhook_delivery').set({ status: rest.status, attempts: rest.attempts, lastStatus: rest.lastStatus, lastAt: rest.lastAt, lastBody: rest.lastBody }).where('id', '=', id).executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) await db.insertInto('webhook_delivery').values(row).onConflict((oc) => oc.column('id').doNothing()).execute();
    },

    deliveriesOf(endpointId: string, limit: number) {
      return db
        .selectFrom('webhook_delivery')
        .select(['id', 'event', 'status', 'attempts', 'lastStatus', 'lastAt', 'lastBody', 'createdAt'])
        .where('endpointId', '=', endpointId)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },
  };
}
