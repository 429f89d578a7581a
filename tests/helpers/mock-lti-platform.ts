// A learning platform for the LTI tests (docs/decisions/062-lti-tool.md, 068-lti-nrps.md), on its
// own port with its own key pair: its JWKS; its authorization endpoint, which answers a launch's
// login with a signed id_token (as JSON for an API test, or as a real platform's auto-submitted
// form post for a browser); a course page whose link starts the login; its token endpoint, which
// checks StudyNest's client assertion (client-credentials grant, Security Framework 4.1) against
// the JWKS StudyNest publishes; and its Names and Role Provisioning memberships, a page at a time
// linked by `Link: <…>; rel="next"` (`/nrps/loop` never ends). One mock, shared by lti-nrps,
// lti-launch and lti-roster.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalJWKSet, decodeProtectedHeader, exportJWK, generateKeyPair, jwtVerify, SignJWT, type JSONWebKeySet, type JWK } from 'jose';

export const LTI_CLAIM = 'https://purl.imsglobal.org/spec/lti/claim/';
export const NRPS_CLAIM = 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice';
export const NRPS_SCOPE = 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly';
export const NRPS_MEDIA = 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json';
/** The LIS membership roles' prefix (`${LIS_ROLE}Instructor`). */
export const LIS_ROLE = 'http://purl.imsglobal.org/vocab/lis/v2/membership#';

export interface NrpsMember {
  user_id: string;
  name: string;
  email?: string;
  roles: string[];
  status?: string;
}

/** Members as a platform lists them: Active unless said. */
export const nrpsMembers = (people: NrpsMember[]): NrpsMember[] => people.map((m) => ({ status: 'Active', ...m }));

export interface MockPlatformOptions {
  issuer: string;
  clientId: string;
  deployment: string;
  /** StudyNest's published keys, which a client assertion must be signed with. */
  toolJwks: () => Promise<JSONWebKeySet>;
  /** How the authorization endpoint answers: JSON `{ id_token, state }` (an API test posts it), or an auto-submitted form to the redirect URI (a browser). */
  authAnswer: 'json' | 'form';
  /** The host of its origin: another site than StudyNest's 127.0.0.1 (`localhost`) makes a browser's launch a cross-site post. */
  host?: '127.0.0.1' | 'localhost';
  /** The course the memberships are of, and their pages. */
  nrps?: { context: { id: string; title: string }; pages: NrpsMember[][] };
}

export interface MockPlatform {
  origin: string;
  /** What an admin registers for it (POST /api/admin/lti/platforms, or the lti_platform row's URLs). */
  registration: { issuer: string; clientId: string; deploymentIds: string[]; authUrl: string; tokenUrl: string; jwksUrl: string };
  /** The tool's link the course page's login names and the id_token's target_link_uri claim. */
  target: string;
  /** The next id_token's claims, over a Learner's resource-link launch of `target`. */
  claims: Record<string, unknown>;
  /** The course page (`/course`): a button, named this, that starts the login at StudyNest's `toolOrigin`. */
  course: { toolOrigin: string; loginHint: string; button: string } | null;
  /** When set, the token endpoint refuses a well-made request. */
  refuseToken: boolean;
  /** What it was asked. */
  seen: { tokenRequests: number; tokenRefusals: string[]; memberPages: number; accept: string; placed: Array<{ title: string; url: string }> };
  /** The access token it gives. */
  readonly token: string;
  close(): Promise<void>;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const KID = 'platform-key-1';

export async function startMockPlatform(options: MockPlatformOptions): Promise<MockPlatform> {
  const pair = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  const jtis = new Set<string>();

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://platform.local');
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
    const html = (body: string) =>
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width"><title>Course</title></head>${body}</html>`);
    if (url.pathname === '/jwks') return send(200, { keys: [jwk] });
    if (url.pathname === '/course' && platform.course) {
      const { toolOrigin, loginHint, button } = platform.course;
      return html(`<body><form method="post" action="${toolOrigin}/api/lti/login">
        <input type="hidden" name="iss" value="${escape(options.issuer)}"><input type="hidden" name="login_hint" value="${escape(loginHint)}">
        <input type="hidden" name="client_id" value="${escape(options.clientId)}"><input type="hidden" name="lti_deployment_id" value="${escape(options.deployment)}">
        <input type="hidden" name="target_link_uri" value="${escape(platform.target)}"><button>${escape(button)}</button></form></body>`);
    }
    if (url.pathname === '/auth') {
      void idToken(url.searchParams).then((token) => {
        const state = url.searchParams.get('state') ?? '';
        if (options.authAnswer === 'json') return send(200, { id_token: token, state });
        return html(`<body onload="document.forms[0].submit()"><form method="post" action="${escape(url.searchParams.get('redirect_uri') ?? '')}">
          <input type="hidden" name="id_token" value="${token}"><input type="hidden" name="state" value="${escape(state)}"></form></body>`);
      });
      return;
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => void tokenAnswer(body).then((answer) => send(answer.status, answer.body)));
      return;
    }
    // Deep Linking 2.0's return URL: the tool's signed LtiDeepLinkingResponse, checked with the tool's keys; the page says what was placed.
    if (url.pathname === '/deep-link-return' && req.method === 'POST') {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        void (async () => {
          try {
            const jwt = new URLSearchParams(body).get('JWT') ?? '';
            const { payload } = await jwtVerify(jwt, createLocalJWKSet(await options.toolJwks()), { algorithms: ['RS256'], issuer: options.clientId, audience: options.issuer });
            const items = (payload['https://purl.imsglobal.org/spec/lti-dl/claim/content_items'] ?? []) as Array<{ title: string; url: string }>;
            platform.seen.placed.push(...items);
            html(`<body><h1>Placed in the course</h1><ul>${items.map((i) => `<li><a href="${escape(i.url)}">${escape(i.title)}</a></li>`).join('')}</ul></body>`);
          } catch (error) {
            res.writeHead(400, { 'content-type': 'text/plain' }).end(`refused: ${String(error)}`);
          }
        })();
      });
      return;
    }
    if (url.pathname.startsWith('/nrps/') && options.nrps) {
      platform.seen.memberPages += 1;
      platform.seen.accept = req.headers.accept ?? '';
      if (req.headers.authorization !== `Bearer ${platform.token}`) return send(401, { error: 'unauthorized' });
      const { context, pages } = options.nrps;
      const page = Number(url.searchParams.get('page') ?? '1');
      const next = (path: string) => ({ link: `<${origin}${path}?page=${page + 1}>; rel="next", <${origin}${path}>; rel="first"` });
      if (url.pathname === '/nrps/loop') {
        return send(200, { id: url.href, context, members: nrpsMembers([{ user_id: `loop-${page}`, name: `Looping ${page}`, roles: ['Learner'] }]) }, { 'content-type': NRPS_MEDIA, ...next(url.pathname) });
      }
      return send(200, { id: url.href, context, members: pages[page - 1] ?? [] }, { 'content-type': NRPS_MEDIA, ...(page < pages.length && next(url.pathname)) });
    }
    res.writeHead(404).end();
  });

  async function idToken(query: URLSearchParams): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      iss: options.issuer,
      aud: query.get('client_id') ?? options.clientId,
      iat: now,
      exp: now + 300,
      nonce: query.get('nonce'),
      [`${LTI_CLAIM}deployment_id`]: options.deployment,
      [`${LTI_CLAIM}message_type`]: 'LtiResourceLinkRequest',
      [`${LTI_CLAIM}version`]: '1.3.0',
      [`${LTI_CLAIM}roles`]: [`${LIS_ROLE}Learner`],
      [`${LTI_CLAIM}resource_link`]: { id: 'link-1' },
      [`${LTI_CLAIM}target_link_uri`]: platform.target,
      ...platform.claims,
    })
      .setProtectedHeader({ alg: 'RS256', kid: KID, typ: 'JWT' })
      .sign(pair.privateKey);
  }

  /** The token endpoint: a client-credentials grant with a JWT client assertion signed by StudyNest's key. */
  async function tokenAnswer(body: string): Promise<{ status: number; body: unknown }> {
    platform.seen.tokenRequests += 1;
    const form = new URLSearchParams(body);
    const refuse = (why: string) => {
      platform.seen.tokenRefusals.push(why);
      return { status: 400, body: { error: 'invalid_client', error_description: why } };
    };
    if (form.get('grant_type') !== 'client_credentials') return refuse('grant_type');
    if (form.get('client_assertion_type') !== 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer') return refuse('client_assertion_type');
    if (form.get('scope') !== NRPS_SCOPE) return refuse('scope');
    const assertion = form.get('client_assertion') ?? '';
    try {
      const header = decodeProtectedHeader(assertion);
      const jwks = await options.toolJwks();
      if (!jwks.keys.some((k) => k.kid === header.kid)) return refuse('kid');
      const { payload } = await jwtVerify(assertion, createLocalJWKSet(jwks), { algorithms: ['RS256'], issuer: options.clientId, subject: options.clientId, audience: `${origin}/token` });
      if (typeof payload.jti !== 'string' || jtis.has(payload.jti)) return refuse('jti');
      jtis.add(payload.jti);
      if (!payload.exp || !payload.iat || payload.exp - payload.iat > 600) return refuse('exp');
    } catch (error) {
      return refuse(`signature: ${String(error)}`);
    }
    if (platform.refuseToken) return refuse('refused by the test');
    return { status: 200, body: { access_token: platform.token, token_type: 'Bearer', expires_in: 3600, scope: NRPS_SCOPE } };
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://${options.host ?? '127.0.0.1'}:${(server.address() as AddressInfo).port}`;
  const platform: MockPlatform = {
    origin,
    registration: { issuer: options.issuer, clientId: options.clientId, deploymentIds: [options.deployment], authUrl: `${origin}/auth`, tokenUrl: `${origin}/token`, jwksUrl: `${origin}/jwks` },
    target: '',
    claims: {},
    course: null,
    refuseToken: false,
    seen: { tokenRequests: 0, tokenRefusals: [], memberPages: 0, accept: '', placed: [] },
    token: 'access-token-42',
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return platform;
}

/** Its lti_platform row, for a browser test that registers it straight in the database (an API test posts `registration` as an admin). */
export function platformRow(platform: MockPlatform, name: string, id: string) {
  const { deploymentIds, ...urls } = platform.registration;
  return { id, name, ...urls, deploymentIds: deploymentIds.join(' '), servicesUrl: null, createdAt: new Date().toISOString() };
}

/** A port nothing listens on: a platform that cannot be reached. */
export async function closedPort(): Promise<number> {
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const port = (closed.address() as AddressInfo).port;
  await new Promise((resolve) => closed.close(resolve));
  return port;
}
