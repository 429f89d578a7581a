// GET and PUT /api/me/notifications (the caller's settings); POST /api/notifications/unsubscribe,
// the one-click link of every notification email (RFC 8058), and GET on it for mail clients that
// open the link in a browser instead: the settings page. docs/decisions/021-notification-emails.md.
import { z } from 'zod';
import { notificationSettingsSchema, unsubscribeQuery, unsubscribeResultSchema, updateNotificationSettingsBody } from '#contract/notifications.ts';
import { errorSchema } from '#contract/common.ts';
import { requireUser } from '#server/auth/current-user.ts';
import { apiRouter, apiRoutes, errorAnswers } from '#server/http/api-routes.ts';
import { notificationService } from './notification-service.ts';

export const notificationRoutes = apiRoutes(['notifications'], async (r, deps, tags) => {
  const notifications = notificationService(deps);

  r.get('/api/me/notifications', {
    schema: { tags, summary: 'Which optional emails the caller gets', response: { 200: notificationSettingsSchema, ...errorAnswers(401) } },
  }, async (request) => notifications.settings((await requireUser(deps.callers, request)).id));

  r.put('/api/me/notifications', {
    schema: { tags, summary: 'Turn optional emails on or off', body: updateNotificationSettingsBody, response: { 200: notificationSettingsSchema, ...errorAnswers(400, 401) } },
  }, async (request) => notifications.update((await requireUser(deps.callers, request)).id, request.body));

  // Not an API call but a link a person follows (a mail client without one-click opens it in the
  // browser): it leads to the settings page. Documented all the same, since it answers: a 303,
  // and the shared error answers as `default` (an operation needs a 2XX or a default).
  r.get('/api/notifications/unsubscribe', {
    schema: {
      tags,
      summary: "A notification email's unsubscribe link opened in a browser: redirects to the notification settings",
      querystring: unsubscribeQuery,
      response: {
        303: z.null().meta({ description: 'See the notification settings (Location: /dashboard/settings#notifications)' }),
        default: errorSchema.meta({ description: 'Refused: the query is not an unsubscribe link' }),
      },
    },
  }, async (_request, reply) => reply.redirect('/dashboard/settings#notifications', 303));

  // Mail clients post `List-Unsubscribe=One-Click` as a form (RFC 8058): the body says nothing
  // the token does not, so this route alone takes any body and does not read it.
  await r.register(async (oneClick) => {
    oneClick.removeAllContentTypeParsers();
    oneClick.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 4096 }, (_request, _body, done) => done(null, null));
    apiRouter(oneClick).post('/api/notifications/unsubscribe', {
      config: { crossSite: "sent by the recipient's mail provider (one-click unsubscribe), authenticated by the signed token in its link, never by a cookie" },
      schema: {
        tags,
        summary: "One-click unsubscribe (RFC 8058) from a notification email's List-Unsubscribe link: turns off what the link names",
        querystring: unsubscribeQuery,
        'x-request-body': { 'application/x-www-form-urlencoded': z.object({ 'List-Unsubscribe': z.literal('One-Click') }) },
        response: { 200: unsubscribeResultSchema, ...errorAnswers(400) },
      },
    }, async (request) => notifications.unsubscribe(request.query.token));
  });
});
