// One i18next set-up for the server and the browser: ICU messages (plurals, `{name}`
// arguments) through i18next-icu. docs/decisions/027-languages.md.
import i18next, { type i18n, type Resource } from 'i18next';
import ICU from 'i18next-icu';
import { DEFAULT_LANGUAGE, type Language } from './languages.ts';

/** An i18next instance in `language`, with the catalogues given (the browser: the active one only). */
export function createTranslator(language: Language, resources: Resource): i18n {
  const instance = i18next.createInstance();
  void instance.use(ICU).init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    resources,
    // Catalogues are given whole: init completes synchronously.
    initAsync: false,
    // React escapes what it draws; emails escape their HTML themselves.
    interpolation: { escapeValue: false },
  });
  return instance;
}

// Keys are checked by the compiler against the reference catalogue (English).
declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: import('./catalogues.ts').Catalogue };
  }
}
