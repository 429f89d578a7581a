// Builds the real app on a fresh database with mail going to an in-process SMTP server.
// Requests go through app.inject (no network).
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type App } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { createUser, type CreatedUser, type UserOverrides } from '#tests/factories.ts';
import { startSmtpCapture, type SmtpCapture } from './smtp-capture.ts';
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
  createUser(overrides?: UserOverrides): Promise<CreatedUser>;
  signIn(user: CreatedUser): Promise<Actor>;
  /** createUser + signIn. */
  actor(overrides?: UserOverrides): Promise<Actor>;
  close(): Promise<void>;
}

let ipCounter = 0;
/** Each sign-in comes from its own address so the sign-in rate limit does not get in the way. */
const nextIp = () => `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter++ & 255}`;

/** `webDir`: the built web app to serve (tests/api/server-render.test.ts); none by default. */
export async function createTestApp(env: Record<string, string> = {}, options: { webDir?: string } = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const mail = await startSmtpCapture();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: database.dataDir,
    BASE_URL: TEST_ORIGIN,
    SMTP_URL: mail.url,
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    ...env,
  });
  config.database = database.database;
  const built = await buildApp(config, { webDir: options.webDir ?? '/nonexistent' });
  await built.app.ready();
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

  const createUserHere = (overrides?: UserOverrides) => createUser(built.deps, overrides);

  return {
    ...built,
    mail,
    request,
    createUser: createUserHere,
    signIn,
    actor: async (overrides) => signIn(await createUserHere(overrides)),
    async close() {
      await built.app.close();
      await built.deps.db.destroy();
      await mail.close();
      await database.drop();
    },
  };
}
