// The server's words (error messages, emails, pages it answers) from the same catalogues as the
// web app's (i18n/locales), in the caller's or the recipient's language. docs/decisions/027-languages.md.
import type { FastifyRequest } from 'fastify';
import type { TFunction } from 'i18next';
import { CATALOGUES } from '#i18n/catalogues.ts';
import { createTranslator } from '#i18n/i18next-setup.ts';
import { chooseLanguage, LANGUAGES, type Language } from '#i18n/languages.ts';

const translator = createTranslator(
  'en',
  Object.fromEntries(LANGUAGES.map(({ code }) => [code, { translation: CATALOGUES[code] }])),
);

/** The catalogue's texts in `language` (an email's recipient's, a request's caller's). */
export function translatorFor(language: Language): TFunction {
  return translator.getFixedT(language);
}

/** The caller's language: their choice in the `lang` cookie, else their browser's Accept-Language, else English. */
export function requestLanguage(request: FastifyRequest): Language {
  return chooseLanguage({ cookieHeader: request.headers.cookie, acceptLanguage: request.headers['accept-language'] });
}

/** The catalogue's texts in the caller's language. */
export function translatorOf(request: FastifyRequest): TFunction {
  return translatorFor(requestLanguage(request));
}
