// The one error type services throw; the error handler turns it into { message, fields? }, in the
// caller's language: an AppError carries message keys of the server catalogue
// (i18n/server-locales), not text (docs/decisions/027-languages.md).
import type { ServerMessageKey } from '#i18n/catalogues.ts';
import { say, translatorFor, type Words } from '#server/i18n/translate.ts';

/** A message key alone, or with its arguments. */
export type ErrorWords = ServerMessageKey | Words;

const wordsOf = (words: ErrorWords): Words => (typeof words === 'string' ? { key: words } : words);

export class AppError extends Error {
  public readonly words: Words;
  public readonly fields?: Record<string, Words>;

  constructor(
    public readonly statusCode: number,
    words: ErrorWords,
    fields?: Record<string, ErrorWords>,
  ) {
    // `message` in English, for logs and job errors; callers get theirs from `words`.
    super(say(translatorFor('en'), wordsOf(words)));
    this.name = 'AppError';
    this.words = wordsOf(words);
    if (fields) this.fields = Object.fromEntries(Object.entries(fields).map(([field, problem]) => [field, wordsOf(problem)]));
  }
}

export const badRequest = (words: ErrorWords, fields?: Record<string, ErrorWords>) => new AppError(400, words, fields);
export const unauthorized = (words: ErrorWords = 'errors.logIn') => new AppError(401, words);
export const forbidden = (words: ErrorWords, fields?: Record<string, ErrorWords>) => new AppError(403, words, fields);
export const notFound = (words: ErrorWords = 'errors.http.notFound') => new AppError(404, words);
export const conflict = (words: ErrorWords) => new AppError(409, words);
