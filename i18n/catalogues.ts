// Every catalogue, loaded at once: for the server (emails, error messages, pages it draws).
// The browser loads only the active language's (web/src/lib/i18n.ts).
import en from './locales/en.json';
import es from './locales/es.json';
import type { Language } from './languages.ts';
import type { Catalogue } from './translator.ts';

/** Typed as the reference catalogue: a message missing from one is a compile error. */
export const CATALOGUES: Record<Language, Catalogue> = { en, es };
