// The caller's own account: GET /api/me, PUT /api/user, GET /api/user/{email}.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema } from '#contract/common.ts';
import { emailParam, meSchema, updateMeBody, userRoleSchema } from '#contract/users.ts';
import type { AppDeps } from '#server/app-deps.ts';
import { invalidateUser, requireUser, userStatus } from '#server/auth/current-user.ts';
import { forbidden, notFound } from '#server/errors.ts';
import { userRepository } from './user-repository.ts';

export async function meRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const users = userRepository(deps.db.kysely);

  r.get('/api/me', {
    schema: { tags: ['users'], summary: 'The signed-in caller', response: { 200: meSchema, 401: errorSchema } },
  }, async (request) => requireUser(deps.auth, request));

  r.put('/api/user', {
    schema: { tags: ['users'], summary: "Update the caller's own name and photo", body: updateMeBody, response: { 200: meSchema, 401: errorSchema } },
  }, async (request) => {
    const me = await requireUser(deps.auth, request);
    const now = deps.db.dialect === 'postgres' ? deps.now() : deps.now().toISOString();
    const patch: { name: string; image?: string | null } = { name: request.body.name };
    if (request.body.image !== undefined) patch.image = request.body.image;
    const row = await users.updateProfile(me.id, patch, now);
    invalidateUser(me.id);
    return { id: row.id, name: row.name, email: row.email, role: row.role, status: userStatus(row), image: row.image };
  });

  r.get('/api/user/:email', {
    schema: { tags: ['users'], summary: "A user's role (own, or any for admins)", params: emailParam, response: { 200: userRoleSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema } },
  }, async (request) => {
    const me = await requireUser(deps.auth, request);
    const email = request.params.email.toLowerCase();
    if (email !== me.email.toLowerCase() && me.role !== 'admin') throw forbidden('You can only read your own account.');
    const row = await users.findByEmail(email);
    if (!row) throw notFound('No user has this email.');
    return { email: row.email, role: row.role };
  });
}
