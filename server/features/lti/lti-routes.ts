// LTI 1.3 (docs/decisions/062-lti-tool.md): admins register learning platforms; the platforms
// call the login and launch URLs from their users' browsers (forms of another site: exempt from
// the same-origin check, authenticated by the platform's signed id_token and the login's state,
// never by a cookie); anyone reads StudyNest's public keys.
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { errorSchema, idParam, nonJsonBody } from '#contract/common.ts';
import { createLtiPlatformBody, jwksSchema, ltiCourseListSchema, ltiRosterSchema, ltiDeepLinkPickForm, ltiDeepLinkSchema, ltiLaunchForm, ltiLoginParams, ltiPlatformListSchema, ltiPlatformSchema } from '#contract/lti.ts';
import { requireRole } from '#server/auth/current-user.ts';
import { apiRouter, apiRoutes, errorAnswers } from '#server/http/api-routes.ts';
import { badRequest } from '#server/errors.ts';
import { callerTranslator } from '#server/i18n/caller-language.ts';
import { LaunchRefused } from './lti-launch.ts';
import { refusalPage } from './lti-refusal-page.ts';
import { deepLinkAnswerPage } from './lti-deep-link-answer-page.ts';
import { LTI_CONTINUE_PATH, LTI_JWKS_PATH, LTI_LAUNCH_PATH, LTI_LOGIN_PATH, ltiService } from './lti-service.ts';
import { continuePage } from './lti-continue-page.ts';

const LAUNCHED_BY_PLATFORM = "a learning platform's auto-submitted form from its user's browser, authenticated by the login's state and the platform's signed id_token, never by a cookie";
const refusedPage = nonJsonBody('text/html', 'Refused: a page that says why (the launch is not accepted)');
/** The redirects' other answers: a guard's refusal before the route runs. */
const guardRefusal = errorSchema.meta({ description: 'Refused before the route runs (a malformed address, a body too large): `{ message, fields? }`' });
/** A login's parameters: every field optional here, so that what is missing is said on the refusal page. */
const loginFields = ltiLoginParams.partial();

/** What better-auth records of the browser a session is made for. */
function headersOf(userAgent: string | undefined): Headers {
  const headers = new Headers();
  if (userAgent) headers.set('user-agent', userAgent);
  return headers;
}

export const ltiRoutes = apiRoutes(['lti'], async (r, deps, tags) => {
  const lti = ltiService(deps);

  r.get('/api/admin/lti/platforms', {
    schema: { tags, summary: 'The learning platforms registered for LTI 1.3, and the URLs to paste into them (admins)', response: { 200: ltiPlatformListSchema, ...errorAnswers(401, 403) } },
  }, async (request) => {
    await requireRole(deps.callers, request, 'admin');
    return lti.list();
  });

  r.post('/api/admin/lti/platforms', {
    schema: { tags, summary: "Register a learning platform: its issuer, the client id it gave StudyNest, its deployment ids and its endpoints (admins; audited)", body: createLtiPlatformBody, response: { 201: ltiPlatformSchema, ...errorAnswers(400, 401, 403, 409) } },
  }, async (request, reply) => reply.status(201).send(await lti.create(await requireRole(deps.callers, request, 'admin'), request.body, request.ip)));

  r.delete('/api/admin/lti/platforms/:id', {
    schema: { tags, summary: 'Remove a learning platform: its launches are refused from now on (admins; audited)', params: idParam, response: { 204: z.null(), ...errorAnswers(400, 401, 403, 404) } },
  }, async (request, reply) => {
    await lti.remove(await requireRole(deps.callers, request, 'admin'), request.params.id, request.ip);
    return reply.status(204).send(null);
  });

  r.get(LTI_JWKS_PATH, {
    schema: { tags, summary: "StudyNest's public keys (JWKS) for LTI: what a platform checks the tool's signed messages with", response: { 200: jwksSchema } },
  }, async (_request, reply) => reply.header('Cache-Control', 'public, max-age=300').send(await lti.jwks()));

  r.get('/api/lti/deep-links/:id', {
    schema: { tags, summary: "The caller's Deep Linking request from a learning platform: the sessions they may place in the course (instructors)", params: idParam, response: { 200: ltiDeepLinkSchema, ...errorAnswers(400, 401, 403, 404) } },
  }, async (request) => lti.deepLink(await requireRole(deps.callers, request, 'tutor', 'admin'), request.params.id));

  // Names and Role Provisioning (docs/decisions/068-lti-nrps.md): a course's roster, for the
  // tutor who launched from it as Instructor.
  r.get('/api/lti/courses', {
    schema: { tags, summary: 'The courses the caller launched StudyNest from as their Instructor (tutors)', response: { 200: ltiCourseListSchema, ...errorAnswers(401, 403) } },
  }, async (request) => lti.courses(await requireRole(deps.callers, request, 'tutor')));

  r.post('/api/lti/courses/:id/roster', {
    schema: {
      tags,
      summary: "Import a course's roster from its learning platform (LTI Names and Role Provisioning 2.0): its members, and whether each booked one of the caller's sessions (the course's Instructor only; audited)",
      params: idParam,
      response: { 200: ltiRosterSchema, ...errorAnswers(400, 401, 403, 404, 502) },
    },
  }, async (request) => lti.importRoster(await requireRole(deps.callers, request, 'tutor'), request.params.id, request.ip));

  // A launch that began inside the platform's iframe, continued in a window of its own.
  r.get(`${LTI_CONTINUE_PATH}/:code`, {
    schema: {
      tags,
      summary: 'Continue, in a window of its own, a launch checked inside the platform\'s iframe: signed in and sent to the link\'s page (the code is used once, within two minutes)',
      params: z.object({ code: z.string().min(1).max(100) }),
      response: { 303: z.null().meta({ description: "Signed in (the session cookie): to the link's page" }), 400: refusedPage, 401: refusedPage, 403: refusedPage, default: guardRefusal },
    },
  }, async (request, reply) => {
    try {
      const { location, cookies } = await lti.continueLaunch(request.params.code, request.ip, headersOf(request.headers['user-agent']));
      reply.header('set-cookie', cookies);
      return reply.header('Cache-Control', 'no-store').redirect(location, 303);
    } catch (error) {
      return refuse(reply, request, error);
    }
  });

  async function refuse(reply: FastifyReply, request: Parameters<typeof callerTranslator>[0], error: unknown) {
    if (!(error instanceof LaunchRefused)) throw error;
    request.log.info({ reason: error.reason }, 'LTI launch refused');
    return reply.status(error.status).header('content-type', 'text/html; charset=utf-8').send(refusalPage(await callerTranslator(request), error.reason));
  }

  const loginAnswers = { 303: z.null().meta({ description: "To the platform's authorization URL (Location) with the login's state and nonce" }), 400: refusedPage, default: guardRefusal };
  r.get(LTI_LOGIN_PATH, {
    // The query is read by the handler (not validated by Fastify): what is wrong with it is said on the refusal page.
    schema: { tags, summary: 'LTI 1.3 third-party-initiated login (GET): the platform sends its user here first, with `iss`, `login_hint`, `target_link_uri` and optionally `lti_message_hint`, `client_id`, `lti_deployment_id` in the query', response: loginAnswers },
  }, async (request, reply) => {
    try {
      const fields = loginFields.safeParse(request.query ?? {});
      if (!fields.success) throw new LaunchRefused('missingLoginParameters', 400);
      return reply.redirect(await lti.login(fields.data), 303);
    } catch (error) {
      return refuse(reply, request, error);
    }
  });

  // The platforms' form posts: their own body parser, in their own scope.
  await r.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    const form = apiRouter(scope);
    form.post(LTI_LOGIN_PATH, {
      config: { crossSite: LAUNCHED_BY_PLATFORM },
      schema: { tags, summary: 'LTI 1.3 third-party-initiated login (POST form)', 'x-request-body': { 'application/x-www-form-urlencoded': loginFields }, response: loginAnswers },
    }, async (request, reply) => {
      try {
        const fields = loginFields.safeParse(request.body ?? {});
        if (!fields.success) throw new LaunchRefused('missingLoginParameters', 400);
        return reply.redirect(await lti.login(fields.data), 303);
      } catch (error) {
        return refuse(reply, request, error);
      }
    });

    // The picker's form (same-origin): the answer is a page that posts the signed response to the
    // platform, so it is not a route action of the web app (whose pages may post only to this site).
    form.post('/api/lti/deep-links/:id', {
      schema: {
        tags,
        summary: 'Answer a Deep Linking request with one of the caller\'s sessions: a page that posts the signed LtiDeepLinkingResponse to the platform (instructors)',
        params: idParam,
        'x-request-body': { 'application/x-www-form-urlencoded': ltiDeepLinkPickForm },
        response: { 200: nonJsonBody('text/html', "A page whose form posts the signed response (JWT) to the platform's return URL, sent at once by its script"), ...errorAnswers(400, 401, 403, 404) },
      },
    }, async (request, reply) => {
      const me = await requireRole(deps.callers, request, 'tutor', 'admin');
      const pick = ltiDeepLinkPickForm.safeParse(request.body ?? {});
      if (!pick.success) throw badRequest('errors.input.chooseSession', { sessionId: 'errors.input.chooseSession' });
      const answer = await lti.answerDeepLink(me, request.params.id, pick.data);
      const page = deepLinkAnswerPage(await callerTranslator(request), answer);
      return reply.header('content-security-policy', page.csp).header('content-type', 'text/html; charset=utf-8').send(page.html);
    });

    form.post(LTI_LAUNCH_PATH, {
      config: { crossSite: LAUNCHED_BY_PLATFORM },
      schema: {
        tags,
        summary: "LTI 1.3 launch: the platform's signed id_token checked, its user signed in and sent to the link's page",
        'x-request-body': { 'application/x-www-form-urlencoded': ltiLaunchForm },
        response: {
          200: nonJsonBody('text/html', "Inside the platform's iframe: a page (which the platform may frame) with a link opening StudyNest in a new window, signed in there"),
          303: z.null().meta({ description: "Signed in (the session cookie): to the session, tutor's page or All Sessions the link names" }),
          400: refusedPage,
          401: refusedPage,
          403: refusedPage,
        },
      },
    }, async (request, reply) => {
      try {
        const fields = ltiLaunchForm.safeParse(request.body ?? {});
        const dest = request.headers['sec-fetch-dest'];
        const answer = await lti.launch(fields.success ? fields.data : {}, dest === undefined ? undefined : dest === 'iframe', request.ip, headersOf(request.headers['user-agent']));
        if ('continueUrl' in answer) {
          const page = continuePage(await callerTranslator(request), answer.continueUrl, answer.frameAncestors);
          reply.removeHeader('x-frame-options');
          return reply.header('content-security-policy', page.csp).header('Cache-Control', 'no-store').header('content-type', 'text/html; charset=utf-8').send(page.html);
        }
        reply.header('set-cookie', answer.cookies);
        return reply.header('Cache-Control', 'no-store').redirect(answer.location, 303);
      } catch (error) {
        return refuse(reply, request, error);
      }
    });
  });
});
