// Names and Role Provisioning Services 2.0 as a tool calls them (docs/decisions/068-lti-nrps.md):
// an access token from the platform's token URL by the client-credentials grant with a JWT
// client assertion signed with StudyNest's key (IMS Security Framework 4.1), then the course's
// memberships, page after page (NRPS 2.0: `Link: <…>; rel="next"`). Every request has a time
// limit, follows no redirect, and goes only to the origins of the platform's registered URLs.
import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import type { LtiPlatformTable } from '#server/db/schema.ts';
import { AppError, badRequest } from '#server/errors.ts';
import { TOOL_KEY_ALG, type ToolKey } from './lti-tool-key.ts';

export const NRPS_SCOPE = 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly';
export const NRPS_MEDIA_TYPE = 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json';
const JWT_BEARER = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
/** Each request to the platform: a platform that does not answer in this time is one that cannot be reached. */
const REQUEST_TIMEOUT_MS = 10_000;
/** Pages read at most: a platform linking to a next page forever is read this far, not forever. */
export const MAX_PAGES = 20;
/** Members kept at most, whatever the pages hold. */
const MAX_MEMBERS = 5000;
/** A body larger than this is not a page of members we read. */
const MAX_BODY_BYTES = 5 * 1024 * 1024;
/** The client assertion's lifetime: long enough for the platform to check it, no longer. */
const ASSERTION_TTL_S = 300;

export interface Member {
  userId: string;
  name: string;
  email: string | null;
  roles: string[];
  status: string;
}

const unreachable = () => new AppError(502, 'errors.lti.platformUnreachable');
const tokenRefused = () => new AppError(502, 'errors.lti.tokenRefused');
const membersRefused = () => new AppError(502, 'errors.lti.membersRefused');

/** The origins StudyNest may call for this platform: those of the URLs an admin registered (its services address included). */
export function platformOrigins(platform: LtiPlatformTable): Set<string> {
  const origins = new Set<string>();
  for (const url of [platform.issuer, platform.authUrl, platform.tokenUrl, platform.jwksUrl, ...(platform.servicesUrl ? [platform.servicesUrl] : [])]) {
    try {
      origins.add(new URL(url).origin);
    } catch {
      // An issuer need not be a URL; it then names no origin.
    }
  }
  return origins;
}

/** `url` when it is http(s) on one of the platform's registered origins; a 400 otherwise (no request is made). */
export function onPlatform(platform: LtiPlatformTable, url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw badRequest('errors.lti.membershipsOffPlatform');
  }
  if ((parsed.protocol !== 'https:' && parsed.protocol !== 'http:') || parsed.username || parsed.password || !platformOrigins(platform).has(parsed.origin)) throw badRequest('errors.lti.membershipsOffPlatform');
  return parsed;
}

async function call(url: string | URL, init: RequestInit): Promise<Response> {
  try {
    // No redirect: a redirect could lead anywhere, off the platform's origins.
    return await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch {
    throw unreachable();
  }
}

/**
 * The answer's JSON, read as it streams in and given up past MAX_BODY_BYTES: a Content-Length can be
 * absent or untrue, and reading the whole body first would hold all of it in memory.
 */
async function jsonOf(res: Response): Promise<unknown> {
  const length = Number(res.headers.get('content-length') ?? '0');
  if (length > MAX_BODY_BYTES || !res.body) {
    await res.body?.cancel().catch(() => undefined);
    return undefined;
  }
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = res.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      if (received > MAX_BODY_BYTES) {
        await reader.cancel().catch(() => undefined);
        return undefined;
      }
      chunks.push(value);
    }
  } catch {
    throw unreachable();
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** An access token for the memberships scope (Security Framework 4.1, client-credentials grant with a signed JWT). */
export async function serviceToken(platform: LtiPlatformTable, key: ToolKey, now: Date): Promise<string> {
  const seconds = Math.floor(now.getTime() / 1000);
  const assertion = await new SignJWT({})
    .setProtectedHeader({ alg: TOOL_KEY_ALG, kid: key.kid, typ: 'JWT' })
    .setIssuer(platform.clientId)
    .setSubject(platform.clientId)
    .setAudience(platform.tokenUrl)
    .setIssuedAt(seconds)
    .setExpirationTime(seconds + ASSERTION_TTL_S)
    .setJti(randomBytes(18).toString('base64url'))
    .sign(key.privateKey);
  const res = await call(platform.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_assertion_type: JWT_BEARER, client_assertion: assertion, scope: NRPS_SCOPE }).toString(),
  });
  const body = (await jsonOf(res)) as { access_token?: unknown; token_type?: unknown; scope?: unknown } | undefined;
  if (res.status !== 200 || typeof body?.access_token !== 'string' || !body.access_token) throw tokenRefused();
  if (typeof body.token_type === 'string' && body.token_type.toLowerCase() !== 'bearer') throw tokenRefused();
  // A token granted for other scopes only is a refusal of ours (RFC 6749 5.1: scope sent when it differs).
  if (typeof body.scope === 'string' && !body.scope.split(' ').includes(NRPS_SCOPE)) throw tokenRefused();
  return body.access_token;
}

/** The `rel="next"` URL of a Link header (RFC 8288), if any. */
export function nextLink(header: string | null): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(/,(?=\s*<)/)) {
    const match = /^\s*<([^>]*)>(.*)$/.exec(part);
    if (!match) continue;
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,]+))/i.exec(match[2]!);
    if ((rel?.[1] ?? rel?.[2] ?? '').split(/\s+/).includes('next')) return match[1];
  }
  return undefined;
}

const text = (value: unknown, max: number) => (typeof value === 'string' && value.trim() ? value.trim().slice(0, max) : null);

function membersOf(body: unknown): Member[] {
  const list = (body as { members?: unknown } | undefined)?.members;
  if (!Array.isArray(list)) throw membersRefused();
  const members: Member[] = [];
  for (const item of list as Record<string, unknown>[]) {
    const userId = text(item?.user_id, 255);
    if (!userId) continue;
    const given = [text(item.given_name, 100), text(item.family_name, 100)].filter(Boolean).join(' ');
    members.push({
      userId,
      name: text(item.name, 200) ?? (given || userId),
      email: text(item.email, 320),
      roles: Array.isArray(item.roles) ? item.roles.filter((r): r is string => typeof r === 'string').slice(0, 20) : [],
      status: text(item.status, 20) ?? 'Active',
    });
  }
  return members;
}

/** Every member of the course (NRPS 2.0), page after page, at most MAX_PAGES pages, each on the platform's origins. */
export async function fetchMembers(platform: LtiPlatformTable, membershipsUrl: string, token: string): Promise<{ members: Member[]; pages: number; truncated: boolean }> {
  let url: URL | undefined = onPlatform(platform, membershipsUrl);
  const members: Member[] = [];
  const seen = new Set<string>();
  let pages = 0;
  while (url && pages < MAX_PAGES && members.length < MAX_MEMBERS) {
    const res = await call(url, { headers: { accept: NRPS_MEDIA_TYPE, authorization: `Bearer ${token}` } });
    pages += 1;
    if (res.status !== 200) {
      await res.body?.cancel().catch(() => undefined);
      throw membersRefused();
    }
    for (const member of membersOf(await jsonOf(res))) {
      if (seen.has(member.userId)) continue;
      seen.add(member.userId);
      members.push(member);
    }
    const next = nextLink(res.headers.get('link'));
    url = next ? onPlatform(platform, new URL(next, url).href) : undefined;
  }
  return { members: members.slice(0, MAX_MEMBERS), pages, truncated: url !== undefined };
}
