// Every catalogue, loaded at once: for the server (emails, error messages, pages it draws).
// The browser loads only the active language's (web/src/lib/i18n.ts).
import en from './locales/en.json';
import es from './locales/es.json';
import type { Language } from './languages.ts';

export type Catalogue = typeof en;
export const CATALOGUES: Record<Language, Catalogue> = { en, es };
