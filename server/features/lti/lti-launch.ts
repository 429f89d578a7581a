// The checks of a launch's id_token (IMS Security Framework 5.1.3, LTI 1.3 Core 5.3), in the order
// the specs give them, each refusal with its own reason. docs/decisions/062-lti-tool.md.
import { createRemoteJWKSet, decodeProtectedHeader, errors, jwtVerify, type JWTPayload } from 'jose';
import type { LtiPlatformTable } from '#server/db/schema.ts';

export const LTI_CLAIM = 'https://purl.imsglobal.org/spec/lti/claim/';
export const LTI_VERSION = '1.3.0';
export const RESOURCE_LINK_REQUEST = 'LtiResourceLinkRequest';
export const DEEP_LINKING_REQUEST = 'LtiDeepLinkingRequest';
const MEMBERSHIP = 'http://purl.imsglobal.org/vocab/lis/v2/membership#';
/** How far a platform's clock may be from ours. */
const CLOCK_TOLERANCE_S = 30;

/** Why a launch was refused: each has its words (i18n server catalogue `lti.refused.<reason>`) and its status. */
export type LaunchRefusal =
  | 'missingToken'
  | 'unknownState'
  | 'unsigned'
  | 'badSignature'
  | 'keysUnavailable'
  | 'wrongIssuer'
  | 'wrongAudience'
  | 'expired'
  | 'wrongNonce'
  | 'wrongDeployment'
  | 'wrongMessageType'
  | 'wrongVersion'
  | 'noSubject'
  | 'unknownPlatform'
  | 'missingLoginParameters'
  | 'blocked'
  | 'deepLinkingSettings'
  | 'instructorsOnly';

export class LaunchRefused extends Error {
  constructor(readonly reason: LaunchRefusal, readonly status: 400 | 401 | 403 = 401) {
    super(`LTI launch refused: ${reason}`);
  }
}

/** What a checked launch says about its user and where they go. */
export interface CheckedLaunch {
  sub: string;
  email: string | undefined;
  name: string | undefined;
  roles: string[];
  targetLinkUri: string | undefined;
  deploymentId: string;
  /** Where the platform shows the tool (`launch_presentation.document_target`): iframe, window or frame. */
  documentTarget: string | undefined;
  /** A Deep Linking request's settings: where to send the pick, and the platform's data to send back. */
  deepLinking: { returnUrl: string; data: string | undefined } | undefined;
  /** The course launched from (`context` claim), with its Names and Role service when the platform offers it (docs/decisions/068-lti-nrps.md). */
  context: LaunchContext | undefined;
}

export interface LaunchContext {
  id: string;
  title: string | undefined;
  /** NRPS 2.0 claim `namesroleservice`: where the course's members are read, and the versions offered. */
  membershipsUrl: string | undefined;
  serviceVersions: string[];
}

export const NRPS_CLAIM = 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice';

/** The `context` and NRPS claims; a context id of more than 255 characters (LTI 1.3 Core 5.4.1) or a memberships URL that is not http(s) is ignored. */
function contextOf(claims: JWTPayload): LaunchContext | undefined {
  const context = claims[`${LTI_CLAIM}context`] as Record<string, unknown> | undefined;
  const id = context?.id;
  if (typeof id !== 'string' || id.length === 0 || id.length > 255) return undefined;
  const service = claims[NRPS_CLAIM] as Record<string, unknown> | undefined;
  const url = typeof service?.context_memberships_url === 'string' && /^https?:\/\//.test(service.context_memberships_url) && service.context_memberships_url.length <= 2000 ? service.context_memberships_url : undefined;
  const versions = Array.isArray(service?.service_versions) ? service.service_versions.filter((v): v is string => typeof v === 'string' && /^[\w.]{1,10}$/.test(v)).slice(0, 10) : [];
  const title = typeof context?.title === 'string' && context.title.trim() ? context.title.trim().slice(0, 255) : undefined;
  return { id, title, membershipsUrl: url, serviceVersions: versions };
}

/** One key set per JWKS URL, kept by the process (jose refetches it when a new `kid` is seen). */
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
function keySetOf(url: string) {
  let set = keySets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url), { timeoutDuration: 5000 });
    keySets.set(url, set);
  }
  return set;
}

/** The id_token of a launch to `platform`, expected to carry `nonce`: its claims once every check holds. */
export async function checkLaunchToken(idToken: string, platform: LtiPlatformTable, nonce: string, now: Date): Promise<CheckedLaunch> {
  // LTI asks for RS256: `none` (unsigned) or any other algorithm is refused before any key is read.
  let alg: unknown;
  try {
    alg = decodeProtectedHeader(idToken).alg;
  } catch {
    throw new LaunchRefused('unsigned', 400);
  }
  if (alg !== 'RS256') throw new LaunchRefused('unsigned');

  let claims: JWTPayload;
  try {
    ({ payload: claims } = await jwtVerify(idToken, keySetOf(platform.jwksUrl), { algorithms: ['RS256'], currentDate: now, clockTolerance: CLOCK_TOLERANCE_S }));
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw new LaunchRefused('expired');
    if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid || (error instanceof Error && error.name === 'TypeError')) throw new LaunchRefused('keysUnavailable', 400);
    if (error instanceof errors.JWTClaimValidationFailed) throw new LaunchRefused('expired');
    throw new LaunchRefused('badSignature');
  }
  if (claims.exp === undefined) throw new LaunchRefused('expired');
  if (claims.iss !== platform.issuer) throw new LaunchRefused('wrongIssuer');
  const audiences = typeof claims.aud === 'string' ? [claims.aud] : Array.isArray(claims.aud) ? claims.aud : [];
  if (!audiences.includes(platform.clientId)) throw new LaunchRefused('wrongAudience');
  // Several audiences: the authorized party must be us; one named anyway must be us too.
  if ((audiences.length > 1 || claims.azp !== undefined) && claims.azp !== platform.clientId) throw new LaunchRefused('wrongAudience');
  if (claims.nonce !== nonce) throw new LaunchRefused('wrongNonce');
  const deployment = claims[`${LTI_CLAIM}deployment_id`];
  if (typeof deployment !== 'string' || !platform.deploymentIds.split(' ').includes(deployment)) throw new LaunchRefused('wrongDeployment');
  const messageType = claims[`${LTI_CLAIM}message_type`];
  if (messageType !== RESOURCE_LINK_REQUEST && messageType !== DEEP_LINKING_REQUEST) throw new LaunchRefused('wrongMessageType');
  if (claims[`${LTI_CLAIM}version`] !== LTI_VERSION) throw new LaunchRefused('wrongVersion');
  if (typeof claims.sub !== 'string' || claims.sub.length === 0 || claims.sub.length > 255) throw new LaunchRefused('noSubject');

  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
  let deepLinking: CheckedLaunch['deepLinking'];
  if (messageType === DEEP_LINKING_REQUEST) {
    // Deep Linking 2.0, 4.4.1: where the pick goes, and that a link to a resource may be picked.
    const settings = claims['https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings'] as Record<string, unknown> | undefined;
    const returnUrl = text(settings?.deep_link_return_url);
    const accepts = Array.isArray(settings?.accept_types) ? settings.accept_types : [];
    if (!returnUrl || !/^https?:\/\//.test(returnUrl) || !accepts.includes('ltiResourceLink')) throw new LaunchRefused('deepLinkingSettings', 400);
    deepLinking = { returnUrl, data: typeof settings?.data === 'string' ? settings.data : undefined };
  }
  const roles = claims[`${LTI_CLAIM}roles`];
  const given = [text(claims.given_name), text(claims.family_name)].filter(Boolean).join(' ');
  return {
    sub: claims.sub,
    email: text(claims.email),
    name: text(claims.name) ?? (given || undefined),
    roles: Array.isArray(roles) ? roles.filter((role): role is string => typeof role === 'string') : [],
    targetLinkUri: text(claims[`${LTI_CLAIM}target_link_uri`]),
    deploymentId: deployment,
    documentTarget: text((claims[`${LTI_CLAIM}launch_presentation`] as Record<string, unknown> | undefined)?.document_target),
    deepLinking,
    context: contextOf(claims),
  };
}

/**
 * The role a first launch gives the account: tutor for a context's Instructor, student for anyone
 * else (a Learner, a Mentor…). Never admin, whatever the platform says (an institution's
 * Administrator included).
 */
export function roleOfLaunch(roles: string[]): 'student' | 'tutor' {
  return roles.some(isInstructorRole) ? 'tutor' : 'student';
}

/** A context's Instructor role (full, short, or a sub-role of it). */
export function isInstructorRole(role: string): boolean {
  return role === `${MEMBERSHIP}Instructor` || role === 'Instructor' || role.startsWith(`${MEMBERSHIP}Instructor#`);
}

/** Where a launch lands: a session's, a tutor's or a series' page, or All Sessions (with its query), never anything else. */
export function landingOf(target: string | undefined, origin: string): string {
  const fallback = '/all-sessions';
  if (!target) return fallback;
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return fallback;
  }
  if (url.origin !== origin) return fallback;
  if (/^\/(session|tutors|series)\/[A-Za-z0-9_-]{1,64}$/.test(url.pathname)) return url.pathname;
  if (url.pathname === '/all-sessions') return `/all-sessions${url.search}`;
  return fallback;
}
