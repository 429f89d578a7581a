// Builds the Fastify app (never listens): plugins, auth, features, error handler.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppDeps } from '#server/app-deps.ts';
import { createAuth } from '#server/auth/auth.ts';
import { authRoutes } from '#server/auth/auth-routes.ts';
import type { Config } from '#server/config.ts';
import { createDb, migrateToLatest, type Db } from '#server/db/database.ts';
import { backgroundMailSettled, createMailer, type Mailer } from '#server/email/mailer.ts';
import { installErrorHandler } from '#server/http/error-handler.ts';
import { responseSerializerCompiler } from '#server/http/response-serializer.ts';
import { installSecurity } from '#server/http/security.ts';
import { installStaticWeb } from '#server/http/static-web.ts';
import { healthRoutes } from '#server/features/health/health-routes.ts';
import { meRoutes } from '#server/features/users/me-routes.ts';
import { uploadRoutes } from '#server/features/uploads/upload-routes.ts';
import { FEATURE_ROUTES } from '#server/features/index.ts';
import { materialRoutes } from '#server/features/materials/material-routes.ts';
import { publicListCache } from '#server/features/sessions/public-list-cache.ts';

export interface BuildOptions {
  /** Replace the mailer (tests capture mail with a real SMTP server instead, see tests/). */
  mailer?: Mailer;
  db?: Db;
  now?: () => Date;
  webDir?: string;
}

export interface App {
  app: FastifyInstance;
  deps: AppDeps;
  /** Every route as registered; tests/api/trust-routes.test.ts demands an access rule for each. */
  routes: ReadonlyArray<{ method: string; url: string }>;
}

const here = path.dirname(fileURLToPath(import.meta.url));
// Bundled: dist/server/main.js next to dist/web; from source: server/ next to dist/web.
const DEFAULT_WEB_DIR = fs.existsSync(path.resolve(here, '..', 'web', 'index.html'))
  ? path.resolve(here, '..', 'web')
  : path.resolve(here, '..', 'dist', 'web');

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  const app = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers.cookie', 'req.headers.authorization'] },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ verify: config.env !== 'production' }));
  installErrorHandler(app);
  // JSON routes take JSON only: Fastify would also parse text/plain, a content type browsers
  // send cross-site without a preflight; refused with 415 like every other non-JSON body.
  app.removeContentTypeParser('text/plain');
  const routes: Array<{ method: string; url: string }> = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });

  const db = options.db ?? createDb(config.database);
  await migrateToLatest(db.kysely);
  const mailer = options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log });
  const auth = createAuth({ config, db, mailer, log: app.log });
  const deps: AppDeps = { config, db, auth, mailer, log: app.log, now: options.now ?? (() => new Date()) };
  if (!options.db) app.addHook('onClose', async () => db.destroy());
  // Queued emails (booking confirmations…) go out before the process ends, within reason.
  app.addHook('onClose', async () => {
    await Promise.race([backgroundMailSettled(mailer), new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
  });

  await installSecurity(app, { baseUrl: config.baseUrl });
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: { info: { title: 'StudyNest API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await authRoutes(app, deps);
  await healthRoutes(app, deps);
  await meRoutes(app, deps);
  for (const register of FEATURE_ROUTES) await register(app, deps);
  // Multipart parsing (and its per-request hook) only where files are sent.
  await app.register(async (withFiles) => {
    await withFiles.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 10 } });
    await uploadRoutes(withFiles, deps);
    await materialRoutes(withFiles, deps);
  });

  const webDir = options.webDir ?? DEFAULT_WEB_DIR;
  // Built next to the web app by `npm run build` (vite --ssr): dist/ssr/entry-server.js.
  const lists = publicListCache(db, config.listCacheMs);
  await installStaticWeb(app, webDir, {
    serverRenderEntry: path.resolve(webDir, '..', 'ssr', 'entry-server.js'),
    // Signed-out pages show the public lists: kept as long, dropped with them.
    pageCache: { ttlMs: config.listCacheMs, version: () => lists.version },
  });
  return { app, deps, routes };
}
