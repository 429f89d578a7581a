// The browser's language: the one the server drew the page in (`<html lang>`), so that the app
// takes the page over with the same words (no hydration flip). Only that language's catalogue
// is fetched, as a chunk of its own (the home page's JavaScript budget).
import type { i18n } from 'i18next';
import { createTranslator } from '#i18n/i18next-setup.ts';
import { DEFAULT_LANGUAGE, languageOrNull, type Language } from '#i18n/languages.ts';

const catalogues = import.meta.glob<{ default: Record<string, unknown> }>('../../../i18n/locales/*.json');

/** The page's language, as the server set it on `<html lang>`. */
export function pageLanguage(): Language {
  return languageOrNull(document.documentElement.lang) ?? DEFAULT_LANGUAGE;
}

/** An i18next instance in the page's language, once its catalogue has arrived. */
export async function loadPageTranslator(): Promise<i18n> {
  const language = pageLanguage();
  const load = catalogues[`../../../i18n/locales/${language}.json`];
  if (!load) throw new Error(`No catalogue for ${language}`);
  const { default: catalogue } = await load();
  return createTranslator(language, { [language]: { translation: catalogue } });
}
