// The language switch: the footer's buttons and Settings' choice are forms posting
// here, so they work before the app is live and without JavaScript
// (docs/decisions/018-forms-before-the-app.md). The choice is kept in the `lang` cookie and, for
// a signed-in user, on their account (emails follow it); the visitor is sent back to the page
// they were on, which the server then draws in that language. docs/decisions/027-languages.md.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { safeRedirectPath } from '#contract/safe-redirect.ts';
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_S, languageOrNull, type Language } from '#i18n/languages.ts';
import type { Callers } from '#server/auth/current-user.ts';
import { badRequest } from '#server/errors.ts';
import type { AccountLanguageRepository } from '#server/i18n/account-language-repository.ts';

/** The `Set-Cookie` value that keeps `language` for the pages the server draws (null: forgets it). */
export function languageCookie(language: Language | null, secure: boolean): string {
  const attributes = `Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
  return language ? `${LANGUAGE_COOKIE}=${language}; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_S}; ${attributes}` : `${LANGUAGE_COOKIE}=; Max-Age=0; ${attributes}`;
}

export async function installLanguageSwitch(
  app: FastifyInstance,
  opts: { origin: string; callers: Callers; accountLanguages: AccountLanguageRepository },
): Promise<void> {
  const origin = new URL(opts.origin).origin;
  const secure = origin.startsWith('https:');
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
      done(null, new URLSearchParams(body as string));
    });
    scope.post('/language', async (request: FastifyRequest, reply: FastifyReply) => {
      const fields = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
      const chosen = fields.get('language') ?? '';
      // Empty: Settings' "the browser's language", which forgets the choice.
      const language = chosen === '' ? null : languageOrNull(chosen);
      if (chosen !== '' && !language) throw badRequest('errors.unknownLanguage');
      const user = await opts.callers.current(request);
      if (user) {
        await opts.accountLanguages.setLanguage(user.id, language);
        // The caller's account (GET /api/me) says its language: not the one cached before the switch.
        opts.callers.invalidateUser(user.id);
      }
      return reply
        .header('set-cookie', languageCookie(language, secure))
        .header('Cache-Control', 'no-store')
        .redirect(safeRedirectPath(fields.get('from') ?? '/', origin), 303);
    });
  });
}
