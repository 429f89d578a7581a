// The note calls under /api: create-note, notes/{email}, note/{email}/{id}.
import { z } from 'zod';
import { pageQuery } from '#contract/common.ts';
import { noteBody, noteParams, notePage, noteSchema } from '#contract/notes.ts';
import { emailParam } from '#contract/users.ts';
import { requireUser } from '#server/auth/current-user.ts';
import { apiRoutes, errorAnswers } from '#server/http/api-routes.ts';
import { notesService } from './notes-service.ts';

const errors = errorAnswers(400, 401, 403, 404);

export const notesRoutes = apiRoutes(['notes'], (r, deps, tags) => {
  const notes = notesService(deps);

  r.post('/api/create-note', {
    schema: { tags, summary: 'Take a note (students)', body: noteBody, response: { 201: noteSchema, ...errors } },
  }, async (request, reply) => {
    const me = await requireUser(deps.auth, request);
    return reply.status(201).send(await notes.create(me, request.body));
  });

  r.get('/api/notes/:email', {
    config: { adminAudit: 'user.notes_viewed' },
    schema: { tags, summary: "A student's notes (own; admins may read)", params: emailParam, querystring: pageQuery, response: { 200: notePage, ...errors } },
  }, async (request) => notes.list(await requireUser(deps.auth, request), request.params.email, request.query, request.ip));

  r.get('/api/note/:email/:id', {
    config: { adminAudit: 'user.note_viewed' },
    schema: { tags, summary: 'One note (owner; admins may read)', params: noteParams, response: { 200: noteSchema, ...errors } },
  }, async (request) => notes.get(await requireUser(deps.auth, request), request.params.email, request.params.id, request.ip));

  r.put('/api/note/:email/:id', {
    schema: { tags, summary: 'Change a note (owner)', params: noteParams, body: noteBody, response: { 200: noteSchema, ...errors } },
  }, async (request) => notes.update(await requireUser(deps.auth, request), request.params.email, request.params.id, request.body));

  r.delete('/api/note/:email/:id', {
    schema: { tags, summary: 'Delete a note (owner)', params: noteParams, response: { 204: z.null(), ...errors } },
  }, async (request, reply) => {
    await notes.delete(await requireUser(deps.auth, request), request.params.email, request.params.id);
    return reply.status(204).send(null);
  });
});
