// The caller's language, for everything the server answers them in words (refusals, success
// messages, better-auth's answers, a session's duration): their account's (looked up only for a
// request with a session cookie), else the `lang` cookie, else Accept-Language, else English.
// `request.callerLanguage()`, asked once per request. docs/decisions/027-languages.md.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Language } from '#i18n/languages.ts';
import { hasSessionCookie } from '#server/auth/session-cookie.ts';
import { requestLanguage, translatorFor, type ServerTranslator } from './translate.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language to answer this caller in (see the file's head). */
    callerLanguage(): Promise<Language>;
  }
}

/** How a signed-in caller's saved language is learnt (null: none saved). */
export type AccountLanguageOf = (request: FastifyRequest) => Promise<string | null>;

const asked = new WeakMap<FastifyRequest, Promise<Language>>();

/** Gives every request `callerLanguage()`; `accountLanguage` reads the account's (none: the request's alone). */
export function installCallerLanguage(app: FastifyInstance, accountLanguage?: AccountLanguageOf): void {
  if (app.hasRequestDecorator('callerLanguage')) return;
  app.decorateRequest('callerLanguage', function callerLanguage(this: FastifyRequest): Promise<Language> {
    let language = asked.get(this);
    if (!language) {
      const account = accountLanguage && hasSessionCookie(this.headers.cookie) ? accountLanguage(this).catch(() => null) : Promise.resolve(null);
      language = account.then((saved) => requestLanguage(this, saved));
      asked.set(this, language);
    }
    return language;
  });
}

/** The caller's translator: for a route or service that answers in words. */
export async function callerTranslator(request: FastifyRequest): Promise<ServerTranslator> {
  return translatorFor(await request.callerLanguage());
}
