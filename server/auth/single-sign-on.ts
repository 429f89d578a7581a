// Single sign-on with the school's own OpenID Connect provider (Entra ID, Google Workspace,
// Keycloak, Okta…), through better-auth's generic OAuth support: discovery, PKCE, `state`, and an
// ID token checked against the provider's JWKS (issuer, audience, expiry, signature) and bound to
// the request's `nonce`. Our rules on top: which addresses may come in, which must (no password),
// and the role a first sign-in gets. docs/decisions/058-single-sign-on.md.
import type { BetterAuthPlugin } from 'better-auth';
import type { GenericOAuthConfig } from 'better-auth/plugins';
import type { SingleSignOnConfig } from '#server/config.ts';
import { AppError } from '#server/errors.ts';
import { authRefusal } from './auth-answers.ts';
import { beforeEndpoints } from './before-endpoints.ts';
import type { SignUpRole } from './account-rules.ts';

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
    mapProfileToUser: (profile) => ({ name: providerName(profile.name, profile.email), role: roleFromClaim(profile, sso.roleClaim) }),
  };
}

/**
 * better-auth's `user.validateUserInfo` gate for the provider: an address outside
 * OIDC_ALLOWED_DOMAINS neither makes an account, nor links one, nor signs in.
 */
export function singleSignOnGate(sso: SingleSignOnConfig | undefined) {
  return (data: { user: { email?: unknown }; source: { method: string; oauth?: { providerId: string } } }) => {
    if (!sso || data.source.method !== 'oauth' || data.source.oauth?.providerId !== SSO_PROVIDER_ID) return;
    if (sso.allowedDomains.length > 0 && !sso.allowedDomains.includes(domainOf(data.user.email))) {
      return { error: DOMAIN_NOT_ALLOWED, errorDescription: 'This address may not sign in here.' };
    }
  };
}

/** Refuses a password sign-in or sign-up for an address of OIDC_REQUIRED_DOMAINS: those sign in through the provider. */
export function requiredSingleSignOn(sso: SingleSignOnConfig | undefined): BetterAuthPlugin[] {
  if (!sso || sso.requiredDomains.length === 0) return [];
  return [
    beforeEndpoints('studynest-required-sso', { '/sign-in/email': true, '/sign-up/email': true }, (_path, body) => {
      const email = body && typeof body === 'object' ? (body as Record<string, unknown>).email : undefined;
      if (sso.requiredDomains.includes(domainOf(email))) {
        throw authRefusal('FORBIDDEN', 'SSO_REQUIRED', new AppError(403, { key: 'errors.auth.ssoRequired', values: { label: sso.buttonLabel } }));
      }
    }),
  ];
}
