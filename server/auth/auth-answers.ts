// better-auth's answers as users see them, in the caller's language. better-auth
// answers in English (`{ code, message }`); the one place the server answers for it (the bridge,
// auth-routes.ts) says them from the server catalogues: better-auth's refusals by their code, our
// own rules inside it (account-rules.ts, common-passwords.ts, auth.ts) by the words they carry,
// a 429 with the wait it sent. What the catalogues do not know is passed on as better-auth wrote it.
import { APIError } from 'better-auth/api';
import type { ServerMessageKey } from '#i18n/catalogues.ts';
import type { AppError } from '#server/errors.ts';
import { tooManyRequestsWords } from '#server/http/retry-after.ts';
import { say, translatorFor, type ServerTranslator, type Words } from '#server/i18n/translate.ts';

/** better-auth's error codes users meet, and how the catalogues say them. */
const AUTH_CODES: Record<string, ServerMessageKey> = {
  INVALID_EMAIL_OR_PASSWORD: 'errors.auth.invalidEmailOrPassword',
  INVALID_PASSWORD: 'errors.auth.invalidPassword',
  INVALID_EMAIL: 'errors.auth.invalidEmail',
  USER_ALREADY_EXISTS: 'errors.auth.userAlreadyExists',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'errors.auth.userAlreadyExistsUseAnotherEmail',
  PASSWORD_TOO_SHORT: 'errors.auth.passwordTooShort',
  PASSWORD_TOO_LONG: 'errors.auth.passwordTooLong',
  INVALID_TOKEN: 'errors.auth.invalidToken',
  TOKEN_EXPIRED: 'errors.auth.tokenExpired',
  EMAIL_NOT_VERIFIED: 'errors.auth.emailNotVerified',
  EMAIL_ALREADY_VERIFIED: 'errors.auth.emailAlreadyVerified',
  SESSION_EXPIRED: 'errors.auth.sessionExpired',
  SESSION_NOT_FRESH: 'errors.auth.sessionNotFresh',
  USER_NOT_FOUND: 'errors.auth.userNotFound',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'errors.auth.credentialAccountNotFound',
  MISSING_FIELD: 'errors.auth.missingField',
  FIELD_NOT_ALLOWED: 'errors.auth.fieldNotAllowed',
  BODY_MUST_BE_AN_OBJECT: 'errors.auth.bodyMustBeAnObject',
  INVALID_ORIGIN: 'errors.auth.invalidOrigin',
  MISSING_OR_NULL_ORIGIN: 'errors.auth.missingOrNullOrigin',
  INVALID_CALLBACK_URL: 'errors.auth.invalidCallbackUrl',
  INVALID_REDIRECT_URL: 'errors.auth.invalidRedirectUrl',
  // better-auth's own check of a request's shape: its English detail kept inside our frame.
  VALIDATION_ERROR: 'errors.auth.validationError',
};

/** Where our refusals carry their words inside better-auth's answer; never sent on. */
const WORDS = 'studynestWords';

interface CarriedWords {
  words: Words;
  fields?: Record<string, Words>;
}

/**
 * One of our refusals from inside better-auth: its answer as better-auth shapes it (`code`,
 * `message` and `fields` in English, for server-side `auth.api` callers and logs), carrying the
 * catalogue's words for the bridge to say in the caller's language.
 */
export function authRefusal(status: 'BAD_REQUEST' | 'FORBIDDEN', code: string, error: AppError): APIError {
  const english = translatorFor('en');
  const fields = error.fields && Object.fromEntries(Object.entries(error.fields).map(([name, problem]) => [name, say(english, problem)]));
  const carried: CarriedWords = { words: error.words, ...(error.fields ? { fields: error.fields } : {}) };
  return new APIError(status, { message: error.message, code, ...(fields ? { fields } : {}), [WORDS]: carried });
}

/**
 * A better-auth answer's JSON body said in `t`'s language, or null to pass it on as it is.
 * `retryAfter`: the seconds a 429 named.
 */
export function saidAuthAnswer(path: string, status: number, body: unknown, t: ServerTranslator, retryAfter: number | null): Record<string, unknown> | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const { [WORDS]: carried, ...rest } = body as Record<string, unknown> & { [WORDS]?: CarriedWords };
  if (carried) {
    const fields = carried.fields && Object.fromEntries(Object.entries(carried.fields).map(([name, problem]) => [name, say(t, problem)]));
    return { ...rest, message: say(t, carried.words), ...(fields ? { fields } : {}) };
  }
  if (status === 429) return { ...rest, message: say(t, tooManyRequestsWords(retryAfter)) };
  const key = status >= 400 && typeof rest.code === 'string' ? AUTH_CODES[rest.code] : undefined;
  if (key) return { ...rest, message: t.t(key, { detail: typeof rest.message === 'string' ? rest.message : '' }) };
  // "If this email exists in our system, check your email for the reset link"
  if (path === '/request-password-reset' && status === 200 && typeof rest.message === 'string') return { ...rest, message: t.t('answers.resetRequested') };
  return null;
}
