// The admin's view of background work: GET /api/admin/jobs, POST /api/admin/jobs/{id}/retry.
// Rules live in admin-jobs-service.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminJobPage, adminJobSchema, listJobsQuery } from '#contract/admin-jobs.ts';
import { errorSchema, idParam } from '#contract/common.ts';
import type { AppDeps } from '#server/app-deps.ts';
import { requireUser } from '#server/auth/current-user.ts';
import { adminJobsService } from './admin-jobs-service.ts';

export async function adminJobsRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const jobs = adminJobsService(deps);

  r.get('/api/admin/jobs', {
    schema: {
      tags: ['jobs'],
      summary: 'Background jobs in a state (queued, running, failed, dead), next to run first, with the count of each state (admins)',
      querystring: listJobsQuery,
      response: { 200: adminJobPage, 400: errorSchema, 401: errorSchema, 403: errorSchema },
    },
  }, async (request) => jobs.list(await requireUser(deps.auth, request), request.query));

  r.post('/api/admin/jobs/:id/retry', {
    schema: {
      tags: ['jobs'],
      summary: 'Run a failed or dead job again now, with fresh attempts (admins)',
      params: idParam,
      response: { 200: adminJobSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema },
    },
  }, async (request) => jobs.retryNow(await requireUser(deps.auth, request), request.params.id, request.ip));
}
