// Each Playwright worker starts its own StudyNest (the production build) on a fresh data
// folder, with mail going to a real SMTP server in this process and Google sign-in pointed
// at a local mock OpenID provider. Test data is built with the same factories as the API
// tests, through a second connection to the same SQLite file.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test as base, expect, type APIRequestContext, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test';
import { OAuth2Server } from 'oauth2-mock-server';
import { createAuth } from '#server/auth/auth.ts';
import { loadConfig, type Config } from '#server/config.ts';
import { createDb } from '#server/db/database.ts';
import type { CoreDeps } from '#server/core-deps.ts';
import { createDrain } from '#server/http/drain.ts';
import { buildCallers } from '#server/auth/current-user.ts';
import { fileStorage } from '#server/storage/storage-of-config.ts';
import { createJobs } from '#server/jobs/jobs.ts';
import { createUser, type CreatedUser, type UserOverrides } from '#tests/factories.ts';
import { freePort, SERVE_SCRIPT } from '#tests/helpers/built-server.ts';
import { startFakeStripe, type FakeStripe } from '#tests/helpers/fake-stripe.ts';
import { startSmtpCapture, type SmtpCapture } from '#tests/helpers/smtp-capture.ts';

export interface OidcUser {
  sub: string;
  email: string;
  name: string;
}

export interface Server {
  baseURL: string;
  config: Config;
  deps: CoreDeps;
  mailbox: SmtpCapture;
  /** The identity the mock Google provider will sign in next. */
  oidcUser: OidcUser;
  /** The mock provider's issuer: a school's provider set in the dashboard may point at it too. */
  oidcIssuer: string;
  /** The local fake of Stripe this server pays through, when the spec asked for it (`test.use({ withStripe: true })`). */
  stripe: FakeStripe | null;
  logs: () => string;
}

async function waitForHealth(url: string, child: ChildProcess, logs: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`StudyNest exited (${child.exitCode}):\n${logs()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`StudyNest did not become healthy:\n${logs()}`);
}

const SERVER_ENTRY = path.resolve('dist/server/main.js');

/**
 * Pages arrive drawn by the server and come alive when the app has hydrated them (a click or
 * a keystroke before that does nothing, as for a person): waits for the app's mark.
 */
export async function waitForApp(page: Page): Promise<void> {
  await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
}

/** `page.goto` and `page.reload` that return once the page is live (waitForApp). */
export function liveNavigation(page: Page): Page {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await waitForApp(page);
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await waitForApp(page);
    return response;
  };
  return page;
}

/**
 * Every popup a page opens, recorded as it opens (its title and text, a line each). A success
 * toast closes itself after 1.5 s (web/src/lib/dialogs.ts): a person sees it, but a test that
 * polls a busy browser from outside can look before and after it, so tests read this record.
 */
export async function recordPopups(target: Page | BrowserContext): Promise<void> {
  await target.addInitScript(() => {
    const shown: string[] = [];
    Object.defineProperty(window, '__popupsShown', { value: shown });
    const showModal = HTMLDialogElement.prototype.showModal;
    HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
      showModal.call(this);
      const said = (attribute: string) => {
        const id = this.getAttribute(attribute);
        return (id && document.getElementById(id)?.textContent) || '';
      };
      shown.push(`${said('aria-labelledby')}\n${said('aria-describedby')}`);
    };
  });
}

/**
 * The page opened a modal popup whose title or text is `said` (a line of it, for a RegExp a part
 * of one); each popup answers one call, so the same toast twice needs two.
 */
export async function expectPopup(page: Page, said: string | RegExp): Promise<void> {
  const pattern =
    typeof said === 'string' ? { source: `^${said.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, flags: 'm' } : { source: said.source, flags: said.flags };
  await expect
    .poll(
      () =>
        page.evaluate(({ source, flags }) => {
          const shown = (window as unknown as { __popupsShown?: string[] }).__popupsShown ?? [];
          const at = shown.findIndex((popup) => new RegExp(source, flags).test(popup));
          if (at >= 0) shown.splice(at, 1);
          return at >= 0;
        }, pattern),
      { message: `a popup saying ${String(said)}` },
    )
    .toBe(true);
}

/** The dialog named `name` is shown, and its `button` closes it. */
export async function closeDialog(page: Page, name: string, button = 'Ok'): Promise<void> {
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: button }).click();
  await expect(dialog).toBeHidden();
}

/** The password reset link `user` is emailed after asking for one through the API (as the login page asks). */
export async function passwordResetLink(server: Server, user: { email: string }): Promise<string> {
  const requested = await fetch(`${server.baseURL}/api/auth/request-password-reset`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.baseURL },
    body: JSON.stringify({ email: user.email, redirectTo: '/reset-password' }),
  });
  expect(requested.status).toBe(200);
  const mail = await server.mailbox.waitFor(user.email, /reset/i);
  return /\/reset-password\?token=[^\s"<>]+/.exec(mail.text)![0];
}

/** Signs `user` in through the real sign-in endpoint; the session cookie lands in `request`'s browser context. */
async function signIn(request: APIRequestContext, server: Server, user: CreatedUser): Promise<void> {
  const res = await request.post(`${server.baseURL}/api/auth/sign-in/email`, {
    data: { email: user.email, password: user.password },
    headers: { origin: server.baseURL },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Collects the app's hydration mismatches (web/src/main.tsx logs them): a page drawn differently by the browser and the server is a bug. */
function collectMismatches(page: Page, into: string[]): void {
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().startsWith('Hydration mismatch')) into.push(`${page.url()}: ${message.text()}`);
  });
}

interface TourContext {
  context: BrowserContext;
  page: Page;
  mismatches: string[];
}

/**
 * The page a tour of many routes visits them in (`tourPage(user)`): one per visitor and browser
 * options in a worker, signed in once, its caches warm from route to route as a person's browser
 * would be. A fresh context per route made each visit compile the app's JavaScript from nothing
 * and sign in again (a password hash), most of a tour test's time. Each route is still a test of
 * its own that loads the page from the server.
 */
export type TourPage = (user?: CreatedUser) => Promise<Page>;

export const test = base.extend<
  { mailbox: SmtpCapture; createUser: (overrides?: UserOverrides) => Promise<CreatedUser>; loginAs: (page: Page, user: CreatedUser) => Promise<void>; tourPage: TourPage },
  { server: Server; withStripe: boolean; withTestPayments: boolean; tourContexts: Map<string, TourContext> }
>({
  // Off by default: other specs see a server without payments, as configured by default.
  withStripe: [false, { scope: 'worker', option: true }],
  // The built-in "Test payment, no money moves" page instead of Stripe (TEST_PAYMENTS=true).
  withTestPayments: [false, { scope: 'worker', option: true }],
  server: [
    async ({ withStripe, withTestPayments }, use) => {
      if (!fs.existsSync(SERVER_ENTRY)) throw new Error('dist/server/main.js is missing: run `npm run build` first (npm test does).');
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'studynest-e2e-'));
      const mailbox = await startSmtpCapture();
      const oidc = new OAuth2Server();
      await oidc.issuer.keys.generate('RS256');
      await oidc.start(await freePort(), '127.0.0.1');
      const oidcUser: OidcUser = { sub: 'google-user-1', email: 'google.user@example.com', name: 'Gina Google' };
      oidc.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
        Object.assign(token.payload, { sub: oidcUser.sub, email: oidcUser.email, email_verified: true, name: oidcUser.name });
      });
      oidc.service.on('beforeUserinfo', (userInfo: { body: Record<string, unknown> }) => {
        userInfo.body = { sub: oidcUser.sub, email: oidcUser.email, email_verified: true, name: oidcUser.name };
      });

      const stripe = withStripe ? await startFakeStripe() : null;
      const port = await freePort();
      const env: Record<string, string> = {
        NODE_ENV: 'production',
        TZ: 'UTC',
        PORT: String(port),
        HOST: '127.0.0.1',
        BASE_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        DEMO_DATA: 'false',
        SMTP_URL: mailbox.url,
        AUTH_SECRET: 'e2e-secret-e2e-secret-e2e-secret-0123456',
        GOOGLE_CLIENT_ID: 'studynest-e2e',
        GOOGLE_CLIENT_SECRET: 'studynest-e2e-secret',
        GOOGLE_DISCOVERY_URL: `${oidc.issuer.url}/.well-known/openid-configuration`,
        // Many tests sign in through the form from one address; the limit itself is tested in tests/api.
        SIGN_IN_RATE_LIMIT: '100',
        // Factories insert sessions through a second connection, which the list cache cannot see.
        LIST_CACHE_MS: '0',
        LOG_LEVEL: 'warn',
        // Stopped at once when the worker ends, not after a production drain (server/http/drain.ts).
        DRAIN_GRACE_MS: '0',
        ...(withTestPayments && { TEST_PAYMENTS: 'true' }),
        ...(stripe && { STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_WEBHOOK_SECRET: stripe.webhookSecret, STRIPE_API_URL: stripe.url }),
      };
      let output = '';
      const child = spawn('sh', [SERVE_SCRIPT], { env: { PATH: process.env.PATH ?? '', NODE: process.execPath, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
      child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
      const baseURL = env.BASE_URL!;
      await waitForHealth(baseURL, child, () => output);
      if (stripe) stripe.webhookUrl = `${baseURL}/api/payments/webhook`;

      // A second connection to the same database, for factories.
      const config = loadConfig(env);
      const db = createDb(config.database);
      const quietLog = { error: () => {}, warn: () => {}, info: () => {}, debug: () => {}, trace: () => {}, fatal: () => {}, child: () => quietLog, level: 'silent', silent: () => {} } as unknown as CoreDeps['log'];
      const auth = createAuth({ config, db, enqueueEmail: async () => {}, log: quietLog });
      const deps: CoreDeps = { config, db, auth, callers: buildCallers(auth, db), files: fileStorage(config), mailer: { send: async () => {} }, jobs: createJobs({ db, log: quietLog, now: () => new Date() }), log: quietLog, now: () => new Date(), drain: createDrain() };

      await use({ baseURL, config, deps, mailbox, oidcUser, oidcIssuer: oidc.issuer.url!, stripe, logs: () => output });

      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      await db.destroy();
      await oidc.stop();
      await stripe?.close();
      await mailbox.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ server }, use) => use(server.baseURL),
  page: async ({ page }, use) => {
    const mismatches: string[] = [];
    collectMismatches(page, mismatches);
    await recordPopups(page);
    await use(liveNavigation(page));
    expect(mismatches, 'pages hydrated differently from the server HTML').toEqual([]);
  },
  mailbox: async ({ server }, use) => use(server.mailbox),
  createUser: async ({ server }, use) => use((overrides) => createUser(server.deps, overrides)),
  /** Signs in through the real sign-in endpoint and hands the session cookie to the page. */
  loginAs: async ({ server }, use) => use((page, user) => signIn(page.request, server, user)),
  tourContexts: [
    async ({}, use) => {
      const open = new Map<string, TourContext>();
      await use(open);
      for (const { context } of open.values()) await context.close();
    },
    { scope: 'worker' },
  ],
  tourPage: async ({ browser, server, tourContexts, viewport, locale, colorScheme, reducedMotion, hasTouch, isMobile, userAgent, deviceScaleFactor, timezoneId }, use) => {
    const handedOut = new Set<TourContext>();
    await use(async (user) => {
      // The options the test's own `page` would have had (the project's and the file's `test.use`).
      const options: BrowserContextOptions = { baseURL: server.baseURL, viewport, locale, colorScheme, reducedMotion, hasTouch, isMobile, userAgent, deviceScaleFactor, timezoneId };
      const key = JSON.stringify([options, user?.email ?? null]);
      let tour = tourContexts.get(key);
      if (!tour) {
        const context = await browser.newContext(options);
        await recordPopups(context);
        const page = liveNavigation(await context.newPage());
        tour = { context, page, mismatches: [] };
        collectMismatches(page, tour.mismatches);
        if (user) await signIn(context.request, server, user);
        tourContexts.set(key, tour);
      }
      handedOut.add(tour);
      return tour.page;
    });
    for (const tour of handedOut) expect(tour.mismatches.splice(0), 'pages hydrated differently from the server HTML').toEqual([]);
  },
});

export { expect };
