// The admin's view of background work: GET /api/admin/jobs, POST /api/admin/jobs/{id}/retry.
// Rules live in admin-jobs-service.ts.
import { adminJobPage, adminJobSchema, listJobsQuery } from '#contract/admin-jobs.ts';
import { idParam } from '#contract/common.ts';
import { requireUser } from '#server/auth/current-user.ts';
import { apiRoutes, errorAnswers } from '#server/http/api-routes.ts';
import { adminJobsService } from './admin-jobs-service.ts';

export const adminJobsRoutes = apiRoutes(['jobs'], (r, deps, tags) => {
  const jobs = adminJobsService(deps);

  r.get('/api/admin/jobs', {
    schema: { tags, summary: 'Background jobs in a state (queued, running, failed, dead), next to run first, with the count of each state (admins)', querystring: listJobsQuery, response: { 200: adminJobPage, ...errorAnswers(400, 401, 403) } },
  }, async (request) => jobs.list(await requireUser(deps.callers, request), request.query));

  r.post('/api/admin/jobs/:id/retry', {
    config: { adminAudit: 'job.retried' },
    schema: { tags, summary: 'Run a failed or dead job again now, with fresh attempts (admins)', params: idParam, response: { 200: adminJobSchema, ...errorAnswers(401, 403, 404, 409) } },
  }, async (request) => jobs.retryNow(await requireUser(deps.callers, request), request.params.id, request.ip));
});
