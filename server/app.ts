// Builds the Fastify app (never listens): plugins, auth, features, error handler.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { AdminAuditDeclaration } from '#server/audit/admin-audit.ts';
import { buildAppDeps, type AppDeps } from '#server/app-deps.ts';
import type { CoreDeps } from '#server/core-deps.ts';
import { createAuth, type PasswordHashing } from '#server/auth/auth.ts';
import { authRoutes } from '#server/auth/auth-routes.ts';
import type { Config } from '#server/config.ts';
import { createDb, migrateToLatest, type Db } from '#server/db/database.ts';
import { createMailer, type Mailer } from '#server/email/mailer.ts';
import { installCanonicalPaths } from '#server/http/canonical-path.ts';
import { closeConnectionsWhileDraining, createDrain } from '#server/http/drain.ts';
import { frameworkErrors, installErrorHandler } from '#server/http/error-handler.ts';
import { installHttpSemantics } from '#server/http/http-semantics.ts';
import { installJsonBodyParser } from '#server/http/json-body.ts';
import { installMetrics } from '#server/metrics/metrics.ts';
import { openapiOptions } from '#server/http/openapi.ts';
import { responseSerializerCompiler } from '#server/http/response-serializer.ts';
import { installSecurity } from '#server/http/security.ts';
import { requestLogFields } from '#server/http/log-redaction.ts';
import { installLanguageSwitch } from '#server/i18n/language-switch.ts';
import { accountLanguageRepository } from '#server/i18n/account-language-repository.ts';
import { buildCallers } from '#server/auth/current-user.ts';
import { singleSignOnSource } from '#server/auth/single-sign-on-settings.ts';
import { fileStorage } from '#server/storage/storage-of-config.ts';
import { installStaticWeb } from '#server/http/static-web.ts';
import { FEATURE_ROUTES, FILE_ROUTES } from '#server/features/index.ts';
import { backgroundWork } from '#server/features/background-work.ts';
import { installKeyAuth } from '#server/features/api-keys/public.ts';
import { createJobs } from '#server/jobs/jobs.ts';
import { requestIdOf, withRequestId } from '#server/jobs/request-origin.ts';

export interface BuildOptions {
  /** Replace the mailer (tests capture mail with a real SMTP server instead, see tests/). */
  mailer?: Mailer;
  db?: Db;
  now?: () => Date;
  webDir?: string;
  /** Tests shorten these to see a slow client cut; production uses HTTP_TIMEOUTS. */
  httpTimeouts?: HttpTimeouts;
  /** Where the log's JSON lines go (standard output by default); tests read what a production log would hold. */
  logStream?: { write(line: string): void };
  /**
   * Hashes passwords another way than better-auth's own (tests: a cheaper scrypt, decision 066).
   * Production never passes it: no configuration reaches it.
   */
  passwordHashing?: PasswordHashing;
  /** Sees every answer before any other onSend hook (tests check each against the OpenAPI document). */
  onSend?: (request: FastifyRequest, reply: FastifyReply, payload: unknown) => void;
}

export interface HttpTimeouts {
  /** A request's headers and body must have arrived within this (Node checks every `checkIntervalMs`). */
  requestMs: number;
  headersMs: number;
  checkIntervalMs: number;
  /** An idle kept-alive connection is closed after this. */
  keepAliveMs: number;
  /** A socket with no traffic at all is closed after this. */
  idleMs: number;
}

/**
 * A client trickling its request (slowloris) is cut within requestMs + checkIntervalMs = 45 s.
 * In production run StudyNest behind a reverse proxy that buffers requests (README, Operations).
 * An idle kept-alive connection stays open 65 s, longer than balancers keep theirs (60 s for nginx's
 * upstream keepalive_timeout and AWS load balancers): the balancer closes it, never StudyNest under
 * a request the balancer has just sent on it, which it would answer 502 (decision 049).
 */
export const HTTP_TIMEOUTS: HttpTimeouts = { requestMs: 30_000, headersMs: 15_000, checkIntervalMs: 15_000, keepAliveMs: 65_000, idleMs: 60_000 };

export interface App {
  app: FastifyInstance;
  deps: AppDeps;
  /** Every route as registered; tests/api/trust-routes.test.ts demands an access rule for each, tests/api/trust-iii-admin-audit.test.ts an audit rule. */
  routes: ReadonlyArray<{ method: string; url: string; crossSite?: string; adminAudit?: AdminAuditDeclaration }>;
}

const here = path.dirname(fileURLToPath(import.meta.url));
// Bundled: dist/server/main.js next to dist/web; from source: server/ next to dist/web.
const DEFAULT_WEB_DIR = fs.existsSync(path.resolve(here, '..', 'web', 'index.html'))
  ? path.resolve(here, '..', 'web')
  : path.resolve(here, '..', 'dist', 'web');

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  const timeouts = options.httpTimeouts ?? HTTP_TIMEOUTS;
  const app = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers.cookie', 'req.headers.authorization'], serializers: { req: requestLogFields }, ...(options.logStream && { stream: options.logStream }) },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    connectionTimeout: timeouts.idleMs,
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: timeouts.checkIntervalMs },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // A URL the router cannot read (bad percent-encoding, an over-long parameter) answers our shape.
    frameworkErrors,
    // Unique across processes (a job's log lines carry its request's id: server/jobs/request-origin.ts);
    // behind a trusted proxy, the proxy's own X-Request-Id when it is well-formed.
    genReqId: (request) => requestIdOf(request.headers['x-request-id'], config.trustProxy !== false && (!Array.isArray(config.trustProxy) || config.trustProxy.length > 0), randomUUID),
  });
  // The rest of the request runs with its id known to the jobs it enqueues.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    withRequestId(request.id, done);
  });
  const { onSend } = options;
  // First, on the root: every plugin's and route's hooks inherit it.
  if (onSend) app.addHook('onSend', async (request, reply, payload) => {
    onSend(request, reply, payload);
    return payload;
  });
  installCanonicalPaths(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ verify: config.env !== 'production' }));
  // The caller's saved language (Settings, the footer) for their refusals and pages: known once the database is.
  let accountLanguage: (request: FastifyRequest) => Promise<string | null> = async () => null;
  installErrorHandler(app, { accountLanguage: (request) => accountLanguage(request) });
  // JSON routes take JSON only: Fastify would also parse text/plain, a content type browsers
  // send cross-site without a preflight; refused with 415 like every other non-JSON body.
  app.removeContentTypeParser('text/plain');
  // JSON nested deeper than 32 levels is refused with 400 before it is parsed.
  installJsonBodyParser(app);
  const routes: Array<App['routes'][number]> = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, crossSite: route.config?.crossSite, adminAudit: route.config?.adminAudit });
  });

  const db = options.db ?? createDb(config.database);
  await migrateToLatest(db.kysely);
  // GET /metrics and what it measures, when METRICS_TOKEN is set; before any plugin, so every route is counted.
  const metrics = installMetrics(app, { token: config.metricsToken, db });
  const mailer = metrics.countMail(options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log, logLinks: config.env === 'development' }));
  const now = options.now ?? (() => new Date());
  const jobs = createJobs({ db, log: app.log, now });
  // better-auth's emails (verification, reset) go through the outbox like every other.
  const auth = createAuth({ config, db, enqueueEmail: (job) => jobs.enqueue(db.kysely, job), log: app.log, passwordHashing: options.passwordHashing });
  const drain = createDrain();
  closeConnectionsWhileDraining(app, drain);
  const core: CoreDeps = { config, db, auth, callers: buildCallers(auth, db), mailer, jobs, files: fileStorage(config), log: app.log, now, drain };
  const deps = buildAppDeps(core);
  const accountLanguages = accountLanguageRepository(deps.db.kysely);
  accountLanguage = async (request) => {
    const user = await deps.callers.current(request);
    return user ? accountLanguages.languageOf(user.id) : null;
  };
  if (!options.db) app.addHook('onClose', async () => db.destroy());
  // Background work starts once the app is ready and stops (running jobs finished, within 10 s)
  // before the database closes: onClose hooks run last-added first.
  app.addHook('onReady', async () => jobs.start(backgroundWork(deps)));
  app.addHook('onClose', async () => jobs.stop());
  // Other processes on the same PostgreSQL database hear of this one's invalidations, and it of theirs.
  app.addHook('onReady', async () => deps.changes.start());
  app.addHook('onClose', async () => deps.changes.stop());

  // A request signed with an API key is checked first: then it needs no Origin (docs/decisions/056-api-keys.md).
  installKeyAuth(app, deps);
  // The login page's single sign-on form is sent on to the school's provider (docs/decisions/065-single-sign-on-settings.md).
  const singleSignOn = singleSignOnSource(config.singleSignOn, db.kysely);
  await installSecurity(app, { baseUrl: config.baseUrl, formTargets: () => singleSignOn.formTargets() });
  await app.register(rateLimit, { global: false });
  // Compression, Vary and the docs' caching for every route registered below (server/http/http-semantics.ts).
  await installHttpSemantics(app);
  // The document a client can be generated from: auth, errors, media types (server/http/openapi.ts).
  await app.register(swagger, openapiOptions(config.baseUrl));
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await authRoutes(app, deps);
  for (const register of FEATURE_ROUTES) await register(app, deps);
  // Multipart parsing (and its per-request hook) only where files are sent.
  await app.register(async (withFiles) => {
    await withFiles.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 10 } });
    for (const register of FILE_ROUTES) await register(withFiles, deps);
  });

  const webDir = options.webDir ?? DEFAULT_WEB_DIR;
  // Built next to the web app by `npm run build` (vite --ssr): dist/ssr/entry-server.js.
  await installStaticWeb(app, webDir, {
    serverRenderEntry: path.resolve(webDir, '..', 'ssr', 'entry-server.js'),
    // Signed-out pages show the public lists: kept as long, dropped with them.
    pageCache: { ttlMs: config.listCacheMs, version: () => deps.publicLists.version },
    origin: config.baseUrl,
    accountLanguage,
  });
  // The language switch of the footer and Settings (a form: it works without the app), where the pages are served.
  if (fs.existsSync(path.join(webDir, 'index.html'))) {
    await installLanguageSwitch(app, { origin: config.baseUrl, callers: deps.callers, accountLanguages });
  }
  return { app, deps, routes };
}
