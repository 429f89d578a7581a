// The OpenAPI document at /api/docs/json, complete enough to generate a client from
// (tests/api/openapi.test.ts lints it with redocly and drives a generated client with it):
//  - every route's own schemas (contract/), through fastify-type-provider-zod;
//  - better-auth's endpoints that the product uses (contract/auth.ts), with the session cookie as
//    security scheme;
//  - an operationId on every operation, unique, from its method and path (or the route's own);
//  - every error status the server can give on top of those a route names: the guards that run
//    before any handler (canonical path, malformed URL: 400/404; same-origin check: 403; body
//    size and type: 413/415; rate limits: 429 with Retry-After; a method the path does not take:
//    405 with Allow) and what any handler may meet (database unreachable: 503; a masked fault:
//    500), all as `{ message, fields? }`;
//  - a nullable enum lists `null` among its values: OpenAPI 3.0's `nullable` widens `type`, not
//    `enum`, so without it validators (ajv) and generated types refuse the nulls the server sends
//    (decision 055);
//  - the private calendar feed (`/calendar/{file}`), which is not under /api/ but is an answer a
//    program reads;
//  - answers that are not JSON under their own media type (`nonJsonBody` in contract/common.ts),
//    204s without a body, multipart request bodies declared on the route (`x-request-body`).
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as auth from '#contract/auth.ts';
import { errorSchema } from '#contract/common.ts';

type Json = Record<string, unknown>;
type Operation = Json & { responses: Record<string, Json>; parameters?: Json[]; requestBody?: Json };

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'] as const;

/** The session cookie better-auth sets (with the `__Secure-` prefix on an https origin). */
export function sessionCookieName(baseUrl: string): string {
  return `${baseUrl.startsWith('https://') ? '__Secure-' : ''}better-auth.session_token`;
}

const toJson = (schema: z.ZodType, io: 'input' | 'output' = 'output'): Json => {
  const json = z.toJSONSchema(schema, { target: 'openapi-3.0', io, unrepresentable: 'any' }) as Json;
  delete json.$schema;
  return json;
};

const RETRY_AFTER = { 'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer', minimum: 0 } } };

/** The shared error answers, by status (components.responses). */
const ERROR_RESPONSES: Record<string, { name: string; description: string; headers?: Json }> = {
  400: { name: 'BadRequest', description: 'The request is malformed or a field is invalid (`fields` names each)' },
  401: { name: 'Unauthorized', description: 'Not signed in (no valid session cookie)' },
  403: { name: 'Forbidden', description: 'Not allowed for this account, or a cross-site request' },
  404: { name: 'NotFound', description: 'No such resource (or not visible to the caller), or a non-canonical path' },
  409: { name: 'Conflict', description: 'The request conflicts with the current state' },
  413: { name: 'PayloadTooLarge', description: 'The body or file is too large' },
  405: { name: 'MethodNotAllowed', description: 'The path exists but does not take this method: `Allow` lists those it takes', headers: { Allow: { description: 'The methods this path takes', schema: { type: 'string' } } } },
  415: { name: 'UnsupportedMediaType', description: 'The body is not of a type this operation takes' },
  416: { name: 'RangeNotSatisfiable', description: 'The byte range starts past the end of the file: `Content-Range` gives its size', headers: { 'Content-Range': { description: '`bytes */<size>`', schema: { type: 'string' } } } },
  429: { name: 'TooManyRequests', description: 'Too many requests: wait as `Retry-After` says', headers: RETRY_AFTER },
  500: { name: 'InternalError', description: 'Something went wrong (details are logged, never sent)' },
  503: { name: 'ServiceUnavailable', description: 'The database is unreachable: try again shortly' },
};

const errorRef = (status: string): Json => ({ $ref: `#/components/responses/${ERROR_RESPONSES[status]!.name}` });

/** `GET /api/session/{email}/{id}` → `getSessionByEmailAndId`. */
export function operationIdFor(method: string, path: string): string {
  const words: string[] = [];
  const params: string[] = [];
  for (const segment of path.split('/')) {
    if (!segment || segment === 'api') continue;
    const param = /^\{(.+)\}$/.exec(segment);
    if (param) params.push(param[1]!);
    else words.push(...segment.replace(/\.(\w+)$/, '-$1').split(/[^A-Za-z0-9]+/).filter(Boolean));
  }
  const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
  return method.toLowerCase() + words.map(cap).join('') + (params.length ? `By${params.map(cap).join('And')}` : '');
}

// ---- better-auth's endpoints ----------------------------------------------------------------------

interface AuthOperation {
  method: 'get' | 'post';
  path: string;
  operationId: string;
  summary: string;
  body?: z.ZodType;
  query?: z.ZodObject;
  /** The 200 answer's body; none for an endpoint that only redirects. */
  ok?: z.ZodType;
  /** The call needs the session cookie. */
  signedIn?: boolean;
  /** Statuses better-auth answers besides 200 and the common ones. */
  errors: string[];
  extra?: Record<string, Json>;
  setsCookie?: boolean;
}

const AUTH_OPERATIONS: AuthOperation[] = [
  { method: 'post', path: '/sign-up/email', operationId: 'signUpEmail', summary: 'Create an account (student or tutor); a verification email follows. Does not sign in.', body: auth.signUpEmailBody, ok: auth.signUpEmailResult, errors: ['400', '403', '429'] },
  { method: 'post', path: '/sign-in/email', operationId: 'signInEmail', summary: 'Sign in with email and password: sets the session cookie', body: auth.signInEmailBody, ok: auth.signInEmailResult, errors: ['400', '401', '403', '429'], setsCookie: true },
  { method: 'post', path: '/sign-out', operationId: 'signOut', summary: 'Sign out: ends the session and clears its cookie', ok: auth.signOutResult, errors: [], setsCookie: true },
  { method: 'get', path: '/get-session', operationId: 'getAuthSession', summary: 'The current session and its user, or null', ok: auth.getSessionResult, errors: ['400'] },
  { method: 'post', path: '/update-user', operationId: 'updateAuthUser', summary: "Change one's own name or photo", body: auth.updateUserBody, ok: auth.statusResult, signedIn: true, errors: ['400', '401'] },
  { method: 'post', path: '/change-password', operationId: 'changePassword', summary: "Change one's password (optionally signing out other sessions)", body: auth.changePasswordBody, ok: auth.changePasswordResult, signedIn: true, errors: ['400', '401'], setsCookie: true },
  { method: 'post', path: '/request-password-reset', operationId: 'requestPasswordReset', summary: 'Email a password-reset link (the same answer whether or not the account exists)', body: auth.requestPasswordResetBody, ok: auth.requestPasswordResetResult, errors: ['400', '429'] },
  { method: 'post', path: '/reset-password', operationId: 'resetPassword', summary: "Choose a new password with the emailed token (signs out the account's sessions)", body: auth.resetPasswordBody, ok: auth.statusResult, errors: ['400'] },
  { method: 'post', path: '/sign-in/social', operationId: 'signInSocial', summary: "Start a sign-in with an identity provider (Google): the answer names the provider's page to open, and sets the state cookie the callback checks", body: auth.signInSocialBody, ok: auth.signInSocialResult, errors: ['400', '404'], setsCookie: true },
  { method: 'post', path: '/change-email', operationId: 'changeEmail', summary: "Ask to change one's address: a link is emailed to confirm it; addresses in reserved domains are refused", body: auth.changeEmailBody, ok: auth.statusResult, signedIn: true, errors: ['400', '401'] },
  { method: 'post', path: '/send-verification-email', operationId: 'sendVerificationEmail', summary: 'Send the email-verification link again', body: auth.sendVerificationEmailBody, ok: auth.statusResult, errors: ['400', '429'] },
  {
    method: 'get',
    path: '/verify-email',
    operationId: 'verifyEmail',
    summary: 'Verify an email address with the emailed token (signs no one in); redirects to callbackURL when given',
    query: auth.verifyEmailQuery,
    ok: auth.verifyEmailResult,
    errors: ['400', '401'],
    extra: { 302: { description: 'Verified (or not): redirected to callbackURL', headers: { Location: { schema: { type: 'string' } } }, content: { 'application/json': { schema: { description: "better-auth's own body of a redirect: not to be read" } } } } },
    setsCookie: true,
  },
  {
    method: 'get',
    path: '/callback/{providerId}',
    operationId: 'oauthCallback',
    summary: "Where an identity provider (Google, the school's OpenID Connect provider `oidc`) sends the browser back: signs in and redirects (decision 058)",
    query: auth.oauthCallbackQuery,
    errors: [],
    extra: { 302: { description: 'Signed in (session cookie set) and sent to the callbackURL the sign-in named; refused: sent to its errorCallbackURL with `error`', headers: { Location: { schema: { type: 'string' } }, 'Set-Cookie': { schema: { type: 'string' } } }, content: { 'application/json': { schema: { description: "better-auth's own body of a redirect: not to be read" } } } }, default: { description: 'Refused before any redirect (no provider of that name, a malformed answer)', content: { 'application/json': { schema: { $ref: '#/components/schemas/AuthError' } } } } },
  },
];

function authPaths(): Record<string, Json> {
  const paths: Record<string, Json> = {};
  const authError = { $ref: '#/components/schemas/AuthError' };
  for (const op of AUTH_OPERATIONS) {
    const responses: Record<string, Json> = {
      ...(op.ok ? {
        200: {
          description: 'Done',
          ...(op.setsCookie ? { headers: { 'Set-Cookie': { description: 'The session cookie (set or cleared)', schema: { type: 'string' } } } } : {}),
          content: { 'application/json': { schema: toJson(op.ok) } },
        },
      } : {}),
      ...op.extra,
    };
    for (const status of op.errors) {
      const description = ERROR_RESPONSES[status]?.description ?? 'Refused';
      responses[status] = { description, ...(status === '429' ? { headers: RETRY_AFTER } : {}), content: { 'application/json': { schema: authError } } };
    }
    const operation: Operation = {
      operationId: op.operationId,
      summary: op.summary,
      tags: ['auth'],
      security: op.signedIn ? [{ session: [] }] : op.setsCookie && op.method === 'post' && op.path.startsWith('/sign-in') ? [] : [{}, { session: [] }],
      responses,
    };
    if (op.body) operation.requestBody = { required: true, content: { 'application/json': { schema: toJson(op.body, 'input') } } };
    if (op.query) {
      const query = toJson(op.query, 'input') as { properties: Record<string, Json>; required?: string[] };
      operation.parameters = Object.entries(query.properties).map(([name, schema]) => ({ name, in: 'query', required: query.required?.includes(name) ?? false, schema }));
    }
    for (const [, name] of op.path.matchAll(/\{(\w+)\}/g)) (operation.parameters ??= []).unshift({ name, in: 'path', required: true, schema: { type: 'string' } });
    paths[`/api/auth${op.path}`] = { [op.method]: operation };
  }
  return paths;
}

// ---- the whole document ---------------------------------------------------------------------------

/** What a route says about itself that the document needs (copied as `x-` keys by @fastify/swagger). */
const HINT_RATE_LIMITED = 'x-studynest-rate-limited';
const HINT_CROSS_SITE = 'x-studynest-cross-site';
/** The scope an API key needs for the route (server/features/api-keys/key-scopes.ts); absent: no key may call it. */
const HINT_API_KEY_SCOPE = 'x-studynest-api-key-scope';
const REQUEST_BODY = 'x-request-body';

declare module 'fastify' {
  interface FastifySchema {
    /** Bodies a route reads itself (multipart), by media type: documented, never validated by Fastify. */
    'x-request-body'?: Record<string, z.ZodType>;
  }
}

/** `{ nullable: true, enum: [...] }` without null → with null, everywhere in `schema`. */
export function nullInNullableEnums(schema: unknown): void {
  if (Array.isArray(schema)) {
    for (const item of schema) nullInNullableEnums(item);
    return;
  }
  if (!schema || typeof schema !== 'object') return;
  const s = schema as Json;
  if (s.nullable === true && Array.isArray(s.enum) && !s.enum.includes(null)) s.enum = [...(s.enum as unknown[]), null];
  for (const value of Object.values(s)) nullInNullableEnums(value);
}

function isNullSchema(schema: unknown): boolean {
  const s = schema as Json | undefined;
  return !!s && Array.isArray(s.enum) && s.enum.length === 1 && s.enum[0] === null;
}

function finishOperation(method: string, path: string, op: Operation, ids: Set<string>): void {
  const rateLimited = op[HINT_RATE_LIMITED] === true;
  const crossSite = op[HINT_CROSS_SITE] === true;
  delete op[HINT_RATE_LIMITED];
  delete op[HINT_CROSS_SITE];
  const keyScope = op[HINT_API_KEY_SCOPE];
  delete op[HINT_API_KEY_SCOPE];

  let id = typeof op.operationId === 'string' ? op.operationId : operationIdFor(method, path);
  for (let n = 2; ids.has(id); n++) id = `${operationIdFor(method, path)}${n}`;
  ids.add(id);
  op.operationId = id;

  const bodies = op[REQUEST_BODY] as Record<string, z.ZodType> | undefined;
  if (bodies) {
    delete op[REQUEST_BODY];
    const content: Json = {};
    for (const [mediaType, schema] of Object.entries(bodies)) {
      const json = toJson(schema, 'input');
      content[mediaType] = { schema: json };
    }
    op.requestBody = { required: true, content };
  }

  for (const [status, response] of Object.entries(op.responses)) {
    const content = response.content as Record<string, { schema?: Json }> | undefined;
    const schema = content?.['application/json']?.schema;
    if (status === '204' || isNullSchema(schema)) {
      delete response.content;
      if (response.description === 'Default Response') response.description = 'Done (no content)';
      continue;
    }
    const mediaType = schema?.['x-media-type'];
    if (typeof mediaType === 'string') {
      const { description } = schema as { description?: string };
      response.content = { [mediaType]: { schema: { type: 'string', ...(mediaType.startsWith('text/') ? {} : { format: 'binary' }) } } };
      response.description = description ?? response.description;
    }
    if (response.description === 'Default Response') response.description = status.startsWith('2') ? 'Done' : (ERROR_RESPONSES[status]?.description ?? 'Refused');
  }

  // Every error answer is `{ message, fields? }`: named once in components.responses.
  const statuses = new Set(Object.keys(op.responses).filter((s) => s >= '400' && s !== 'default'));
  for (const s of ['400', '404', '405', '500', '503']) statuses.add(s);
  const upper = method.toUpperCase();
  if (upper !== 'GET' && upper !== 'HEAD') {
    if (!crossSite) statuses.add('403');
    statuses.add('413');
    statuses.add('415');
  }
  if (rateLimited) statuses.add('429');
  for (const status of statuses) {
    const content = op.responses[status]?.content as Record<string, { schema?: Json }> | undefined;
    // A refusal the route draws as a page for a person (an LTI launch's) keeps its page, beside
    // the guards' `{ message, fields? }`, which may still answer before the route runs.
    if (ERROR_RESPONSES[status] && content && Object.keys(content).some((type) => type !== 'application/json')) {
      op.responses[status] = { ...op.responses[status], content: { ...content, 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
      continue;
    }
    // better-auth's own refusals keep their `{ message, code }` schema.
    const own = content?.['application/json']?.schema;
    if (ERROR_RESPONSES[status] && own?.$ref !== '#/components/schemas/AuthError') op.responses[status] = errorRef(status);
  }

  op.security ??= statuses.has('401') ? [{ session: [] }] : crossSite ? [] : [{}, { session: [] }];
  if (typeof keyScope === 'string') {
    // An API key instead of the cookie: refused with 401 (unknown, revoked), 403 (scope) or 429 (its rate).
    op.security = [...(op.security as Json[]), { bearerAuth: [] }];
    for (const status of ['401', '403', '429']) op.responses[status] ??= errorRef(status);
    op.description = `${typeof op.description === 'string' ? `${op.description} ` : ''}With an API key: the \`${keyScope}\` scope.`;
  }
}

export function openapiOptions(baseUrl: string): FastifyDynamicSwaggerOptions {
  const cookie = sessionCookieName(baseUrl);
  return {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'StudyNest API',
        version: '1.0.0',
        description:
          'Study sessions: tutors publish, admins approve, students book, review and keep notes. ' +
          `Sign in with \`POST /api/auth/sign-in/email\`: the answer sets the \`${cookie}\` cookie, which every signed-in call sends. ` +
          'State-changing calls from a browser must come from this origin. Errors are `{ message, fields? }` ' +
          "(better-auth's own: `{ message, code }`).",
        license: { name: 'Proprietary', url: `${new URL(baseUrl).origin}/` },
      },
      servers: [{ url: new URL(baseUrl).origin }],
      tags: Object.entries({
        auth: "Accounts and sign-in (better-auth's endpoints)",
        me: 'The signed-in user',
        sessions: 'Study sessions',
        bookings: 'Bookings, the waitlist and calendars',
        reviews: 'Reviews of sessions',
        notes: "Students' notes",
        materials: "Tutors' materials for booked students",
        payments: "Paid sessions through the installation's payment provider",
        uploads: 'Profile photos',
        users: "Admins' user management",
        jobs: "Background work (emails, scheduled jobs): the admins' view",
        notifications: 'Which optional emails a user receives, and unsubscribing from them',
        platform: 'Health and configuration',
      }).map(([name, description]) => ({ name, description })),
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: cookie, description: 'The session cookie set by sign-in (HttpOnly; a browser sends it by itself)' },
          bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API key (`snk_…`, made with POST /api/me/api-keys) for the operations that name a scope: `Authorization: Bearer <key>`' },
        },
      },
    },
    transform(document) {
      const out = jsonSchemaTransform(document) as { schema: Json; url: string };
      // Routes without a schema (the web app's files and pages) are not part of the API; the
      // calendar feed is, though calendar apps read it outside /api/.
      const documented = document.url.startsWith('/api/') || document.url.startsWith('/calendar/');
      if (!out.schema || out.schema.hide || !documented) return { schema: { hide: true }, url: document.url } as never;
      const config = document.route.config as { rateLimit?: unknown; crossSite?: string; apiKeyScope?: string } | undefined;
      if (config?.rateLimit) out.schema[HINT_RATE_LIMITED] = true;
      if (config?.crossSite) out.schema[HINT_CROSS_SITE] = true;
      if (config?.apiKeyScope) out.schema[HINT_API_KEY_SCOPE] = config.apiKeyScope;
      if (!Array.isArray(out.schema.tags) || out.schema.tags.length === 0) out.schema.tags = ['platform'];
      return out as never;
    },
    transformObject(document) {
      const doc = (document as { openapiObject: unknown }).openapiObject as Json & { paths: Record<string, Record<string, Operation>>; components: Json & { schemas?: Json } };
      doc.paths = { ...(authPaths() as Record<string, Record<string, Operation>>), ...doc.paths };
      nullInNullableEnums(doc);
      const ids = new Set<string>();
      for (const [path, item] of Object.entries(doc.paths)) {
        for (const method of METHODS) if (item[method]) finishOperation(method, path, item[method], ids);
      }
      doc.components = {
        ...doc.components,
        schemas: { ...doc.components.schemas, Error: toJson(errorSchema), AuthError: toJson(auth.authErrorSchema) },
        responses: Object.fromEntries(
          Object.values(ERROR_RESPONSES).map(({ name, description, headers }) => [
            name,
            { description, ...(headers ? { headers } : {}), content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
          ]),
        ),
      };
      return doc as never;
    },
  };
}
