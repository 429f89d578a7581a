// Builds the real app on a fresh database with mail going to an in-process SMTP server.
// Requests go through app.inject (no network).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type App, type HttpTimeouts } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { createUser, type CreatedUser, type UserOverrides } from '#tests/factories.ts';
import { startFakeStripe, type FakeStripe } from './fake-stripe.ts';
import { startSmtpCapture, type SmtpCapture } from './smtp-capture.ts';
import { checkAnswer } from './openapi-answers.ts';
import { fastPasswordHashing } from './fast-password-hashing.ts';
import { PURGE_EXPIRED_AUTH_JOB } from '#server/auth/auth-purge.ts';
import { createTestDatabase } from './test-database.ts';

export const TEST_ORIGIN = 'http://studynest.test';

export interface Actor {
  user: CreatedUser | null;
  cookie: string | null;
}

export interface TestApp extends App {
  mail: SmtpCapture;
  /** A request as `actor` (null = anonymous), with our own Origin like a browser would send. */
  request(actor: Actor | CreatedUser | null, opts: InjectOptions): Promise<LightMyRequestResponse>;
  /**
   * The same over a real socket, with the path sent byte for byte as given (`app.inject`
   * normalises dot segments and so cannot test what an attacker's `curl --path-as-is` sends).
   */
  http(actor: Actor | null, opts: RawRequest): Promise<RawResponse>;
  createUser(overrides?: UserOverrides): Promise<CreatedUser>;
  signIn(user: CreatedUser): Promise<Actor>;
  /** createUser + signIn. */
  actor(overrides?: UserOverrides): Promise<Actor>;
  close(): Promise<void>;
}

export interface RawRequest {
  method: string;
  /** Sent exactly as written: dot segments, percent-encodings and doubled slashes included. */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export interface RawResponse {
  statusCode: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  json(): Record<string, unknown>;
}

export interface TestAppOptions {
  webDir?: string;
  httpTimeouts?: HttpTimeouts;
  now?: () => Date;
  stripe?: boolean;
  /** Where the app's log lines go (with LOG_LEVEL set), for tests of what is logged. */
  logStream?: { write(line: string): void };
}

let ipCounter = 0;
/** Each sign-in comes from its own address so the sign-in rate limit does not get in the way. */
const nextIp = () => `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter++ & 255}`;

/**
 * `webDir`: the built web app to serve (tests/api/server-render.test.ts); none by default.
 * `now`: the app's clock (deps.now), for tests that move time (jobs, holds, reminders).
 * `stripe`: payments through a local fake of the Stripe API (tests/helpers/fake-stripe.ts), as
 * `t.stripe`, closed with the app.
 */
export async function createTestApp(env: Record<string, string>, options: TestAppOptions & { stripe: true }): Promise<TestApp & { stripe: FakeStripe }>;
export async function createTestApp(env?: Record<string, string>, options?: TestAppOptions): Promise<TestApp>;
export async function createTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp & { stripe?: FakeStripe }> {
  const database = await createTestDatabase();
  const mail = await startSmtpCapture();
  const stripe = options.stripe ? await startFakeStripe() : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: database.dataDir,
    BASE_URL: TEST_ORIGIN,
    SMTP_URL: mail.url,
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    ...(stripe && { STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_WEBHOOK_SECRET: stripe.webhookSecret, STRIPE_API_URL: stripe.url }),
    ...env,
  });
  config.database = database.database;
  // Each answer is checked against the app's OpenAPI document (tests/helpers/openapi-answers.ts).
  const documentOf = () => built.app.swagger();
  const built: App = await buildApp(config, {
    webDir: options.webDir ?? '/nonexistent',
    httpTimeouts: options.httpTimeouts,
    now: options.now,
    logStream: options.logStream,
    passwordHashing: fastPasswordHashing,
    onSend: (request, reply, payload) => checkAnswer(documentOf, request, reply, payload),
  });
  await built.app.ready();
  // A controlled clock may stand days or years after the wall clock better-auth writes sessions
  // with: the expired-sign-in purge, due at once on that clock, then takes every session made
  // so far for expired. It runs here, before any test user signs in, instead of whenever the
  // worker first polls (a test whose users sign in quickly lost theirs).
  if (options.now) await built.deps.jobs.runScheduleNow(PURGE_EXPIRED_AUTH_JOB);
  const cookies = new WeakMap<CreatedUser, string>();

  const request: TestApp['request'] = async (who, opts) => {
    const cookie = who === null ? null : 'cookie' in who ? who.cookie : (cookies.get(who) ?? null);
    const headers: Record<string, string> = { origin: TEST_ORIGIN, ...(opts.headers as Record<string, string> | undefined) };
    if (cookie) headers.cookie = cookie;
    return built.app.inject({ ...opts, headers });
  };

  const signIn = async (user: CreatedUser): Promise<Actor> => {
    const res = await built.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN },
      remoteAddress: nextIp(),
      payload: { email: user.email, password: user.password },
    });
    if (res.statusCode !== 200) throw new Error(`sign-in of ${user.email} failed: ${res.statusCode} ${res.body}`);
    const setCookie = res.headers['set-cookie'];
    const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
    const cookie = list.map((c) => c.split(';')[0]).join('; ');
    cookies.set(user, cookie);
    return { user, cookie };
  };

  let port: Promise<number> | null = null;
  const listening = () => (port ??= built.app.listen({ host: '127.0.0.1', port: 0 }).then(() => (built.app.server.address() as AddressInfo).port));
  const rawHttp: TestApp['http'] = async (who, opts) => {
    const headers: Record<string, string> = { origin: TEST_ORIGIN, ...opts.headers };
    if (who?.cookie) headers.cookie = who.cookie;
    if (opts.body !== undefined) headers['content-length'] = String(Buffer.byteLength(opts.body));
    const at = await listening();
    return new Promise<RawResponse>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port: at, method: opts.method, path: opts.path, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, body, json: () => JSON.parse(body) as Record<string, unknown> });
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(opts.body);
    });
  };

  const createUserHere = (overrides?: UserOverrides) => createUser(built.deps, overrides);

  return {
    ...built,
    mail,
    stripe,
    request,
    http: rawHttp,
    createUser: createUserHere,
    signIn,
    actor: async (overrides) => signIn(await createUserHere(overrides)),
    async close() {
      await built.app.close();
      await built.deps.db.destroy();
      await mail.close();
      await stripe?.close();
      await database.drop();
    },
  };
}

/** A file's app with a signed-in tutor and admin (where a class happens, the attacks on it). */
export async function createTestAppWithTutorAndAdmin() {
  const t = await createTestApp();
  return { t, tutor: await t.actor({ role: 'tutor' }), admin: await t.actor({ role: 'admin' }) };
}
