// Starting a sign-in through the school's provider (single-sign-on.ts) with a plain form: the
// login page's button posts here, with or without JavaScript, and the browser is sent on to the
// provider with better-auth's `state` cookie (PKCE verifier and nonce inside).
// docs/decisions/058-single-sign-on.md, docs/decisions/018-forms-before-the-app.md.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '#contract/common.ts';
import { safeRedirectPath } from '#contract/safe-redirect.ts';
import { singleSignOnSettingsSchema, updateSingleSignOnBody } from '#contract/single-sign-on.ts';
import type { CoreDeps } from '#server/core-deps.ts';
import { forbidden, notFound } from '#server/errors.ts';
import { apiRouter, errorAnswers } from '#server/http/api-routes.ts';
import { CLIENT_IP_HEADER } from './auth.ts';
import { requireUser } from './current-user.ts';
import { SSO_ERROR_LANDING, SSO_PROVIDER_ID } from './single-sign-on.ts';
import { singleSignOnAdmin, singleSignOnSource } from './single-sign-on-settings.ts';

export const SSO_START_PATH = '/api/sso/start';

/** The form's one field: where to go once signed in (a path of this site; else Home). */
const ssoStartForm = z.object({ from: z.string().max(2000).optional() });

export const SSO_SETTINGS_PATH = '/api/admin/single-sign-on';

export async function singleSignOnRoutes(app: FastifyInstance, { auth, callers, config, db, now }: Pick<CoreDeps, 'auth' | 'callers' | 'config' | 'db' | 'now'>): Promise<void> {
  const origin = new URL(config.baseUrl).origin;
  const settings = singleSignOnSource(config.singleSignOn, db.kysely);
  const admin = singleSignOnAdmin({ environment: config.singleSignOn, db: db.kysely, baseUrl: config.baseUrl, now });

  // The admin's settings of the provider (docs/decisions/065-single-sign-on-settings.md).
  const r = apiRouter(app);
  const tags = ['auth'];
  r.get(SSO_SETTINGS_PATH, {
    schema: { tags, summary: "The school's OpenID Connect provider as it is set, and where from (admins); never its client secret", response: { 200: singleSignOnSettingsSchema, ...errorAnswers(401, 403) } },
  }, async (request) => admin.get(await requireUser(callers, request)));
  r.put(SSO_SETTINGS_PATH, {
    schema: {
      tags,
      summary: "Set the school's OpenID Connect provider (admins): in effect at the next sign-in, without a restart; an empty client secret keeps the one kept. Refused (409) while the server's OIDC_* variables set it",
      body: updateSingleSignOnBody,
      response: { 200: singleSignOnSettingsSchema, ...errorAnswers(400, 401, 403, 409) },
    },
  }, async (request) => admin.save(await requireUser(callers, request), request.body, request.ip));
  r.delete(SSO_SETTINGS_PATH, {
    schema: { tags, summary: "Turn off the dashboard's single sign-on (admins); refused (409) while the server's OIDC_* variables set it", response: { 204: z.null(), ...errorAnswers(401, 403, 404, 409) } },
  }, async (request, reply) => {
    await admin.remove(await requireUser(callers, request), request.ip);
    return reply.status(204).send(null);
  });
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    scope.withTypeProvider<ZodTypeProvider>().post(SSO_START_PATH, {
      schema: {
        tags: ['auth'],
        summary: "Start a sign-in through the school's OpenID Connect provider (the login page's form): redirects to the provider",
        'x-request-body': { 'application/x-www-form-urlencoded': ssoStartForm },
        response: {
          303: z.null().meta({ description: "To the provider's authorization page (Location), with the sign-in's state cookie; the provider unreachable: to /login?sso=failed" }),
          default: errorSchema.meta({ description: 'Refused: a form of another site (403), or no provider configured (404)' }),
        },
      },
    }, async (request, reply) => {
      if (!(await settings.current())) throw notFound();
      // A form of another site may not start a sign-in here (the browser says whose form it was).
      const from = request.headers.origin;
      if (from !== undefined && from !== origin) throw forbidden('errors.crossSite');
      const fields = ssoStartForm.safeParse(request.body ?? {});
      const response = await auth.handler(
        new Request(`${origin}/api/auth/sign-in/social`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin, [CLIENT_IP_HEADER]: request.ip, cookie: request.headers.cookie ?? '' },
          body: JSON.stringify({
            provider: SSO_PROVIDER_ID,
            callbackURL: safeRedirectPath(fields.success ? fields.data.from : undefined, origin),
            errorCallbackURL: SSO_ERROR_LANDING,
          }),
        }),
      );
      const answer = (await response.json().catch(() => null)) as { url?: unknown } | null;
      // No URL: the provider could not be reached for its discovery document (better-auth logged why).
      if (!response.ok || typeof answer?.url !== 'string') return reply.redirect(`${SSO_ERROR_LANDING}&error=provider_unavailable`, 303);
      // The login page lets its form lead to the issuer's origin only (server/http/security.ts):
      // a browser would stop this redirect elsewhere, so the operator is told why sign-ins fail.
      const to = new URL(answer.url).origin;
      if (!(await settings.formTargets()).includes(to)) request.log.warn({ authorizationOrigin: to }, "single sign-on: the provider's authorization endpoint is not on its issuer's origin, where the login page's form may lead (form-action): browsers refuse the redirect");
      const cookies = response.headers.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);
      return reply.header('Cache-Control', 'no-store').redirect(answer.url, 303);
    });
  });
}
