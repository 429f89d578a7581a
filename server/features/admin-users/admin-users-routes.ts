// The admin's users list and changes: GET /api/users (the spec's call, with search and pages),
// PATCH /api/users/{id}. Rules live in admin-users-service.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminUserPage, adminUserSchema, listUsersQuery, updateUserBody } from '#contract/admin-users.ts';
import { errorSchema, idParam } from '#contract/common.ts';
import type { AppDeps } from '#server/app-deps.ts';
import { requireUser } from '#server/auth/current-user.ts';
import { adminUsersService } from './admin-users-service.ts';

export async function adminUsersRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const users = adminUsersService(deps);

  r.get('/api/users', {
    schema: {
      tags: ['users'],
      summary: 'All users, searched by name or email and filtered by role (admins)',
      querystring: listUsersQuery,
      response: { 200: adminUserPage, 400: errorSchema, 401: errorSchema, 403: errorSchema },
    },
  }, async (request) => {
    const me = await requireUser(deps.auth, request);
    return users.list(me, request.query);
  });

  r.patch('/api/users/:id', {
    schema: {
      tags: ['users'],
      summary: "Change a user's role or block / unblock them (admins)",
      params: idParam,
      body: updateUserBody,
      response: { 200: adminUserSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema },
    },
  }, async (request) => {
    const me = await requireUser(deps.auth, request);
    return users.update(me, request.params.id, request.body, request.ip);
  });
}
