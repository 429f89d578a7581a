// LTI 1.3 (docs/decisions/062-lti-tool.md): the platforms an admin registers, the
// third-party-initiated login, and the launch that signs its user in.
import { randomBytes } from 'node:crypto';
import { isAPIError } from 'better-auth/api';
import { SignJWT } from 'jose';
import type { CreateLtiPlatformInput, LtiCourse, LtiCourseList, LtiDeepLink, LtiDeepLinkPick, LtiPlatform, LtiPlatformList, LtiRoster, LtiToolSettings } from '#contract/lti.ts';
import { actorOf, recordAudit } from '#server/audit/audit-log.ts';
import { providerName } from '#server/auth/auth.ts';
import type { CurrentUser } from '#server/auth/current-user.ts';
import type { CoreDeps } from '#server/core-deps.ts';
import type { LtiPlatformTable } from '#server/db/schema.ts';
import { badRequest, conflict, notFound } from '#server/errors.ts';
import { newId } from '#server/ids.ts';
import { checkLaunchToken, isInstructorRole, landingOf, LaunchRefused, LTI_CLAIM, LTI_VERSION, roleOfLaunch, type LaunchContext } from './lti-launch.ts';
import { fetchMembers, onPlatform, serviceToken } from './lti-nrps.ts';
import { ltiRepository } from './lti-repository.ts';
import { TOOL_KEY_ALG, toolKeyStore } from './lti-tool-key.ts';

export const LTI_LOGIN_PATH = '/api/lti/login';
export const LTI_LAUNCH_PATH = '/api/lti/launch';
export const LTI_JWKS_PATH = '/api/lti/jwks';
/** How long a login waits for its launch. */
const LOGIN_TTL_MS = 10 * 60 * 1000;
/** How long an instructor has to pick what to place in the course. */
const DEEP_LINK_TTL_MS = 60 * 60 * 1000;
/** How long a launch checked inside an iframe waits to continue in its own window. */
const CONTINUE_TTL_MS = 2 * 60 * 1000;
export const LTI_CONTINUE_PATH = '/api/lti/continue';
/** Where an instructor's Deep Linking launch lands: the page to pick a session. */
export const deepLinkPage = (id: string) => `/dashboard/lti-deep-link/${id}`;

const platformOf = (row: LtiPlatformTable): LtiPlatform => ({ ...row, deploymentIds: row.deploymentIds.split(' ').filter(Boolean) });

/** A checked launch, as kept while it continues in a window of its own. */
interface CheckedLaunchToSignIn {
  sub: string;
  email: string | undefined;
  name: string;
  role: 'student' | 'tutor';
  targetLinkUri: string | undefined;
  deploymentId: string;
  deepLinking: { returnUrl: string; data: string | undefined } | null;
  /** The course launched from (docs/decisions/068-lti-nrps.md); a launch with `role` tutor was its Instructor's. */
  context?: LaunchContext | null;
}

export type LtiService = ReturnType<typeof ltiService>;

/** A series as the Deep Linking page lists it (counts read back as numbers on PostgreSQL too). */
function seriesToPlaceOf(row: { seriesId: string | null; title: string; classCount: number | string; firstClassStartDate: string }): LtiDeepLink['series'][number] {
  return { id: row.seriesId ?? '', title: row.title, classCount: Number(row.classCount), firstClassStartDate: row.firstClassStartDate };
}

export function ltiService(deps: CoreDeps) {
  const platforms = ltiRepository(deps.db.kysely);
  const keys = toolKeyStore(deps);
  const origin = new URL(deps.config.baseUrl).origin;
  const tool: LtiToolSettings = {
    targetLinkUri: `${origin}/all-sessions`,
    loginUrl: `${origin}${LTI_LOGIN_PATH}`,
    launchUrl: `${origin}${LTI_LAUNCH_PATH}`,
    jwksUrl: `${origin}${LTI_JWKS_PATH}`,
  };

  async function signIn(platform: LtiPlatformTable, launch: CheckedLaunchToSignIn, ip: string | null, headers: Headers, now: Date): Promise<{ location: string; cookies: string[] }> {
    let signedIn: { headers: Headers; response: { userId: string; created: boolean } };
    try {
      signedIn = await deps.auth.api.ltiSignIn({
        body: { platformId: platform.id, sub: launch.sub, email: launch.email, name: launch.name, role: launch.role },
        headers,
        returnHeaders: true,
      });
    } catch (error) {
      if (isAPIError(error) && error.statusCode === 403) throw new LaunchRefused('blocked', 403);
      throw error;
    }
    const { userId, created } = signedIn.response;
    const user = await deps.db.kysely.selectFrom('user').select(['email', 'role']).where('id', '=', userId).executeTakeFirstOrThrow();
    await recordAudit(deps.db.kysely, { kind: 'user', id: userId, email: user.email, ip }, {
      action: 'auth.lti_sign_in',
      targetType: 'user',
      targetId: userId,
      details: { email: user.email, platform: platform.name, issuer: platform.issuer, created, role: user.role },
    }, now);
    if (launch.context) await keepCourse(platform, launch.context, userId, launch.role === 'tutor' && user.role === 'tutor', now);
    const cookies = signedIn.headers.getSetCookie();
    if (!launch.deepLinking) return { location: landingOf(launch.targetLinkUri, origin), cookies };
    // An account that was a student before stays one (decision 062): it places nothing.
    if (user.role !== 'tutor' && user.role !== 'admin') throw new LaunchRefused('instructorsOnly', 403);
    const id = newId(now.getTime());
    await platforms.insertDeepLink({ id, platformId: platform.id, userId, deploymentId: launch.deploymentId, returnUrl: launch.deepLinking.returnUrl, data: launch.deepLinking.data ?? null, expiresAt: new Date(now.getTime() + DEEP_LINK_TTL_MS).toISOString() });
    return { location: deepLinkPage(id), cookies };
  }

  /**
   * The course of a launch, with its memberships URL, kept; its Instructor (a tutor account
   * launching with an Instructor role) recorded as one who may import its roster.
   */
  async function keepCourse(platform: LtiPlatformTable, context: LaunchContext, userId: string, instructor: boolean, now: Date): Promise<void> {
    const at = now.toISOString();
    const id = await platforms.keepContext({ id: newId(now.getTime()), platformId: platform.id, contextId: context.id, title: context.title ?? null, membershipsUrl: context.membershipsUrl ?? null, serviceVersions: context.serviceVersions.join(' '), updatedAt: at });
    if (instructor) await platforms.keepInstructor(id, userId, at);
  }

  const courseOf = (row: { id: string; contextId: string; title: string | null; membershipsUrl: string | null; platform: string; launchedAt: string }): LtiCourse => ({
    id: row.id,
    title: row.title ?? row.contextId,
    platform: row.platform,
    rosterAvailable: row.membershipsUrl !== null,
    launchedAt: row.launchedAt,
  });

  return {
    /** The courses the caller launched StudyNest from as Instructor. */
    async courses(me: CurrentUser): Promise<LtiCourseList> {
      return { items: (await platforms.coursesOf(me.id)).map(courseOf) };
    },

    /**
     * The roster of a course the caller launched from as Instructor, read from its platform (NRPS
     * 2.0), each member matched to an account by the launch's link, else by email, with whether
     * they booked one of the caller's sessions. Audited: who fetched which course, how many members.
     */
    async importRoster(me: CurrentUser, courseId: string, ip: string | null): Promise<LtiRoster> {
      const row = await platforms.courseOf(me.id, courseId);
      const platform = row && (await platforms.findPlatform(row.platformId));
      if (!row || !platform) throw notFound('errors.lti.courseNotFound');
      if (!row.membershipsUrl) throw badRequest('errors.lti.noRosterService');
      // Checked before any request: not even the token is asked for a URL off the platform.
      onPlatform(platform, row.membershipsUrl);
      const now = deps.now();
      const token = await serviceToken(platform, await keys.key(), now);
      const { members, pages, truncated } = await fetchMembers(platform, row.membershipsUrl, token);
      const linked = new Map((await platforms.linkedAccounts(platform.id, members.map((m) => m.userId))).map((a) => [a.accountId, a.userId]));
      const emails = [...new Set(members.flatMap((m) => (m.email ? [m.email.toLowerCase()] : [])))];
      const byEmail = new Map((await platforms.accountsByEmail(emails)).map((u) => [u.email.toLowerCase(), u.id]));
      const accountOf = (m: (typeof members)[number]) => linked.get(m.userId) ?? (m.email ? byEmail.get(m.email.toLowerCase()) : undefined);
      const accounts = [...new Set(members.map(accountOf).filter((id): id is string => id !== undefined))];
      const booked = await platforms.bookedWith(me.id, accounts);
      const course = courseOf(row);
      await recordAudit(deps.db.kysely, actorOf(me, ip), {
        action: 'lti_course.roster_imported',
        targetType: 'lti_context',
        targetId: row.id,
        details: { course: course.title, contextId: row.contextId, platform: platform.name, members: members.length, pages, truncated },
      }, now);
      return {
        course,
        truncated,
        members: members.map((m) => {
          const account = accountOf(m);
          return { userId: m.userId, name: m.name, email: m.email, roles: m.roles, instructor: m.roles.some(isInstructorRole), account: account !== undefined, booked: account !== undefined && booked.has(account) };
        }),
      };
    },

    async list(): Promise<LtiPlatformList> {
      return { items: (await platforms.listPlatforms()).map(platformOf), tool };
    },

    async create(me: CurrentUser, input: CreateLtiPlatformInput, ip: string | null): Promise<LtiPlatform> {
      const now = deps.now();
      const row: LtiPlatformTable = {
        id: newId(now.getTime()),
        name: input.name,
        issuer: input.issuer,
        clientId: input.clientId,
        deploymentIds: [...new Set(input.deploymentIds)].join(' '),
        authUrl: input.authUrl,
        tokenUrl: input.tokenUrl,
        jwksUrl: input.jwksUrl,
        servicesUrl: input.servicesUrl ?? null,
        createdAt: now.toISOString(),
      };
      if ((await platforms.platformsOfIssuer(row.issuer)).some((p) => p.clientId === row.clientId)) throw conflict('errors.lti.platformExists');
      await deps.db.unitOfWork(async (work) => {
        const trx = await work.db();
        await ltiRepository(trx).insertPlatform(row);
        await recordAudit(trx, actorOf(me, ip), { action: 'lti_platform.created', targetType: 'lti_platform', targetId: row.id, details: { name: row.name, issuer: row.issuer, clientId: row.clientId, deploymentIds: row.deploymentIds.split(' ') } }, now);
      });
      return platformOf(row);
    },

    async remove(me: CurrentUser, id: string, ip: string | null): Promise<void> {
      const now = deps.now();
      const removed = await deps.db.unitOfWork(async (work) => {
        const trx = await work.db();
        const found = await ltiRepository(trx).findPlatform(id);
        if (!found || !(await ltiRepository(trx).deletePlatform(id))) return false;
        await recordAudit(trx, actorOf(me, ip), { action: 'lti_platform.deleted', targetType: 'lti_platform', targetId: id, details: { name: found.name, issuer: found.issuer, clientId: found.clientId } }, now);
        return true;
      });
      if (!removed) throw notFound('errors.lti.platformNotFound');
    },

    /** StudyNest's public key set. */
    async jwks() {
      return { keys: [(await keys.key()).publicJwk] };
    },

    /**
     * The third-party-initiated login (LTI 1.3 Core 5.1.1, Security Framework 5.1.1): the
     * platform's authorization URL to send the browser to, with a state and a nonce kept here.
     */
    async login(params: Record<string, string | undefined>): Promise<string> {
      const { iss, login_hint: loginHint, target_link_uri: targetLinkUri } = params;
      if (!iss || !loginHint || !targetLinkUri) throw new LaunchRefused('missingLoginParameters', 400);
      const candidates = (await platforms.platformsOfIssuer(iss)).filter((p) => !params.client_id || p.clientId === params.client_id);
      // One registration of this issuer, or the one its client_id names.
      if (candidates.length !== 1) throw new LaunchRefused('unknownPlatform', 400);
      const platform = candidates[0]!;
      if (params.lti_deployment_id && !platform.deploymentIds.split(' ').includes(params.lti_deployment_id)) throw new LaunchRefused('wrongDeployment', 400);
      const state = randomBytes(32).toString('base64url');
      const nonce = randomBytes(32).toString('base64url');
      await platforms.insertLogin({ state, nonce, platformId: platform.id, expiresAt: new Date(deps.now().getTime() + LOGIN_TTL_MS).toISOString() });
      const url = new URL(platform.authUrl);
      const query: Record<string, string> = {
        scope: 'openid',
        response_type: 'id_token',
        response_mode: 'form_post',
        prompt: 'none',
        client_id: platform.clientId,
        redirect_uri: tool.launchUrl,
        login_hint: loginHint,
        state,
        nonce,
        ...(params.lti_message_hint ? { lti_message_hint: params.lti_message_hint } : {}),
      };
      for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
      return url.href;
    },

    /**
     * The launch: its login's state used (once), the id_token checked (lti-launch.ts), then the
     * user found or made from (platform, sub) and signed in through better-auth: at once in a
     * window of its own (where to go, and the session's cookies), or, inside the platform's
     * iframe, where StudyNest's cookie cannot be set, a one-time code to continue in a new window.
     */
    async launch(form: { id_token?: string; state?: string }, framed: boolean | undefined, ip: string | null, headers: Headers): Promise<{ location: string; cookies: string[] } | { continueUrl: string; frameAncestors: string[] }> {
      if (!form.id_token || !form.state) throw new LaunchRefused('missingToken', 400);
      const now = deps.now();
      const login = await platforms.takeLogin(form.state, now.toISOString());
      if (!login) throw new LaunchRefused('unknownState');
      const platform = await platforms.findPlatform(login.platformId);
      if (!platform) throw new LaunchRefused('unknownPlatform', 400);
      const launch = await checkLaunchToken(form.id_token, platform, login.nonce, now);
      const role = roleOfLaunch(launch.roles);
      // Deep Linking places a link in the course: a course's instructors only.
      if (launch.deepLinking && role !== 'tutor') throw new LaunchRefused('instructorsOnly', 403);
      const checked: CheckedLaunchToSignIn = { sub: launch.sub, email: launch.email, name: providerName(launch.name, launch.email), role, targetLinkUri: launch.targetLinkUri, deploymentId: launch.deploymentId, deepLinking: launch.deepLinking ?? null, context: launch.context ?? null };
      // The browser says where the answer is shown (Sec-Fetch-Dest); without it, the platform does.
      if (framed ?? launch.documentTarget === 'iframe') {
        const code = randomBytes(32).toString('base64url');
        await platforms.insertContinue({ code, platformId: platform.id, launch: JSON.stringify(checked), expiresAt: new Date(now.getTime() + CONTINUE_TTL_MS).toISOString() });
        return { continueUrl: `${LTI_CONTINUE_PATH}/${code}`, frameAncestors: [...new Set([new URL(platform.issuer).origin, new URL(platform.authUrl).origin])] };
      }
      return signIn(platform, checked, ip, headers, now);
    },

    /** A launch checked inside the iframe, continued in a window of its own: signed in there (once). */
    async continueLaunch(code: string, ip: string | null, headers: Headers): Promise<{ location: string; cookies: string[] }> {
      const now = deps.now();
      const waiting = await platforms.takeContinue(code, now.toISOString());
      if (!waiting) throw new LaunchRefused('unknownState');
      const platform = await platforms.findPlatform(waiting.platformId);
      if (!platform) throw new LaunchRefused('unknownPlatform', 400);
      return signIn(platform, JSON.parse(waiting.launch) as CheckedLaunchToSignIn, ip, headers, now);
    },

    /** The caller's Deep Linking request: the platform, and the sessions they may place. */
    async deepLink(me: CurrentUser, id: string): Promise<LtiDeepLink> {
      const request = await platforms.deepLinkOf(id, me.id, deps.now().toISOString());
      const platform = request && (await platforms.findPlatform(request.platformId));
      if (!request || !platform) throw notFound('errors.lti.deepLinkNotFound');
      const [series, sessions] = await Promise.all([platforms.seriesToPlace(me.id), platforms.sessionsToPlace(me.id)]);
      return { id, platform: platform.name, series: series.map(seriesToPlaceOf), sessions };
    },

    /**
     * The answer to the platform (Deep Linking 2.0, 4.5): a LtiDeepLinkingResponse signed with
     * StudyNest's key, holding a link to the session picked, for the browser to post to the
     * platform's return URL. The request is answered once.
     */
    async answerDeepLink(me: CurrentUser, id: string, pick: LtiDeepLinkPick): Promise<{ returnUrl: string; jwt: string; platform: string; title: string }> {
      const now = deps.now();
      const request = await platforms.deepLinkOf(id, me.id, now.toISOString());
      const platform = request && (await platforms.findPlatform(request.platformId));
      if (!request || !platform) throw notFound('errors.lti.deepLinkNotFound');
      const placed = 'seriesId' in pick
        ? (await platforms.seriesToPlace(me.id, pick.seriesId)).map((s) => ({ title: s.title, url: `${origin}/series/${encodeURIComponent(pick.seriesId)}` }))[0]
        : await platforms.sessionToPlace(me.id, pick.sessionId).then((s) => s && { title: s.title, url: `${origin}/session/${s.id}` });
      if (!placed) throw notFound('errors.lti.sessionNotYours');
      if (!(await platforms.takeDeepLink(id, me.id))) throw notFound('errors.lti.deepLinkNotFound');
      const key = await keys.key();
      const seconds = Math.floor(now.getTime() / 1000);
      const jwt = await new SignJWT({
        nonce: randomBytes(16).toString('base64url'),
        [`${LTI_CLAIM}deployment_id`]: request.deploymentId,
        [`${LTI_CLAIM}message_type`]: 'LtiDeepLinkingResponse',
        [`${LTI_CLAIM}version`]: LTI_VERSION,
        'https://purl.imsglobal.org/spec/lti-dl/claim/content_items': [{ type: 'ltiResourceLink', title: placed.title, url: placed.url }],
        ...(request.data !== null ? { 'https://purl.imsglobal.org/spec/lti-dl/claim/data': request.data } : {}),
      })
        .setProtectedHeader({ alg: TOOL_KEY_ALG, kid: key.kid, typ: 'JWT' })
        .setIssuer(platform.clientId)
        .setAudience(platform.issuer)
        .setIssuedAt(seconds)
        .setExpirationTime(seconds + 600)
        .sign(key.privateKey);
      return { returnUrl: request.returnUrl, jwt, platform: platform.name, title: placed.title };
    },
  };
}
