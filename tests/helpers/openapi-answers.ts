// Every answer the API suites receive is checked against the app's own OpenAPI document
// (decision 055): test-app.ts hands `checkAnswer` to buildApp as an onSend hook, so answers to
// app.inject, to t.http and to a client on a real port all pass through it. An answer of an
// undocumented operation or status, a JSON body its schema refuses (ajv, with OpenAPI 3.0's
// `nullable`) or a media type the document does not name is recorded; tests/helpers/vitest-setup.ts
// fails the test (or the file) that received it. Validators are compiled once per worker and
// per schema, on first use.
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyReply, FastifyRequest } from 'fastify';

type Json = Record<string, unknown>;
interface Response {
  $ref?: string;
  content?: Record<string, { schema?: Json }>;
}
interface Document {
  paths: Record<string, Record<string, { responses: Record<string, Response> }>>;
  components: { responses?: Record<string, Response> };
}

const mismatches: string[] = [];

/** The mismatches recorded since the last call (vitest-setup.ts fails the test with them). */
export function takeAnswerMismatches(): string[] {
  return mismatches.splice(0);
}

/** Paths under these are answers a program reads, so the document must hold them. */
const DOCUMENTED = /^\/(?:api|calendar)\//;
/** swagger-ui's own files and the document itself. */
const UNDOCUMENTED = /^\/api\/docs(?:\/|$)/;

interface Checker {
  doc: Document;
  ajv: Ajv;
  validators: Map<string, ValidateFunction>;
  /** Document paths as patterns, for answers the router gave without a route (404, 405). */
  patterns: Array<[RegExp, string]>;
}

// One per document text: every app of a worker has the same document, compiled once.
const checkers = new Map<string, Checker>();
const checkerOfDocument = new WeakMap<Document, Checker>();

function checkerOf(doc: Document): Checker {
  const known = checkerOfDocument.get(doc);
  if (known) return known;
  const text = JSON.stringify(doc);
  let checker = checkers.get(text);
  if (!checker) {
    // OpenAPI keywords (example, x-…, discriminator's mapping) are not JSON Schema: not strict.
    const ajv = new Ajv({ strict: false });
    addFormats(ajv);
    ajv.addFormat('binary', true);
    ajv.addSchema(JSON.parse(text) as Json, 'openapi');
    const patterns = Object.keys(doc.paths).map((p): [RegExp, string] => [new RegExp(`^${p.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^{}]+\}/g, '[^/]+')}$`), p]);
    checker = { doc, ajv, validators: new Map(), patterns };
    checkers.set(text, checker);
  }
  checkerOfDocument.set(doc, checker);
  return checker;
}

const pointer = (...parts: string[]) => parts.map((p) => `/${p.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

function validatorAt(checker: Checker, at: string): ValidateFunction {
  let validate = checker.validators.get(at);
  if (!validate) {
    validate = checker.ajv.compile({ $ref: `openapi#${at}` });
    checker.validators.set(at, validate);
  }
  return validate;
}

/** `/api/session/:id` → `/api/session/{id}`; a wildcard route (better-auth's) goes by the request's path. */
function documentPath(checker: Checker, request: FastifyRequest): string | null {
  const route = request.routeOptions.url;
  // A trailing slash is the same path (the router ignores it).
  const path = (request.url.split('?')[0] ?? '').replace(/([^/])\/+$/, '$1');
  if (route && !route.includes('*')) return route.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
  return checker.patterns.find(([pattern]) => pattern.test(path))?.[1] ?? null;
}

const text = (payload: unknown): string | null =>
  typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;

/**
 * Checks one answer (an onSend hook's arguments) against `doc`: the operation (HEAD as GET), the
 * status (exact, `4XX` or `default`), the media type, and a JSON body against its schema.
 */
export function checkAnswer(documentOf: () => unknown, request: FastifyRequest, reply: FastifyReply, payload: unknown): void {
  const path = request.url.split('?')[0] ?? '';
  const route = request.routeOptions.url ?? '';
  if (!DOCUMENTED.test(path) || UNDOCUMENTED.test(path) || UNDOCUMENTED.test(route) || request.method === 'OPTIONS') return;
  // A route left out of the document on purpose (the bench's bare route, present only for it);
  // better-auth's catch-all is hidden too, but the operations it serves are documented one by one.
  if ((request.routeOptions.schema as { hide?: boolean } | undefined)?.hide === true && !route.includes('*')) return;
  const checker = checkerOf(documentOf() as Document);
  const status = String(reply.statusCode);
  const what = `${request.method} ${request.url.slice(0, 120)} → ${status}`;
  const docPath = documentPath(checker, request);
  const item = docPath ? checker.doc.paths[docPath] : undefined;
  const method = request.method === 'HEAD' ? 'get' : request.method.toLowerCase();
  let operation = item?.[method];
  if (!operation) {
    // No route took it: the router's 404, or 405 for a method the path does not take. Any
    // operation of the path documents those; a path in no operation, the shared 404.
    const answeredByRouter = !request.routeOptions.url || request.routeOptions.url.includes('*');
    if (!answeredByRouter) {
      mismatches.push(`${what}: no operation ${method.toUpperCase()} ${docPath ?? path} in the OpenAPI document`);
      return;
    }
    // Answered by better-auth's catch-all for a method or path of its own the document leaves out
    // (list-sessions, revoke-session, a POST to a GET): not checked yet; every documented
    // operation's answers are.
    if (request.routeOptions.url?.includes('*')) return;
    // A path outside /api that no documented path matches (`/calendar/` without a file) is a
    // page's: the app's 404 page, not the API's.
    if (!item && !path.startsWith('/api/')) return;
    operation = item ? Object.values(item)[0] : undefined;
    // No such path: the shared 404, or 405 where a route the document leaves out takes other methods.
    operation ??= { responses: { 404: { $ref: '#/components/responses/NotFound' }, 405: { $ref: '#/components/responses/MethodNotAllowed' } } };
  }
  // A body of a type the route does not read is refused (415) before the route runs, on every route alike.
  if (status === '415') return;
  const operationPointer = operation === item?.[method] ? pointer('paths', docPath!, method) : null;
  const statusKey = [status, `${status[0]}XX`, 'default'].find((key) => operation.responses[key]);
  if (!statusKey) {
    mismatches.push(`${what}: status ${status} is not among ${Object.keys(operation.responses).join(', ')}`);
    return;
  }
  let response = operation.responses[statusKey]!;
  let responsePointer = operationPointer ? `${operationPointer}${pointer('responses', statusKey)}` : null;
  if (response.$ref) {
    const name = response.$ref.replace('#/components/responses/', '');
    response = checker.doc.components.responses?.[name] ?? {};
    responsePointer = pointer('components', 'responses', name);
  }
  const body = text(payload);
  // Node sends no body with a 204 or 304, whatever the payload.
  const hasBody = status !== '204' && status !== '304' && payload !== null && payload !== undefined && (body === null || body.length > 0);
  if (!hasBody) {
    if (response.content && request.method !== 'HEAD' && status !== '304') mismatches.push(`${what}: no body, where the document gives ${Object.keys(response.content).join(', ')}`);
    return;
  }
  const contentType = String(reply.getHeader('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  const content = response.content ?? {};
  if (contentType === 'application/json') {
    if (!content['application/json']) {
      mismatches.push(`${what}: a JSON body, where the document gives ${Object.keys(content).join(', ') || 'no body'}`);
      return;
    }
    if (body === null || !responsePointer) return;
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch {
      mismatches.push(`${what}: the body is not JSON: ${body.slice(0, 80)}`);
      return;
    }
    const validate = validatorAt(checker, `${responsePointer}${pointer('content', 'application/json', 'schema')}`);
    if (!validate(value)) {
      const errors = (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '/'} ${e.message}${e.params && 'allowedValues' in e.params ? ` ${JSON.stringify(e.params.allowedValues)}` : ''}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}`);
      mismatches.push(`${what}: the body breaks its schema: ${errors.join('; ')}`);
    }
    return;
  }
  // A file: its own type where the document says octet-stream (a material is a PDF or an image).
  const types = Object.keys(content);
  if (!types.includes(contentType) && !types.includes('application/octet-stream')) {
    mismatches.push(`${what}: ${contentType || 'no Content-Type'}, where the document gives ${types.join(', ') || 'no body'}`);
  }
}
