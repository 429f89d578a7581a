// One error model: { message, fields? }, right status codes, 5xx masked and logged. Messages
// are the server catalogue's (i18n/server-locales), in the caller's language: their account's,
// else the `lang` cookie, else Accept-Language, else English (docs/decisions/027-languages.md).
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServerMessageKey } from '#i18n/catalogues.ts';
import type { Language } from '#i18n/languages.ts';
import { isDatabaseUnavailable } from '#server/db/connection-errors.ts';
import { isUnstorableText } from '#server/db/unstorable-text.ts';
import { AppError, badRequest } from '#server/errors.ts';
import { installCallerLanguage, type AccountLanguageOf } from '#server/i18n/caller-language.ts';
import { asGiven, isServerMessageKey, requestLanguage, say, translatorFor, type Words } from '#server/i18n/translate.ts';
import { retryAfterSeconds, tooManyRequestsWords } from '#server/http/retry-after.ts';

/** One thing wrong with a request: the field (a dotted path) and what is wrong with it. */
export interface FieldProblem {
  field: string;
  problem: Words;
}

/**
 * The one shape of a validation refusal, whoever validated: 400 `{ message: "Invalid <field>: …",
 * fields }`, the first problem named in the message and each field's first problem in `fields`.
 * `part` names the part of the request when it is not the body ("querystring"). A rule between
 * fields (errors.sessionRules: "Class End Date cannot be before the Class Start Date.") names its
 * fields itself and is the message alone; a schema's own problem names its field, so a language
 * may say it without the frame (errors.validation.invalidFieldOwn: Spanish does, English keeps
 * "Invalid title: Title is required").
 */
export function invalidRequest(problems: Iterable<FieldProblem>, part?: string): AppError {
  const fields: Record<string, Words> = {};
  for (const { field, problem } of problems) fields[field] ??= problem;
  const [first] = Object.entries(fields);
  if (!first) return badRequest('errors.validation.invalidRequest', fields);
  const [field, problem] = first;
  if (problem.key.startsWith('errors.sessionRules.')) return badRequest(problem, fields);
  const own = problem.key.startsWith('errors.input.');
  if (part) return badRequest({ key: own ? 'errors.validation.invalidFieldOwnIn' : 'errors.validation.invalidFieldIn', values: { field, part, problem } }, fields);
  return badRequest({ key: own ? 'errors.validation.invalidFieldOwn' : 'errors.validation.invalidField', values: { field, problem } }, fields);
}

/**
 * A zod issue's problem: the schema's own (a catalogue key, its arguments the issue's numbers and
 * words: `{maximum}`), else zod's message, which `zodOwn` gives in the caller's language.
 */
function problemOf(message: string | undefined, params: Record<string, unknown>, zodOwn: () => string): Words {
  if (message && isServerMessageKey(message)) {
    const values = Object.fromEntries(Object.entries(params).filter(([, value]) => typeof value === 'number' || typeof value === 'string')) as Record<string, string | number>;
    return { key: message, values };
  }
  return message ? asGiven(zodOwn()) : { key: 'errors.validation.isInvalid' };
}

/** The problem of an issue of a schema checked outside a route's schema (a multipart form's fields, better-auth's account fields). */
export function issueProblem(issue: z.core.$ZodIssue): Words {
  const { message, path: _path, code: _code, ...params } = issue;
  return problemOf(message, params, () => message);
}

/** A rule's problem as the contract names it (contract/sessions.ts: a catalogue key). */
export function ruleProblem(key: string): Words {
  return problemOf(key, {}, () => key);
}

/** zod's own messages per language (its locales), for a value no schema gave a message of its own. */
const ZOD_LOCALES: Partial<Record<Language, ReturnType<typeof z.locales.en>>> = { en: z.locales.en(), es: z.locales.es() };
type ZodIssue = Parameters<NonNullable<ReturnType<typeof z.locales.en>['localeError']>>[0];

/**
 * A zod issue's message in `language` when it is zod's own (a schema's own message is kept). The
 * issue does not carry the value it refused, which zod's words name ("received number"): read
 * again from the request at the issue's path.
 */
function zodMessage(language: Language, issue: { keyword: string; message?: string; instancePath: string; params: Record<string, unknown> }, source: unknown): string {
  const message = issue.message ?? '';
  let input = source;
  for (const part of issue.instancePath.split('/').slice(1)) input = input !== null && typeof input === 'object' ? (input as Record<string, unknown>)[part] : undefined;
  const raw = { ...issue.params, code: issue.keyword, message, input } as unknown as ZodIssue;
  const english = ZOD_LOCALES.en?.localeError?.(raw);
  const englishText = typeof english === 'string' ? english : english?.message;
  if (!message || englishText !== message) return message;
  const own = ZOD_LOCALES[language]?.localeError?.(raw);
  return (typeof own === 'string' ? own : own?.message) ?? message;
}

const FASTIFY_MESSAGES: Record<string, ServerMessageKey> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'errors.http.invalidJson',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'errors.http.emptyJson',
  FST_ERR_CTP_BODY_TOO_LARGE: 'errors.http.bodyTooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'errors.http.mediaType',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'errors.http.contentLength',
  FST_REQ_FILE_TOO_LARGE: 'errors.http.fileTooLarge',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'errors.http.multipartType',
};

/** Installs the one error handler, and `request.callerLanguage()` (server/i18n/caller-language.ts) that it answers in. */
export function installErrorHandler(app: FastifyInstance, opts: { accountLanguage?: AccountLanguageOf } = {}): void {
  installCallerLanguage(app, opts.accountLanguage);
  const send = (reply: FastifyReply, status: number, language: Language, error: { words: Words; fields?: Record<string, Words> }) => {
    const t = translatorFor(language);
    const message = say(t, error.words);
    if (!error.fields) return reply.status(status).send({ message });
    return reply.status(status).send({ message, fields: Object.fromEntries(Object.entries(error.fields).map(([field, problem]) => [field, say(t, problem)])) });
  };
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    // An answer already begun (a download's head and first bytes) cannot become another one: it
    // would be written after them on the same connection. The connection is cut, so the client
    // sees a broken answer, not a second one.
    if (reply.raw.headersSent) {
      request.log.error({ err: error }, 'failed after its answer began');
      reply.raw.destroy();
      return;
    }
    const status = error.statusCode ?? 500;
    // A 5xx's cause is never the caller's: logged, and no lookup on a database that may be down.
    const language = status < 500 ? await request.callerLanguage() : requestLanguage(request);
    if (error instanceof AppError) return send(reply, error.statusCode, language, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = error.validationContext ?? 'body';
      const source = context === 'querystring' ? request.query : context === 'params' ? request.params : context === 'headers' ? request.headers : request.body;
      const problems = error.validation.map((issue) => ({
        field: issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || String(context),
        problem: problemOf(issue.message, issue.params, () => zodMessage(language, issue, source)),
      }));
      return send(reply, 400, language, invalidRequest(problems, error.validationContext === 'body' ? undefined : error.validationContext));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return send(reply, 500, language, { words: { key: 'errors.http.generic' } });
    }
    if (isUnstorableText(error)) return send(reply, 400, language, { words: { key: 'errors.http.unstorableText' } });
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return send(reply, 503, language, { words: { key: 'errors.http.databaseUnavailable' } });
    }
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return send(reply, status === 503 ? 503 : 500, language, { words: { key: status === 503 ? 'errors.http.unavailable' : 'errors.http.generic' } });
    }
    const key = FASTIFY_MESSAGES[error.code];
    if (key) return send(reply, status, language, { words: { key } });
    // A 429 names the wait @fastify/rate-limit sent in Retry-After.
    if (status === 429) return send(reply, 429, language, { words: tooManyRequestsWords(retryAfterSeconds({ get: (name) => headerText(reply.getHeader(name)) })) });
    return reply.status(status).send({ message: error.message });
  });
}

/**
 * Fastify's `frameworkErrors`: a URL its router cannot read answers `{ message }` like every other
 * refusal (Fastify's own is `{ error, code, message, statusCode }`). It runs before any hook.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const t = translatorFor(requestLanguage(request));
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    // No id is that long: nothing lives at such an address.
    reply.status(404).send({ message: t.t('errors.http.notFound') });
    return;
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    reply.status(400).send({ message: t.t('errors.http.malformedAddress') });
    return;
  }
  const readable = error.statusCode && error.statusCode < 500;
  reply.status(readable ? error.statusCode! : 500).send({ message: t.t(readable ? 'errors.http.unreadable' : 'errors.http.generic') });
}

function headerText(value: string | number | string[] | undefined): string | null {
  return value === undefined ? null : String(value);
}
