// What a new account keeps of the browser that signed it up: the language its request named (the
// `lang` cookie, else Accept-Language; none named, none kept, so the pages keep following the
// browser) and the time zone the page's script reported (the `tz` cookie). Emails are written in
// both (docs/decisions/054-reader-zone-and-language.md); Settings changes either.
import { timeZoneFromCookieHeader } from '#contract/time-zone.ts';
import { languageFromAcceptLanguage, languageFromCookieHeader, type Language } from '#i18n/languages.ts';

export function signUpReader(headers: Headers | undefined): { language: Language | null; timeZone: string | null } {
  const cookie = headers?.get('cookie') ?? undefined;
  return {
    language: languageFromCookieHeader(cookie) ?? languageFromAcceptLanguage(headers?.get('accept-language') ?? undefined),
    timeZone: timeZoneFromCookieHeader(cookie),
  };
}
