// The school's OpenID Connect provider as an admin sets it in the dashboard:
// GET/PUT/DELETE /api/admin/single-sign-on (docs/decisions/065-single-sign-on-settings.md). The
// client secret goes in, never out: answers say only whether one is kept.
import { z } from 'zod';
import { dateTime } from './common.ts';

export const SSO_LABEL_MAX = 40;
export const SSO_TEXT_MAX = 500;
export const SSO_DOMAINS_MAX = 50;

/** The roles a domain rule may give: never admin (admin comes only as before: decision 035). */
export const SSO_RULE_ROLES = ['student', 'tutor'] as const;

/** An email domain, lower-cased, without a leading `@`. */
export const ssoDomain = z
  .string()
  // As typed, before anything reads it: a domain is at most 253 characters (an `@` and spaces around it allowed).
  .max(256, 'errors.input.ssoDomain')
  .trim()
  .toLowerCase()
  .transform((domain) => domain.replace(/^@/, ''))
  .pipe(z.string().max(253, 'errors.input.ssoDomain').regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/, 'errors.input.ssoDomain'));

export const ssoDomainRole = z.object({
  domain: ssoDomain,
  role: z.enum(SSO_RULE_ROLES, 'errors.input.ssoRuleRole'),
});
export type SsoDomainRole = z.infer<typeof ssoDomainRole>;

export const updateSingleSignOnBody = z.object({
  /** The provider's issuer: its discovery document is `<issuer>/.well-known/openid-configuration`. */
  issuer: z.url({ protocol: /^https?$/, error: 'errors.input.ssoIssuer' }).max(SSO_TEXT_MAX, 'errors.input.ssoIssuer').transform((url) => url.replace(/\/$/, '')),
  clientId: z.string().trim().min(1, 'errors.input.ssoClientId').max(SSO_TEXT_MAX, 'errors.input.ssoClientId'),
  /** Empty or absent: keep the secret already kept (required when none is). */
  clientSecret: z.string().max(SSO_TEXT_MAX, 'errors.input.ssoClientSecret').optional(),
  /** Domains whose addresses may sign in through the provider; empty: any. */
  allowedDomains: z.array(ssoDomain).max(SSO_DOMAINS_MAX, 'errors.input.ssoTooManyDomains'),
  /** Domains whose addresses may not use a password. */
  requiredDomains: z.array(ssoDomain).max(SSO_DOMAINS_MAX, 'errors.input.ssoTooManyDomains'),
  buttonLabel: z.string().trim().min(1, 'errors.input.ssoLabel').max(SSO_LABEL_MAX, 'errors.input.ssoLabel'),
  /** An ID token claim whose value may make a first sign-in a tutor; empty: none. */
  roleClaim: z.string().trim().max(100, 'errors.input.ssoRoleClaim').optional(),
  /** The role a first sign-in from a domain gets (before the claim is read). */
  domainRoles: z.array(ssoDomainRole).max(SSO_DOMAINS_MAX, 'errors.input.ssoTooManyDomains'),
});
export type UpdateSingleSignOnInput = z.input<typeof updateSingleSignOnBody>;
export type UpdateSingleSignOn = z.output<typeof updateSingleSignOnBody>;

/** Where the settings in effect come from: the server's OIDC_* variables win over the dashboard's. */
export const SSO_SOURCES = ['environment', 'dashboard', 'none'] as const;

export const singleSignOnSettingsSchema = z.object({
  source: z.enum(SSO_SOURCES),
  issuer: z.string().nullable(),
  clientId: z.string().nullable(),
  /** Whether a client secret is kept (it is never shown). */
  clientSecretSet: z.boolean(),
  allowedDomains: z.array(z.string()),
  requiredDomains: z.array(z.string()),
  buttonLabel: z.string(),
  roleClaim: z.string().nullable(),
  domainRoles: z.array(z.object({ domain: z.string(), role: z.enum(SSO_RULE_ROLES) })),
  /** The address to register at the provider as this site's redirect URI. */
  redirectUri: z.string(),
  updatedAt: dateTime.nullable(),
});
export type SingleSignOnSettings = z.infer<typeof singleSignOnSettingsSchema>;
