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

const momentFormats = new Map<string, Intl.DateTimeFormat>();
function momentParts(language: Language, timeZone: string, instant: string | Date): { day: string; date: string; time: string } {
  const key = `${language} ${timeZone}`;
  let format = momentFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { timeZone, weekday: 'short', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    momentFormats.set(key, format);
  }
  const p = Object.fromEntries(format.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
  return { day: `${p.weekday} ${p.day}/${p.month}/${p.year}`, date: `${p.day}/${p.month}/${p.year}`, time: `${p.hour}:${p.minute}` };
}

/** A moment as a table or a spreadsheet cell gives it, in `timeZone` and in no language's words: "29/11/2026 18:05". */
export function formatDateTime(timeZone: string, instant: string | Date): string {
  const { date, time } = momentParts('en', timeZone, instant);
  return `${date} ${time}`;
}

/** The zone's name after a time: " UTC" as before zones were kept, else ", Europe/Madrid". */
const zoneSuffix = (timeZone: string) => (timeZone === 'UTC' ? ' UTC' : `, ${timeZone}`);

/**
 * A moment in an email or calendar text, in its reader's zone and named:
 * "Tue 24/11/2026, 18:00, Europe/Madrid" ("mar 24/11/2026, 18:00, Europe/Madrid"; in UTC
 * "Tue 24/11/2026, 18:00 UTC"): the weekday in the language, dd/MM/yyyy in every language, 24-hour.
 */
export function formatMoment(language: Language, timeZone: string, instant: string | Date): string {
  const { day, time } = momentParts(language, timeZone, instant);
  return `${day}, ${time}${zoneSuffix(timeZone)}`;
}

/** A class's time: "Tue 24/11/2026, 18:00–19:30, Europe/Madrid", both days when it ends on another. */
export function formatSpan(language: Language, timeZone: string, start: string | Date, end: string | Date): string {
  const a = momentParts(language, timeZone, start);
  const b = momentParts(language, timeZone, end);
  const span = a.day === b.day ? `${a.day}, ${a.time}–${b.time}` : `${a.day}, ${a.time} – ${b.day}, ${b.time}`;
  return `${span}${zoneSuffix(timeZone)}`;
}

/** An amount in hundredths of `currency` (the installation's, config.currency), written the language's way: "$12.50", "12,50 US$", "€12.50". */
export function formatMoney(language: Language, cents: number, currency: string): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency }).format(cents / 100);
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
