// better-auth inside our server, on our Kysely instance. Mounted at /api/auth/* by auth-routes.ts.
import { betterAuth } from 'better-auth';
import { getSessionCookie } from 'better-auth/cookies';
import { isAPIError } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/database.ts';
import type { NewJob } from '#server/jobs/jobs.ts';
import { newId } from '#server/ids.ts';
import { recordPasswordChange } from '#server/audit/security-events.ts';
import { authEmailJobs, requestLanguageOf } from './auth-emails.ts';
import { authRepository } from './auth-repository.ts';
import { accountRules, checkedName, isRole, isSignUpRole, reservedEmailRefusal, roleRefusal } from './account-rules.ts';
import { offerAdminPassword, promoteAdminEmail, promoteByGoogle } from './admin-email.ts';
import { isReservedEmail } from './reserved-addresses.ts';
import { VERIFIED_LANDING } from '#contract/auth.ts';
import { NAME_MAX, NAME_REFUSED_CHARACTER } from '#contract/users.ts';
import { authRefusal } from './auth-answers.ts';
import { AppError, badRequest } from '#server/errors.ts';
import { authDatabase, authExecutor, currentAuthCall } from './auth-transaction.ts';
import { commonPasswords } from './common-passwords.ts';
import { requiredSingleSignOn, singleSignOnGate, singleSignOnPlugin, SSO_PROVIDER_ID } from './single-sign-on.ts';
import { singleSignOnSource } from './single-sign-on-settings.ts';
import { recordAudit } from '#server/audit/audit-log.ts';
import { auditRepository } from '#server/audit/audit-repository.ts';
import { checkUpdatedPhoto, withSignUpPhoto } from './account-photo.ts';
import { signUpReader } from './sign-up-reader.ts';
import { ltiSignIn } from './lti-sign-in.ts';
import { timeZoneFromCookieHeader } from '#contract/time-zone.ts';

/** Set by us from the address Fastify resolved (TRUST_PROXY aware); any client value is replaced. */
export const CLIENT_IP_HEADER = 'x-studynest-client-ip';


export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** `enqueueEmail`: queues an account email's job (the app's outbox; server/auth/auth-emails.ts). */
/** How passwords are hashed and checked, when not better-auth's own scrypt (the API tests' cheaper one: decision 066). */
export interface PasswordHashing {
  hash(password: string): Promise<string>;
  verify(data: { hash: string; password: string }): Promise<boolean>;
}

export function createAuth(opts: { config: Config; db: Db; enqueueEmail: (job: NewJob) => Promise<void>; log: FastifyBaseLogger; passwordHashing?: PasswordHashing }) {
  const { config, db, enqueueEmail, log, passwordHashing } = opts;
  const kysely = db.kysely;

  // ADMIN_EMAIL's owner is sent a password link through better-auth's own reset request, made
  // from inside its hooks: bound once the instance exists.
  let requestPasswordLink: (email: string) => Promise<unknown> = () => Promise.reject(new Error('better-auth is not ready'));
  const isAdminAddress = (email: string) => config.adminEmail !== undefined && email.toLowerCase() === config.adminEmail;
  // The school's provider: the environment's settings, else the dashboard's (single-sign-on-settings.ts).
  const singleSignOn = singleSignOnSource(config.singleSignOn, kysely);
  // Accounts made or linked by a sign-in through the school's provider, until its session is
  // recorded in the audit log (the same request; an entry left by a refused sign-in is dropped
  // after a minute).
  const ssoFirstSignIns = new Map<string, { accountCreated: boolean; at: number }>();
  const markSsoFirstSignIn = (userId: string, accountCreated: boolean) => {
    const now = Date.now();
    for (const [id, mark] of ssoFirstSignIns) if (now - mark.at > 60_000) ssoFirstSignIns.delete(id);
    ssoFirstSignIns.set(userId, { accountCreated: accountCreated || (ssoFirstSignIns.get(userId)?.accountCreated ?? false), at: now });
  };

  const auth = betterAuth({
    appName: 'StudyNest',
    baseURL: config.baseUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    // Our Kysely instance; transactional where a change must commit with its audit entry.
    database: authDatabase(db),
    trustedOrigins: [config.baseUrl],
    telemetry: { enabled: false },
    // Into our own logger (expected refusals thrown by our hooks are not errors).
    logger: {
      level: 'warn',
      log: (level, message, ...args) => {
        if (level === 'error') log.error({ details: args }, `better-auth: ${message}`);
        else log.warn({ details: args }, `better-auth: ${message}`);
      },
    },
    // Refusals thrown by our plugin hooks (common password) reach better-auth's router error
    // handler, which would print them to the console; they are answers, not server errors.
    onAPIError: {
      onError: (error) => {
        if (isAPIError(error) && error.statusCode < 500) log.debug({ status: error.statusCode, message: error.message }, 'better-auth refused a request');
        else log.error({ err: error }, 'better-auth: request failed');
      },
    },
    advanced: {
      database: { generateId: () => newId() },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.baseUrl.startsWith('https://'),
    },
    rateLimit: {
      enabled: true,
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': { window: 10, max: config.signInRateLimit },
        '/sign-up/email': { window: 60, max: 10 },
        '/request-password-reset': { window: 60, max: 5 },
        '/get-session': false,
      },
      // Shared by every app process when they share a database.
      storage: 'database',
    },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
    },
    user: {
      // Who may come in through the school's provider (single-sign-on.ts).
      validateUserInfo: singleSignOnGate(singleSignOn),
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'student', input: true },
        blocked: { type: 'boolean', required: false, defaultValue: false, input: false },
        lastSeen: { type: 'date', required: false, input: false },
        // The reader's language and time zone (migrations 0018, 0026): set from the sign-up's
        // request, then by the account's owner only through our routes (decision 054).
        language: { type: 'string', required: false, input: false },
        timeZone: { type: 'string', required: false, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      ...(passwordHashing && { password: passwordHashing }),
      // Sign-up must not tell whether an email already has an account (ASVS 6.3.8): with
      // autoSignIn off, better-auth answers a taken email exactly like a new one (no cookie,
      // a synthetic user) and the owner gets an email instead; the web app signs in right after
      // sign-up. Mails are only queued here (the outbox, server/email/outbox.ts), one insert on
      // either path, so that timing does not tell either.
      // See docs/decisions/007-passwords-and-no-account-enumeration.md.
      autoSignIn: false,
      onExistingUserSignUp: async ({ user }, request) => {
        await enqueueEmail(authEmailJobs.existingAccount(user, requestLanguageOf(request)));
      },
      sendResetPassword: async ({ user, token }, request) => {
        const link = `${config.baseUrl}/reset-password?token=${encodeURIComponent(token)}`;
        // ADMIN_EMAIL's account not yet admin: this link is how its owner takes the role (admin-email.ts).
        const forAdmin = isAdminAddress(user.email) && (user as { role?: unknown }).role !== 'admin';
        await enqueueEmail(authEmailJobs.passwordLink(user, link, forAdmin, requestLanguageOf(request)));
      },
      // The password was set through a link sent to the address: its owner's, every earlier
      // session already revoked (revokeSessionsOnPasswordReset). Only now ADMIN_EMAIL's account is the admin.
      onPasswordReset: async ({ user }) => {
        if (isAdminAddress(user.email)) await promoteAdminEmail(db, user.email.toLowerCase(), user.id);
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // Opening a link verifies the address and signs no one in: a link someone else sent (their
      // own account's) must not sign this browser in as them (login CSRF). The landing page says
      // the address is verified and offers Log in (the dashboard, for the account's own browser).
      autoSignInAfterVerification: false,
      // An account's first proof of its address (not a change of address): every session opened
      // before it may be whoever signed up with the address first, so all end but the one of the
      // browser that opened the link, if it is this account's (decision 035).
      beforeEmailVerification: async (user, request) => {
        const cookie = request ? getSessionCookie(request) : null;
        const keepToken = cookie ? sessionToken(cookie) : null;
        await authRepository(kysely).revokeSessions(user.id, keepToken);
      },
      // ADMIN_EMAIL's address proved (by its first link, or a change of address to it): the role
      // is not given to whatever password the account has; its owner is emailed the link to set one.
      afterEmailVerification: async (user) => {
        if (isAdminAddress(user.email)) await offerAdminPassword(db, user.email.toLowerCase(), new Date(), requestPasswordLink);
      },
      sendVerificationEmail: async ({ user, url }, request) => {
        // The link lands on the login page, which says the address is verified and offers Log in
        // (it signs no one in: decision 035), unless the request named another page.
        const link = new URL(url);
        if ((link.searchParams.get('callbackURL') ?? '/') === '/') link.searchParams.set('callbackURL', VERIFIED_LANDING);
        await enqueueEmail(authEmailJobs.verify(user, link.href, requestLanguageOf(request)));
      },
    },
    plugins: [
      ...accountRules(),
      commonPasswords(),
      ltiSignIn(),
      ...requiredSingleSignOn(singleSignOn),
      // The school's provider, built from the settings in effect at each sign-in (decision 065).
      singleSignOnPlugin(singleSignOn, providerName, config.singleSignOnDiscoveryTimeoutMs),
      ...(config.google
        ? [
          genericOAuth({
            config: [
              ...(config.google ? [{
                providerId: 'google',
                clientId: config.google.clientId,
                clientSecret: config.google.clientSecret,
                discoveryUrl: config.google.discoveryUrl,
                scopes: ['openid', 'email', 'profile'],
                pkce: true,
                // The provider's name, kept to our rule of names (trimmed, 100 characters at most):
                // refusing it would refuse the sign-in. emailVerified stays the provider's
                // `email_verified`, which alone makes a Google address count as verified.
                mapProfileToUser: (profile: Record<string, unknown>) => ({ name: providerName(profile.name, profile.email) }),
              }] : []),
            ],
          }),
        ]
        : []),
    ],
    databaseHooks: {
      user: {
        create: {
          // Every way an account is made (sign-up, Google, auth.api) ends here. The role a client
          // asked for is only ever student or tutor; admin comes from a verified ADMIN_EMAIL
          // (admin-email.ts), the admin CLI or another admin (PATCH /api/users/:id), never from a
          // request to better-auth, nor from signing up with ADMIN_EMAIL's address.
          before: async (user, context) => {
            const role = (user as { role?: unknown }).role ?? 'student';
            if (!isSignUpRole(role)) throw roleRefusal();
            if (isReservedEmail(String(user.email))) throw reservedEmailRefusal();
            // A photo from the sign-up page becomes the new account's; another's is refused (account-photo.ts).
            const withPhoto = await withSignUpPhoto(authExecutor(kysely), user);
            // The account reads its emails as the sign-up's browser reads pages: in the language the
            // request named and the browser's time zone (decision 054).
            const reader = signUpReader(requestHeaders(context));
            return { data: { ...withPhoto, name: checkedName(user.name), role, blocked: false, ...reader } };
          },
          after: async (user, context) => {
            if (isSingleSignOnCallback(context)) markSsoFirstSignIn(user.id, true);
          },
        },
        update: {
          // Whatever calls it, a role outside the three, an address in the reserved domain or a
          // name outside its rule is never stored.
          before: async (data, context) => {
            await checkUpdatedPhoto(authExecutor(kysely), data.image, context?.context.session);
            if ('role' in data && !isRole((data as { role?: unknown }).role)) throw authRefusal('BAD_REQUEST', 'INVALID_ACCOUNT_FIELD', badRequest('errors.auth.unknownRole'));
            if (typeof data.email === 'string' && isReservedEmail(data.email)) throw reservedEmailRefusal();
            return { data: data.name === undefined ? data : { ...data, name: checkedName(data.name) } };
          },
        },
      },
      account: {
        // A password written by a call the bridge marked (change, reset): its audit entry goes
        // into the same transaction (auth-transaction.ts). A reset may create the
        // password of an account that had only Google.
        create: {
          before: async (account) => {
            const call = currentAuthCall();
            if (call && (account as { password?: unknown }).password) await recordPasswordChange(authExecutor(kysely), call);
            return { data: account };
          },
          // The school's provider linked to an account (new, or one with the same verified address).
          after: async (account) => {
            if (account.providerId === SSO_PROVIDER_ID) markSsoFirstSignIn(account.userId, false);
          },
        },
        update: {
          before: async (data) => {
            const call = currentAuthCall();
            if (call && (data as { password?: unknown }).password) await recordPasswordChange(authExecutor(kysely), call);
            return { data };
          },
        },
      },
      session: {
        create: {
          // Runs only once the credentials were right (password, or the provider's answer).
          // Inside a password change's transaction, through it (one SQLite connection).
          before: async (session) => {
            const blocked = await authRepository(authExecutor(kysely)).isBlocked(session.userId);
            if (blocked === undefined) return false;
            // Said after the right password only: a wrong one is answered like any other account's.
            if (blocked) throw authRefusal('FORBIDDEN', 'ACCOUNT_BLOCKED', new AppError(403, 'errors.auth.blocked'));
            return { data: session };
          },
          after: async (session, context) => {
            // An account made before it kept a zone (or by Google) takes its browser's at a sign-in.
            await authRepository(kysely).recordSignIn(session.userId, new Date(), timeZoneFromCookieHeader(requestHeaders(context)?.get('cookie') ?? undefined));
            // Only a Google sign-in can make ADMIN_EMAIL's admin here: an account with a password
            // is never promoted by signing in (admin-email.ts), and without one, a session comes
            // from the provider, whose last ID token decides.
            if (config.adminEmail) await promoteByGoogle(db, config.adminEmail, session.userId);
            // Every sign-in through the school's provider is in the audit log: who, which
            // provider, and whether it was the account's first through it (decision 065).
            if (isSingleSignOnCallback(context)) {
              const first = ssoFirstSignIns.get(session.userId);
              ssoFirstSignIns.delete(session.userId);
              const [user, sso] = await Promise.all([auditRepository(kysely).userById(session.userId), singleSignOn.current()]);
              if (user) {
                await recordAudit(kysely, { kind: 'user', id: user.id, email: user.email, ip: requestHeaders(context)?.get(CLIENT_IP_HEADER) ?? null }, {
                  action: 'auth.sso_sign_in',
                  targetType: 'user',
                  targetId: user.id,
                  details: { email: user.email, provider: SSO_PROVIDER_ID, issuer: sso?.issuer ?? null, firstSignIn: first !== undefined, accountCreated: first?.accountCreated ?? false },
                }, new Date());
              }
            }
          },
        },
      },
    },
  });
  requestPasswordLink = (email) => auth.api.requestPasswordReset({ body: { email } });
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;

/** Whether a hook runs inside better-auth's callback from the school's provider. */
function isSingleSignOnCallback(context: { path?: string; params?: unknown } | null | undefined): boolean {
  return context?.path === '/callback/:id' && (context.params as { id?: unknown } | undefined)?.id === SSO_PROVIDER_ID;
}

/** The headers of the request behind a hook's call (none: a call made by the server itself). */
function requestHeaders(context: { headers?: Headers; request?: Request } | null | undefined): Headers | undefined {
  return context?.headers ?? context?.request?.headers;
}

/** The session token in the value of better-auth's session cookie (`token.signature`). */
function sessionToken(cookie: string): string | null {
  let value: string;
  try {
    value = decodeURIComponent(cookie);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf('.');
  return dot > 0 ? value.slice(0, dot) : null;
}

const REFUSED_IN_NAMES = new RegExp(NAME_REFUSED_CHARACTER.source, 'gu');

/**
 * A name from an identity provider as our rule of names (contract/users.ts) takes it: without the
 * characters a name may not hold, trimmed, cut to 100 characters, else the address's first part.
 */
export function providerName(name: unknown, email: unknown): string {
  const cut = (text: unknown) => (typeof text === 'string' ? text.slice(0, 4096).replace(REFUSED_IN_NAMES, '').trim().slice(0, NAME_MAX).trim() : '');
  return cut(name) || cut(typeof email === 'string' ? email.split('@')[0] : '') || 'StudyNest user';
}
