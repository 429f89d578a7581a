// JSON request bodies for the whole app: Fastify's own parser (secure-json-parse, prototype
// poisoning refused), behind a cap on nesting. JSON.parse itself survives deep nesting, but what
// runs after it does not: validation, JSON.stringify (the auth routes hand the body on to
// better-auth) and every recursive walk overflow the stack on 200,000 nested arrays — a 500.
// No request of this API nests deeper than a few levels; the check reads the raw text once,
// before anything is built from it.
// The same read refuses a NUL character (\u0000) in any string, a key or a value, of any JSON
// body, ours and better-auth's: PostgreSQL text cannot hold it (22021, which better-auth turned
// into a 500), SQLite would keep it, and no field of this API means one. This is the one place
// for every JSON body (docs/decisions/037-input-sizes.md); a NUL in a path, query or multipart
// field that reaches PostgreSQL is still a 400 by server/db/unstorable-text.ts.
import type { FastifyInstance } from 'fastify';
import { AppError } from '#server/errors.ts';

export const JSON_MAX_DEPTH = 32;

const OPEN_BRACE = 0x7b; // {
const OPEN_BRACKET = 0x5b; // [
const CLOSE_BRACE = 0x7d; // }
const CLOSE_BRACKET = 0x5d; // ]
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/**
 * Whether `text` opens more than `max` arrays or objects inside one another. Brackets inside
 * strings do not count. Text that is not valid JSON may answer either way: the parser refuses it
 * anyway.
 */
export function jsonNestedDeeperThan(text: string, max: number): boolean {
  // Cheap exit: deeper than max needs at least max + 1 opening characters.
  if (text.length <= max) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > max) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}

/**
 * Whether a JSON text holds a NUL character inside a string. JSON writes one only escaped
 * (`\u0000`; a raw one is invalid JSON, refused by the parser): an escape, not a backslash written
 * as `\\` followed by "u0000".
 */
export function jsonHasNul(text: string): boolean {
  // Cheap exit: no such escape anywhere.
  if (!text.includes('\\u0000')) return false;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) {
        if (text.startsWith('u0000', i + 1)) return true;
        i++;
      } else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    }
  }
  return false;
}

/** Replaces the application/json parser of `app` (and of everything registered after this). */
export function installJsonBodyParser(app: FastifyInstance, maxDepth = JSON_MAX_DEPTH): void {
  // Fastify's defaults: a body with "__proto__" or "constructor.prototype" is refused (400).
  const parse = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // No route took the request: the not-found handler answers by the path (404, or 405 with
    // Allow) and reads no body, so a body's faults are not the answer: a mistyped address sent
    // with broken JSON is told that the address is wrong, as it is without a body.
    if (request.is404) {
      done(null, undefined);
      return;
    }
    const text = body as string;
    if (jsonNestedDeeperThan(text, maxDepth)) {
      done(new AppError(400, { key: 'errors.http.nestedTooDeep', values: { maxDepth } }), undefined);
      return;
    }
    if (jsonHasNul(text)) {
      done(new AppError(400, 'errors.http.unstorableText'), undefined);
      return;
    }
    parse(request, text, done);
  });
}
