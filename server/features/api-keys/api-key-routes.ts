// A signed-in user's API keys: list, make (the secret in that answer only), revoke. Only with the
// browser's session: a key never makes or revokes keys (no route here is in key-scopes.ts).
import { z } from 'zod';
import { apiKeyListSchema, createApiKeyBody, createdApiKeySchema } from '#contract/api-keys.ts';
import { idParam } from '#contract/common.ts';
import { requireUser } from '#server/auth/current-user.ts';
import { apiRoutes, errorAnswers } from '#server/http/api-routes.ts';
import { apiKeyService } from './api-key-service.ts';

export const apiKeyRoutes = apiRoutes(['api-keys'], (r, deps, tags) => {
  const keys = apiKeyService(deps);

  r.get('/api/me/api-keys', {
    schema: { tags, summary: "The caller's API keys not revoked, newest first (never their secrets)", response: { 200: apiKeyListSchema, ...errorAnswers(401) } },
  }, async (request) => keys.list(await requireUser(deps.callers, request)));

  r.post('/api/me/api-keys', {
    schema: {
      tags,
      summary: 'Make an API key with scopes the caller\'s role allows (verified accounts); its secret is in this answer only',
      body: createApiKeyBody,
      response: { 201: createdApiKeySchema, ...errorAnswers(400, 401, 403, 409) },
    },
  }, async (request, reply) => reply.status(201).send(await keys.create(await requireUser(deps.callers, request), request.body, request.ip)));

  r.delete('/api/me/api-keys/:id', {
    schema: { tags, summary: 'Revoke one of the caller\'s API keys: it stops working at once', params: idParam, response: { 204: z.null(), ...errorAnswers(400, 401, 404) } },
  }, async (request, reply) => {
    await keys.revoke(await requireUser(deps.callers, request), request.params.id, request.ip);
    return reply.status(204).send(null);
  });
});
