// Every catalogue, loaded at once: for the server (emails, error messages, pages it draws).
// The browser loads only the active language's (web/src/lib/i18n.ts).
import en from './locales/en.json' with { type: 'json' };
import es from './locales/es.json' with { type: 'json' };
import serverEn from './server-locales/en.json' with { type: 'json' };
import serverEs from './server-locales/es.json' with { type: 'json' };
import type { Language } from './languages.ts';
import type { Catalogue, KeysOf } from './translator.ts';

/** Typed as the reference catalogue: a message missing from one is a compile error. */
export const CATALOGUES: Record<Language, Catalogue> = { en, es };

/**
 * The server's own words (error messages, emails, .ics texts): apart from the web app's, so the
 * browser never downloads them (its chunks are i18n/locales/*.json only). Same rules: English is
 * the reference, every other catalogue typed as it.
 */
export type ServerCatalogue = typeof serverEn;
export type ServerMessageKey = KeysOf<ServerCatalogue>;
export const SERVER_CATALOGUES: Record<Language, ServerCatalogue> = { en: serverEn, es: serverEs };
