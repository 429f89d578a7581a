// Single sign-on with the school's own OpenID Connect provider (Entra ID, Google Workspace,
// Keycloak, Okta…), through better-auth's generic OAuth support: discovery, PKCE, `state`, and an
// ID token checked against the provider's JWKS (issuer, audience, expiry, signature) and bound to
// the request's `nonce`. Our rules on top: which addresses may come in, which must (no password),
// and the role a first sign-in gets. docs/decisions/058-single-sign-on.md.
import { setTimeout as sleep } from 'node:timers/promises';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { genericOAuth, type GenericOAuthConfig } from 'better-auth/plugins/generic-oauth';
import type { SingleSignOnConfig } from '#server/config.ts';
import { AppError } from '#server/errors.ts';
import { authRefusal } from './auth-answers.ts';
import { beforeEndpoints } from './before-endpoints.ts';
import type { SignUpRole } from './account-rules.ts';
import type { SingleSignOnSource } from './single-sign-on-settings.ts';

/** better-auth's id for the provider: its callback is /api/auth/callback/oidc. */
export const SSO_PROVIDER_ID = 'oidc';

/** Where a refused sign-in lands: the login page, which says why (`error` is added by better-auth). */
export const SSO_ERROR_LANDING = '/login?sso=failed';

/** The code a sign-in from an address outside OIDC_ALLOWED_DOMAINS is refused with. */
export const DOMAIN_NOT_ALLOWED = 'domain_not_allowed';

/** What a role claim may say to make a tutor; anything else, admin included, makes a student. */
const TUTOR_VALUES = new Set(['tutor', 'teacher', 'instructor', 'faculty', 'staff']);

/** The lower-cased domain of an address ('' when it has none). */
export function domainOf(email: unknown): string {
  if (typeof email !== 'string') return '';
  const at = email.lastIndexOf('@');
  return at === -1 ? '' : email.slice(at + 1).trim().toLowerCase();
}

/** The role a first sign-in gets from the role claim: tutor when it says so, else student; never admin. */
export function roleFromClaim(profile: Record<string, unknown>, claim: string | undefined): SignUpRole {
  if (!claim) return 'student';
  const value = profile[claim];
  const values = Array.isArray(value) ? value : [value];
  return values.some((v) => typeof v === 'string' && TUTOR_VALUES.has(v.trim().toLowerCase())) ? 'tutor' : 'student';
}

/**
 * The role a first sign-in gets: the rule of its address's domain when there is one (a subdomain
 * is not its parent), else the role claim's; student or tutor, never admin.
 */
export function roleOfFirstSignIn(profile: Record<string, unknown>, sso: Pick<SingleSignOnConfig, 'roleClaim' | 'domainRoles'>): SignUpRole {
  const domain = domainOf(profile.email);
  const rule = sso.domainRoles.find((r) => r.domain === domain);
  if (rule) return rule.role === 'tutor' ? 'tutor' : 'student';
  return roleFromClaim(profile, sso.roleClaim);
}

/** The provider's entry for better-auth's generic OAuth plugin. */
export function singleSignOnProvider(sso: SingleSignOnConfig, providerName: (name: unknown, email: unknown) => string): GenericOAuthConfig {
  return {
    providerId: SSO_PROVIDER_ID,
    name: sso.buttonLabel,
    clientId: sso.clientId,
    clientSecret: sso.clientSecret,
    discoveryUrl: `${sso.issuer}/.well-known/openid-configuration`,
    scopes: ['openid', 'email', 'profile'],
    pkce: true,
    // Without an issuer and JWKS from discovery the provider is not offered at all: an ID token
    // taken unchecked would let anyone who can answer the token request name any address.
    requireIdTokenVerification: true,
    // The mapped fields are all a new account takes from the provider (the raw claims are not
    // read as account fields): its name, kept to our rule of names, and the role from the claim.
    // An existing account keeps its own (better-auth's overrideUserInfo stays off).
    mapProfileToUser: (profile) => ({ name: providerName(profile.name, profile.email), role: roleOfFirstSignIn(profile, sso) }),
  };
}

/**
 * better-auth's `user.validateUserInfo` gate for the provider: an address outside
 * OIDC_ALLOWED_DOMAINS neither makes an account, nor links one, nor signs in.
 */
export function singleSignOnGate(settings: SingleSignOnSource) {
  return async (data: { user: { email?: unknown }; source: { method: string; oauth?: { providerId: string } } }) => {
    if (data.source.method !== 'oauth' || data.source.oauth?.providerId !== SSO_PROVIDER_ID) return;
    const sso = await settings.current();
    // Settings removed during a sign-in: nobody comes in through a provider no longer configured.
    if (!sso) return { error: 'provider_unavailable', errorDescription: 'Single sign-on is not configured.' };
    if (sso.allowedDomains.length > 0 && !sso.allowedDomains.includes(domainOf(data.user.email))) {
      return { error: DOMAIN_NOT_ALLOWED, errorDescription: 'This address may not sign in here.' };
    }
  };
}

/** Refuses a password sign-in or sign-up for an address of OIDC_REQUIRED_DOMAINS: those sign in through the provider. */
export function requiredSingleSignOn(settings: SingleSignOnSource): BetterAuthPlugin[] {
  return [
    beforeEndpoints('studynest-required-sso', { '/sign-in/email': true, '/sign-up/email': true }, async (_path, body) => {
      const email = body && typeof body === 'object' ? (body as Record<string, unknown>).email : undefined;
      const sso = await settings.current();
      if (sso?.requiredDomains.includes(domainOf(email))) {
        throw authRefusal('FORBIDDEN', 'SSO_REQUIRED', new AppError(403, { key: 'errors.auth.ssoRequired', values: { label: sso.buttonLabel } }));
      }
    }),
  ];
}

/** The provider as better-auth's generic OAuth plugin built it from one version of the settings. */
type BuiltProvider = { id: string } & Record<string, unknown>;

/**
 * The provider `oidc` among better-auth's social providers, built from the settings in effect
 * (settings.current()) when a sign-in starts or comes back, and built again when they changed: the
 * generic OAuth plugin builds its providers (discovery, JWKS) once, at start, from settings it is
 * given then; this plugin hands it the current ones, so that an admin's change in the dashboard
 * takes effect without a restart (docs/decisions/065-single-sign-on-settings.md). Every check of
 * the ID token stays the plugin's own.
 */
export function singleSignOnPlugin(settings: SingleSignOnSource, providerName: (name: unknown, email: unknown) => string, discoveryTimeoutMs: number): BetterAuthPlugin {
  let authContext: Record<string, unknown> | undefined;
  let built: { key: string; provider: BuiltProvider } | undefined;
  // better-auth finds the provider by its id in its list; each of its other fields is the one of
  // the provider built for the settings in effect (the hook below builds it before it is read).
  const provider = new Proxy({ id: SSO_PROVIDER_ID }, {
    get: (target, key) => (key === 'id' ? target.id : built?.provider[key as string]),
    has: (_target, key) => key === 'id' || (built !== undefined && key in built.provider),
  });

  /** Builds the provider for `sso` unless it is already built for them; false when its discovery failed. */
  async function build(sso: SingleSignOnConfig): Promise<boolean> {
    const key = JSON.stringify(sso);
    if (built?.key === key) return true;
    const plugin = genericOAuth({ config: [singleSignOnProvider(sso, providerName)] });
    // The plugin's discovery has no time limit of its own: a provider that takes the connection and
    // never answers is, after discoveryTimeoutMs, one that could not be reached (its request is
    // left to end by itself; a later sign-in tries again).
    const waited = new AbortController();
    const timedOut = sleep(discoveryTimeoutMs, undefined, { signal: waited.signal }).catch(() => undefined);
    const result = (await Promise.race([plugin.init!({ ...authContext, socialProviders: [] } as never), timedOut]).finally(() => waited.abort())) as unknown as
      | { context?: { socialProviders?: BuiltProvider[] } }
      | undefined;
    const made = result?.context?.socialProviders?.find((p) => p.id === SSO_PROVIDER_ID);
    // Discovery failed (better-auth logged why): tried again at the next sign-in.
    if (!made) return false;
    built = { key, provider: made };
    return true;
  }

  const requested = (ctx: { path?: string; body?: unknown; params?: unknown }) => {
    if (ctx.path === '/sign-in/social') return (ctx.body as { provider?: unknown } | undefined)?.provider;
    if (ctx.path === '/callback/:id') return (ctx.params as { id?: unknown } | undefined)?.id;
    return undefined;
  };

  return {
    id: 'studynest-single-sign-on',
    init: (ctx) => {
      authContext = ctx as unknown as Record<string, unknown>;
      return { context: { socialProviders: [provider as never, ...ctx.socialProviders] } };
    },
    hooks: {
      before: [
        {
          matcher: (ctx) => requested(ctx) === SSO_PROVIDER_ID,
          handler: createAuthMiddleware(async (ctx) => {
            const sso = await settings.current();
            if (sso && (await build(sso))) return;
            if (!sso) built = undefined;
            if (ctx.path === '/callback/:id') throw ctx.redirect(`${SSO_ERROR_LANDING}&error=provider_unavailable`);
            throw new APIError('NOT_FOUND', { message: 'Single sign-on is not available' });
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
