// Refuses the most common passwords (ASVS 6.2.4) wherever a password is chosen: sign-up,
// reset, change. A better-auth plugin with a "before" hook on exactly those endpoints
// (before-endpoints.ts), so it runs for HTTP calls and for server-side auth.api calls alike, and
// never at sign-in (a user whose old password became common can still sign in and change it).
// The list ships in an npm package (zxcvbn-ts's ~49,000 most common passwords): no network at
// run time.
import { createRequire } from 'node:module';
import path from 'node:path';
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

/**
 * The list as one string, lowercase ("Password1" is as guessable as "password1"), each password
 * between newlines. The package's own build decodes it into arrays of 57,000 strings (with its
 * diceware words) that a module import would keep for the life of the process, about 3 MB of
 * the server's heap for a check made only when a password is chosen: it is required here, copied
 * into this one string and dropped from require's cache, so those arrays are collected.
 */
function loadCommonPasswords(): string {
  const require = createRequire(import.meta.url);
  const entry = require.resolve('@zxcvbn-ts/language-common');
  const { dictionary } = require(entry) as { dictionary: Record<string, string[]> };
  const list = `\n${[...new Set(dictionary['passwords-common']!.map((p) => p.toLowerCase()))].join('\n')}\n`;
  const packageDir = path.dirname(entry) + path.sep;
  for (const file of Object.keys(require.cache)) if (file.startsWith(packageDir)) delete require.cache[file];
  return list;
}

const COMMON = loadCommonPasswords();

export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  // A search of the whole list (a few hundred µs), made only when a password is chosen.
  return !lower.includes('\n') && COMMON.includes(`\n${lower}\n`);
}

export function commonPasswords() {
  return beforeEndpoints('studynest-common-passwords', PASSWORD_FIELD, (path, body) => {
    const password = ((body ?? {}) as Record<string, unknown>)[PASSWORD_FIELD[path]!];
    if (typeof password === 'string' && isCommonPassword(password)) {
      throw authRefusal('BAD_REQUEST', 'PASSWORD_TOO_COMMON', badRequest('errors.auth.commonPassword'));
    }
  });
}
