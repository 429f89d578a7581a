// Spec §7 note calls under /api: create-note, notes/{email}, note/{email}/{id}.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, pageQuery } from '#contract/common.ts';
import { noteBody, noteParams, notePage, noteSchema } from '#contract/notes.ts';
import { emailParam } from '#contract/users.ts';
import type { AppDeps } from '#server/app-deps.ts';
import { requireUser } from '#server/auth/current-user.ts';
import { notesService } from './notes-service.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

export async function notesRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const notes = notesService(deps);
  const tags = ['notes'];

  r.post('/api/create-note', {
    schema: { tags, summary: 'Take a note (students)', body: noteBody, response: { 201: noteSchema, ...errors } },
  }, async (request, reply) => {
    const me = await requireUser(deps.auth, request);
    return reply.status(201).send(await notes.create(me, request.body));
  });

  r.get('/api/notes/:email', {
    schema: { tags, summary: "A student's notes (own; admins may read)", params: emailParam, querystring: pageQuery, response: { 200: notePage, ...errors } },
  }, async (request) => notes.list(await requireUser(deps.auth, request), request.params.email, request.query));

  r.get('/api/note/:email/:id', {
    schema: { tags, summary: 'One note (owner; admins may read)', params: noteParams, response: { 200: noteSchema, ...errors } },
  }, async (request) => notes.get(await requireUser(deps.auth, request), request.params.email, request.params.id));

  r.put('/api/note/:email/:id', {
    schema: { tags, summary: 'Change a note (owner)', params: noteParams, body: noteBody, response: { 200: noteSchema, ...errors } },
  }, async (request) => notes.update(await requireUser(deps.auth, request), request.params.email, request.params.id, request.body));

  r.delete('/api/note/:email/:id', {
    schema: { tags, summary: 'Delete a note (owner)', params: noteParams, response: { 204: z.null(), ...errors } },
  }, async (request, reply) => {
    await notes.delete(await requireUser(deps.auth, request), request.params.email, request.params.id);
    return reply.status(204).send(null);
  });
}
