// The caller's own account: GET /api/me, PUT /api/user, GET /api/user/{email}.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema } from '#contract/common.ts';
import { emailParam, meSchema, updateMeBody, updateTimeZoneBody, userRoleSchema } from '#contract/users.ts';
import type { CoreDeps } from '#server/core-deps.ts';
import { requireUser } from '#server/auth/current-user.ts';
import { meService } from './me-service.ts';

export async function meRoutes(app: FastifyInstance, deps: CoreDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const account = meService(deps);

  r.get('/api/me', {
    schema: { tags: ['users'], summary: 'The signed-in caller', response: { 200: meSchema, 401: errorSchema } },
  }, async (request) => requireUser(deps.callers, request));

  r.put('/api/user', {
    schema: { tags: ['users'], summary: "Update the caller's own name and photo", body: updateMeBody, response: { 200: meSchema, 401: errorSchema } },
  }, async (request) => account.updateProfile(await requireUser(deps.callers, request), request.body));

  r.put('/api/me/time-zone', {
    schema: { tags: ['users'], summary: "Set the zone the caller's emails give times in (null: UTC)", body: updateTimeZoneBody, response: { 200: meSchema, 400: errorSchema, 401: errorSchema } },
  }, async (request) => account.setTimeZone(await requireUser(deps.callers, request), request.body.timeZone));

  r.get('/api/user/:email', {
    config: { adminAudit: 'user.viewed' },
    schema: { tags: ['users'], summary: "A user's role (own, or any for admins)", params: emailParam, response: { 200: userRoleSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema } },
  }, async (request) => account.roleOf(await requireUser(deps.callers, request), request.params.email, request.ip));
}
