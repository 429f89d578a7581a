// One error model: { message, fields? }, right status codes, 5xx masked and logged.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from '#server/db/connection-errors.ts';
import { UNSTORABLE_TEXT, isUnstorableText } from '#server/db/unstorable-text.ts';
import { AppError, badRequest } from '#server/errors.ts';
import { retryAfterSeconds, tooManyRequestsMessage } from '#contract/too-many-requests.ts';

export const GENERIC_5XX = 'Something went wrong. Please try again later.';

/** One thing wrong with a request: the field (a dotted path) and what is wrong with it. */
export interface FieldProblem {
  field: string;
  message: string;
}

/**
 * The one shape of a validation refusal, whoever validated: 400 `{ message: "Invalid <field>: …",
 * fields }`, the first problem named in the message and each field's first problem in `fields`.
 * `where` names the part of the request when it is not the body (" in the querystring").
 */
export function invalidRequest(problems: Iterable<FieldProblem>, where = ''): AppError {
  const fields: Record<string, string> = {};
  for (const { field, message } of problems) fields[field] ||= message;
  const [first] = Object.entries(fields);
  return badRequest(first ? `Invalid ${first[0]}${where}: ${first[1]}` : 'Invalid request.', fields);
}

export function installErrorHandler(app: FastifyInstance): void {
  const sendAppError = (reply: FastifyReply, error: AppError) =>
    reply.status(error.statusCode).send(error.fields ? { message: error.message, fields: error.fields } : { message: error.message });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return sendAppError(reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const problems = error.validation.map((issue) => ({
        field: issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || String(error.validationContext ?? 'body'),
        message: issue.message ?? 'is invalid',
      }));
      return sendAppError(reply, invalidRequest(problems, error.validationContext === 'body' ? '' : ` in the ${error.validationContext}`));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send({ message: GENERIC_5XX });
    }
    if (isUnstorableText(error)) return reply.status(400).send({ message: UNSTORABLE_TEXT });
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).send({ message: DATABASE_UNAVAILABLE });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status === 503 ? 503 : 500).send({ message: status === 503 ? 'The service is temporarily unavailable. Please try again shortly.' : GENERIC_5XX });
    }
    const messages: Record<string, string> = {
      FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
      FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but JSON was announced.',
      FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
      FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type: send JSON (application/json).',
      FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length.',
      FST_REQ_FILE_TOO_LARGE: 'The file is too large.',
      FST_INVALID_MULTIPART_CONTENT_TYPE: 'Send the file as multipart/form-data.',
    };
    // A 429 names the wait @fastify/rate-limit sent in Retry-After, in the web app's words.
    const message = messages[error.code] ?? (status === 429 ? tooManyRequestsMessage(retryAfterSeconds({ get: (name) => headerText(reply.getHeader(name)) })) : error.message);
    return reply.status(status).send({ message });
  });
}

/**
 * Fastify's `frameworkErrors`: a URL its router cannot read answers `{ message }` like every other
 * refusal (Fastify's own is `{ error, code, message, statusCode }`). It runs before any hook.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    // No id is that long: nothing lives at such an address.
    reply.status(404).send({ message: 'Not found.' });
    return;
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    reply.status(400).send({ message: 'The address is malformed (invalid percent-encoding).' });
    return;
  }
  reply.status(error.statusCode && error.statusCode < 500 ? error.statusCode : 500).send({ message: error.statusCode && error.statusCode < 500 ? 'The request could not be read.' : GENERIC_5XX });
}

function headerText(value: string | number | string[] | undefined): string | null {
  return value === undefined ? null : String(value);
}
