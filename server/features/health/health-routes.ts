import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { jobCountsSchema } from '#contract/admin-jobs.ts';
import { appConfigSchema } from '#contract/users.ts';
import type { CoreDeps } from '#server/core-deps.ts';
import { isDatabaseReachable } from '#server/db/database.ts';
import { singleSignOnSource } from '#server/auth/single-sign-on-settings.ts';

const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['up', 'down']),
  /** Admins only: background jobs in each state (contract/admin-jobs.ts); the list is GET /api/admin/jobs. */
  jobs: jobCountsSchema.optional(),
});

/** What the health and config routes read: the core, and whether payments can be taken (payments implements it). */
export type HealthDeps = CoreDeps & { payments: { readonly configured: boolean; readonly testPayments: boolean; readonly providerName: string | null } };

export async function healthRoutes(app: FastifyInstance, deps: HealthDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/health', {
    schema: { tags: ['health'], summary: 'Liveness and readiness (database reachable)', response: { 200: healthSchema, 503: healthSchema } },
  }, async (request, reply) => {
    const up = await isDatabaseReachable(deps.db.kysely);
    const admin = up && (await deps.callers.current(request).catch(() => null))?.role === 'admin';
    const jobs = admin ? await deps.jobs.counts() : undefined;
    // A stopping process is not ready, whatever its database says: the balancer stops choosing it while it drains.
    const ready = up && !deps.drain.draining;
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ok' : 'unavailable', database: up ? 'up' : 'down', ...(jobs && { jobs }) });
  });

  // The benchmark's baseline: this same Fastify build and serialiser, without any work behind it.
  if (deps.config.benchRoutes) {
    r.get('/api/bench/baseline', { schema: { hide: true, response: { 200: z.object({ ok: z.literal(true) }) } } }, async () => ({ ok: true as const }));
  }

  // The school's provider as set now: the environment's, else the dashboard's (decision 065).
  const singleSignOn = singleSignOnSource(deps.config.singleSignOn, deps.db.kysely);
  r.get('/api/config', {
    schema: { tags: ['health'], summary: 'What the web app may offer (sign-in methods, payments)', response: { 200: appConfigSchema } },
  }, async () => {
    const sso = await singleSignOn.current();
    return { googleSignIn: Boolean(deps.config.google), singleSignOn: sso ? { label: sso.buttonLabel } : null, payments: deps.payments.configured, testPayments: deps.payments.testPayments, paymentProvider: deps.payments.providerName, currency: deps.config.currency };
  });
}
