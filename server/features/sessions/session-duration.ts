// "2 hours 30 minutes": the API's sessionDuration, in words, from the class start and end. A
// session's answer is built once for every caller (the public lists are cached), in English; the
// words are said again in the caller's language as the answer goes out.
import type { FastifyInstance } from 'fastify';
import type { Language } from '#i18n/languages.ts';
import { requestLanguage, translatorFor, type ServerTranslator } from '#server/i18n/translate.ts';

export function durationMinutesBetween(startIso: string, endIso: string): number {
  return Math.max(0, Math.round((Date.parse(endIso) - Date.parse(startIso)) / 60_000));
}

/**
 * Each length said once per language: every session answer says its duration (a booked-sessions
 * page twenty times), and formatting three plural messages was a sixth of building that page.
 * A pure cache of the catalogue's words, bounded.
 */
const saidDurations = new WeakMap<ServerTranslator, Map<number, string>>();
const MOST_SAID_DURATIONS = 4096;

/** "1 day 1 hour 5 minutes" ("1 día 1 hora 5 minutos"): the server catalogues' plurals. */
export function durationInWords(totalMinutes: number, t: ServerTranslator = translatorFor('en')): string {
  let said = saidDurations.get(t);
  if (!said) saidDurations.set(t, (said = new Map()));
  let words = said.get(totalMinutes);
  if (words === undefined) {
    if (said.size >= MOST_SAID_DURATIONS) said.clear();
    words = sayDuration(totalMinutes, t);
    said.set(totalMinutes, words);
  }
  return words;
}

function sayDuration(totalMinutes: number, t: ServerTranslator): string {
  const days = Math.floor(totalMinutes / 1440);
  const hours = Math.floor((totalMinutes % 1440) / 60);
  const minutes = totalMinutes % 60;
  const parts: string[] = [];
  if (days) parts.push(t.t('duration.days', { count: days }));
  if (hours) parts.push(t.t('duration.hours', { count: hours }));
  if (minutes || parts.length === 0) parts.push(t.t('duration.minutes', { count: minutes }));
  return parts.join(' ');
}

type Json = unknown;

/** Whether `value` holds a session answer (its `durationMinutes` and `sessionDuration`) at any depth. */
function holdsDuration(value: Json, depth = 0): boolean {
  if (depth > 6 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => holdsDuration(item, depth + 1));
  const record = value as Record<string, Json>;
  if (typeof record.durationMinutes === 'number' && typeof record.sessionDuration === 'string') return true;
  return Object.values(record).some((item) => holdsDuration(item, depth + 1));
}

/** A copy of `value` with every session's `sessionDuration` in `t`'s language (answers may be cached and shared: never changed in place). */
function withDurations(value: Json, t: ServerTranslator, depth = 0): Json {
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => withDurations(item, t, depth + 1));
  const out: Record<string, Json> = {};
  for (const [key, item] of Object.entries(value as Record<string, Json>)) out[key] = withDurations(item, t, depth + 1);
  if (typeof out.durationMinutes === 'number' && typeof out.sessionDuration === 'string') out.sessionDuration = durationInWords(out.durationMinutes, t);
  return out;
}

/** `payload` with its sessions' durations said in `language` (a copy; English: `payload` itself). */
export function withDurationsIn<T>(payload: T, language: Language): T {
  return language === 'en' || !holdsDuration(payload) ? payload : (withDurations(payload, translatorFor(language)) as T);
}

/**
 * Every answer's session durations in the request's language (the `lang` cookie, which the
 * language switch sets with the account's, else Accept-Language): no account lookup on the
 * session reads, the hot path. English answers go out as built. The public lists' cache sends
 * bytes, which this hook never sees: it keeps a page per language, said by withDurationsIn.
 */
export function installDurationWords(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, _reply, payload: Json) => withDurationsIn(payload, requestLanguage(request)));
}
