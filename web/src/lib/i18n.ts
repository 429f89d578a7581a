// The browser's language: the one the server drew the page in (`<html lang>`), so that the app
// takes the page over with the same words (no hydration flip). Only that language's catalogue
// is fetched, as a chunk of its own (the home page's JavaScript budget). docs/decisions/027-languages.md.
import { createContext, useContext } from 'react';
import { DEFAULT_LANGUAGE, languageOrNull, type Language } from '#i18n/languages.ts';
import { type Catalogue, createTranslator, type Translator } from '#i18n/translator.ts';

export type { MessageKey, Translator } from '#i18n/translator.ts';

const catalogues = import.meta.glob<{ default: Catalogue }>('../../../i18n/locales/*.json');

/** The page's language, as the server set it on `<html lang>`. */
export function pageLanguage(): Language {
  return languageOrNull(document.documentElement.lang) ?? DEFAULT_LANGUAGE;
}

let loaded: Translator | null = null;

/** A translator in the page's language, once its catalogue has arrived. */
export async function loadPageTranslator(): Promise<Translator> {
  if (loaded) return loaded;
  const language = pageLanguage();
  const load = catalogues[`../../../i18n/locales/${language}.json`];
  if (!load) throw new Error(`No catalogue for ${language}`);
  const { default: catalogue } = await load();
  loaded = createTranslator(language, catalogue);
  return loaded;
}

/**
 * The page's translator for words said outside React (the API client's own sentences), once
 * loadPageTranslator has given it: in the browser always, since main.tsx loads it before the app
 * starts. Null on the server, where a failed API call is not drawn (entry-server.tsx leaves it out).
 */
export function loadedPageTranslator(): Translator | null {
  return loaded;
}

export const TranslatorContext = createContext<Translator | null>(null);

/** The page's translator: `const { t } = useTranslator(); t('nav.home')`. */
export function useTranslator(): Translator {
  const translator = useContext(TranslatorContext);
  if (!translator) throw new Error('useTranslator outside AppProviders');
  return translator;
}
