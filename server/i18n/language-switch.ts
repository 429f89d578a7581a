// The footer's language switch (issue 20): a form's POST, so it works before the app is live and
// without JavaScript (docs/decisions/018-forms-before-the-app.md). It keeps the choice in the
// `lang` cookie and sends the visitor back to the page they were on, which the server then
// draws in that language. docs/decisions/027-languages.md.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { safeRedirectPath } from '#contract/safe-redirect.ts';
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_S, languageOrNull, type Language } from '#i18n/languages.ts';
import { badRequest } from '#server/errors.ts';
import { translatorOf } from '#server/i18n/translate.ts';

/** The `Set-Cookie` value that keeps `language` for pages the server draws. */
export function languageCookie(language: Language, secure: boolean): string {
  return `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_S}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export async function installLanguageSwitch(app: FastifyInstance, opts: { origin: string }): Promise<void> {
  const origin = new URL(opts.origin).origin;
  const secure = origin.startsWith('https:');
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
      done(null, new URLSearchParams(body as string));
    });
    scope.post('/language', async (request: FastifyRequest, reply: FastifyReply) => {
      const fields = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
      const language = languageOrNull(fields.get('language'));
      if (!language) throw badRequest(translatorOf(request).t('errors.unknownLanguage'));
      return reply
        .header('set-cookie', languageCookie(language, secure))
        .header('Cache-Control', 'no-store')
        .redirect(safeRedirectPath(fields.get('from') ?? '/', origin), 303);
    });
  });
}
