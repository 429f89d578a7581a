// The languages StudyNest speaks, and how a request's language is chosen
// (docs/decisions/027-languages.md). Shared by the server and the web app: no dependencies.
// A new language is its catalogue (i18n/locales/<code>.json) and its line here.

// `ogLocale`: the language and territory Open Graph's og:locale takes (language_TERRITORY).
export const LANGUAGES = [
  { code: 'en', name: 'English', dir: 'ltr', ogLocale: 'en_US' },
  { code: 'es', name: 'Español', dir: 'ltr', ogLocale: 'es_ES' },
] as const;

export type Language = (typeof LANGUAGES)[number]['code'];
/** The reference language: every key exists in its catalogue first. */
export const DEFAULT_LANGUAGE: Language = 'en';
/** A visitor's choice from the footer (and a signed-in user's saved one), for pages drawn by the server. */
export const LANGUAGE_COOKIE = 'lang';
/** A year: the choice is a preference, not a secret. */
export const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export function languageOrNull(value: unknown): Language | null {
  if (typeof value !== 'string') return null;
  return LANGUAGES.find((language) => language.code === value.toLowerCase())?.code ?? null;
}

export function textDirection(language: Language): 'ltr' | 'rtl' {
  return LANGUAGES.find((l) => l.code === language)?.dir ?? 'ltr';
}

/**
 * The language chosen in the `lang` cookie, or null. A cookie is whatever a client sends: one
 * that is not a language (a stray `%` included, which decodeURIComponent throws on) is no choice,
 * never an error, so every request still gets an answer.
 */
export function languageFromCookieHeader(cookieHeader: string | undefined): Language | null {
  if (!cookieHeader) return null;
  const match = /(?:^|;\s*)lang=([^;]*)/.exec(cookieHeader);
  if (!match) return null;
  try {
    return languageOrNull(decodeURIComponent(match[1]!.trim()));
  } catch {
    return null;
  }
}

/**
 * The best of our languages for an `Accept-Language` header (RFC 9110 §12.5.4): by quality,
 * then by order; `es-MX` matches `es`. Null when none is acceptable.
 */
export function languageFromAcceptLanguage(header: string | undefined): Language | null {
  if (!header) return null;
  const ranges = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((range) => range.tag && range.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranges) {
    const language = languageOrNull(tag.split('-')[0]);
    if (language) return language;
  }
  return null;
}

/** A page's language: the account's (when signed in), else the footer's cookie, else the browser's, else English. */
export function chooseLanguage(input: { account?: string | null; cookieHeader?: string; acceptLanguage?: string }): Language {
  return (
    languageOrNull(input.account) ??
    languageFromCookieHeader(input.cookieHeader) ??
    languageFromAcceptLanguage(input.acceptLanguage) ??
    DEFAULT_LANGUAGE
  );
}
