// Refuses the most common passwords (ASVS 6.2.4) wherever a password is chosen: sign-up,
// reset, change. A better-auth plugin with a "before" hook on exactly those endpoints
// (before-endpoints.ts), so it runs for HTTP calls and for server-side auth.api calls alike, and
// never at sign-in (a user whose old password became common can still sign in and change it).
// The list ships in an npm package (zxcvbn-ts's ~49,000 most common passwords): no network at
// run time.
import { dictionary } from '@zxcvbn-ts/language-common';
import { badRequest } from '#server/errors.ts';
import { authRefusal } from './auth-answers.ts';
import { beforeEndpoints } from './before-endpoints.ts';

/** The refusal, in English (the caller's language comes from the catalogues: errors.auth.commonPassword). */
export const COMMON_PASSWORD_MESSAGE = badRequest('errors.auth.commonPassword').message;

/** The endpoints that set a password, and the body field holding the new one. */
const PASSWORD_FIELD: Record<string, string> = {
  '/sign-up/email': 'password',
  '/reset-password': 'newPassword',
  '/change-password': 'newPassword',
  '/set-password': 'newPassword',
};

// The list is lowercase; "Password1" is as guessable as "password1".
const COMMON = new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));

export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}

export function commonPasswords() {
  return beforeEndpoints('studynest-common-passwords', PASSWORD_FIELD, (path, body) => {
    const password = ((body ?? {}) as Record<string, unknown>)[PASSWORD_FIELD[path]!];
    if (typeof password === 'string' && isCommonPassword(password)) {
      throw authRefusal('BAD_REQUEST', 'PASSWORD_TOO_COMMON', badRequest('errors.auth.commonPassword'));
    }
  });
}
