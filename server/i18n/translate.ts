// The server's words (error messages, emails, .ics texts) from its own catalogues
// (i18n/server-locales), in the caller's or the recipient's language. docs/decisions/027-languages.md.
import type { FastifyRequest } from 'fastify';
import type { PrimitiveType } from 'intl-messageformat';
import { SERVER_CATALOGUES, type ServerMessageKey } from '#i18n/catalogues.ts';
import { chooseLanguage, DEFAULT_LANGUAGE, languageOrNull, LANGUAGES, type Language } from '#i18n/languages.ts';
import { createTranslator, type Translator } from '#i18n/translator.ts';

export type ServerTranslator = Translator<ServerMessageKey>;

/**
 * A message not yet in a language: its key and its arguments, which may be messages themselves
 * (translated first). What an AppError carries until the error handler knows the caller's language.
 */
export interface Words {
  key: ServerMessageKey;
  values?: Record<string, PrimitiveType | Words>;
}

/** A problem as a validator wrote it: zod's own messages, already in the caller's language (its locales). */
export const asGiven = (text: string): Words => ({ key: 'errors.validation.asGiven', values: { text } });

/** Whether `text` is a message key of the server catalogues (a schema's refusal is one: contract/common.ts `says`). */
export function isServerMessageKey(text: string): text is ServerMessageKey {
  let node: unknown = SERVER_CATALOGUES.en;
  for (const part of text.split('.')) node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === 'string';
}

const translators = new Map<Language, ServerTranslator>(LANGUAGES.map(({ code }) => [code, createTranslator(code, SERVER_CATALOGUES[code])]));

/** The catalogue's texts in `language` (an email's recipient's, a request's caller's). */
export function translatorFor(language: Language): ServerTranslator {
  return translators.get(language)!;
}

/** An email recipient's texts: their account's language (user.language), else English. */
export function translatorForAccount(language: string | null | undefined): ServerTranslator {
  return translatorFor(languageOrNull(language) ?? DEFAULT_LANGUAGE);
}

const utcFormats = new Map<Language, Intl.DateTimeFormat>();
/**
 * A moment in an email or calendar text: "Tue 24/11/2026, 18:00 UTC" ("mar 24/11/2026, 18:00 UTC"):
 * the weekday in the language, dd/MM/yyyy in every language, 24-hour, in UTC
 * (an email has no time zone of its reader).
 */
export function formatUtc(language: Language, instant: string | Date): string {
  let format = utcFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { timeZone: 'UTC', weekday: 'short', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    utcFormats.set(language, format);
  }
  const p = Object.fromEntries(format.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
  return `${p.weekday} ${p.day}/${p.month}/${p.year}, ${p.hour}:${p.minute} UTC`;
}

/** An amount in US dollars (the app's one currency), written the language's way: "$12.50", "12,50 US$". */
export function formatMoney(language: Language, cents: number): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency: 'USD' }).format(cents / 100);
}

/** `words` in the translator's language. */
export function say(t: ServerTranslator, words: Words): string {
  if (!words.values) return t.t(words.key);
  const values: Record<string, PrimitiveType> = {};
  for (const [name, value] of Object.entries(words.values)) values[name] = typeof value === 'object' && value !== null && !(value instanceof Date) ? say(t, value) : value;
  return t.t(words.key, values);
}

/**
 * The caller's language from the request alone: their choice in the `lang` cookie, else their
 * browser's Accept-Language, else English. `account`: the signed-in caller's saved one, which wins.
 */
export function requestLanguage(request: FastifyRequest, account?: string | null): Language {
  return chooseLanguage({ account, cookieHeader: request.headers.cookie, acceptLanguage: request.headers['accept-language'] });
}
