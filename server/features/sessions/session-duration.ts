// "2 hours 30 minutes": a session's length (its answers' sessionDuration), in words, from the
// class start and end, in the language its answer is built for (session-dto.ts). The public lists
// keep a page per language (public-list-cache.ts).
import type { ServerTranslator } from '#server/i18n/translate.ts';

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
export function durationInWords(totalMinutes: number, t: ServerTranslator): string {
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
