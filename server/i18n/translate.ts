// The server's words (error messages, emails, pages it answers) from the same catalogues as the
// web app's (i18n/locales), in the caller's or the recipient's language. docs/decisions/027-languages.md.
import type { FastifyRequest } from 'fastify';
import { CATALOGUES } from '#i18n/catalogues.ts';
import { chooseLanguage, LANGUAGES, type Language } from '#i18n/languages.ts';
import { createTranslator, type Translator } from '#i18n/translator.ts';

const translators = new Map<Language, Translator>(LANGUAGES.map(({ code }) => [code, createTranslator(code, CATALOGUES[code])]));

/** The catalogue's texts in `language` (an email's recipient's, a request's caller's). */
export function translatorFor(language: Language): Translator {
  return translators.get(language)!;
}

/** The caller's language: their choice in the `lang` cookie, else their browser's Accept-Language, else English. */
export function requestLanguage(request: FastifyRequest): Language {
  return chooseLanguage({ cookieHeader: request.headers.cookie, acceptLanguage: request.headers['accept-language'] });
}

/** The catalogue's texts in the caller's language. */
export function translatorOf(request: FastifyRequest): Translator {
  return translatorFor(requestLanguage(request));
}
