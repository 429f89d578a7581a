// The admin's users list and changes: GET /api/users (the original API's call, with search and pages),
// PATCH /api/users/{id}. Rules live in admin-users-service.ts.
import { adminUserPage, adminUserSchema, listUsersQuery, updateUserBody } from '#contract/admin-users.ts';
import { idParam } from '#contract/common.ts';
import { requireUser } from '#server/auth/current-user.ts';
import { apiRoutes, errorAnswers } from '#server/http/api-routes.ts';
import { adminUsersService } from './admin-users-service.ts';

export const adminUsersRoutes = apiRoutes(['users'], (r, deps, tags) => {
  const users = adminUsersService(deps);

  r.get('/api/users', {
    schema: { tags, summary: 'All users, searched by name or email and filtered by role (admins)', querystring: listUsersQuery, response: { 200: adminUserPage, ...errorAnswers(400, 401, 403) } },
  }, async (request) => users.list(await requireUser(deps.auth, request), request.query));

  r.patch('/api/users/:id', {
    config: { adminAudit: ['user.role_changed', 'user.blocked', 'user.unblocked'] },
    schema: { tags, summary: "Change a user's role or block / unblock them (admins)", params: idParam, body: updateUserBody, response: { 200: adminUserSchema, ...errorAnswers(400, 401, 403, 404, 409) } },
  }, async (request) => users.update(await requireUser(deps.auth, request), request.params.id, request.body, request.ip));
});
