// LTI 1.3: the learning platforms (Moodle, Canvas…) an admin registers, and what StudyNest tells
// them about itself (docs/decisions/062-lti-tool.md).
import { z } from 'zod';
import { dateTime } from './common.ts';

export const LTI_URL_MAX = 500;
export const LTI_TEXT_MAX = 255;
export const LTI_DEPLOYMENTS_MAX = 20;

const platformUrl = z.url({ protocol: /^https?$/, error: 'errors.input.ltiUrl' }).max(LTI_URL_MAX, 'errors.input.ltiUrl');

/**
 * A platform as its admin pastes it from the platform's tool registration: its issuer, the client
 * id it gave StudyNest, the deployment ids it launches from, and its three endpoints.
 */
export const createLtiPlatformBody = z.object({
  name: z.string().trim().min(1, 'errors.input.nameRequired').max(100, 'errors.input.nameTooLong'),
  issuer: platformUrl,
  clientId: z.string().trim().min(1, 'errors.input.ltiClientId').max(LTI_TEXT_MAX, 'errors.input.ltiText'),
  deploymentIds: z
    .array(z.string().trim().min(1, 'errors.input.ltiDeployment').max(LTI_TEXT_MAX, 'errors.input.ltiText'))
    .min(1, 'errors.input.ltiDeployment')
    .max(LTI_DEPLOYMENTS_MAX, 'errors.input.ltiDeployment'),
  authUrl: platformUrl,
  tokenUrl: platformUrl,
  jwksUrl: platformUrl,
  /**
   * The platform's address where its services answer, when another origin than the URLs above
   * (Canvas: the school's instance, `https://school.instructure.com`): a course's memberships URL
   * is called only on these origins (docs/decisions/068-lti-nrps.md).
   */
  servicesUrl: platformUrl.optional(),
});
export type CreateLtiPlatformInput = z.infer<typeof createLtiPlatformBody>;

export const ltiPlatformSchema = createLtiPlatformBody.extend({ servicesUrl: z.string().nullable(), id: z.string(), createdAt: dateTime });
export type LtiPlatform = z.infer<typeof ltiPlatformSchema>;

/** What a platform's admin pastes into its tool registration (Moodle's "Tool configuration", Canvas's developer key). */
export const ltiToolSettingsSchema = z.object({
  /** Tool URL / target link URI: All Sessions. */
  targetLinkUri: z.string(),
  /** Initiate login URL (third-party-initiated login, GET or POST). */
  loginUrl: z.string(),
  /** Redirection URI: where the platform posts the id_token. */
  launchUrl: z.string(),
  /** Public keyset URL. */
  jwksUrl: z.string(),
});
export type LtiToolSettings = z.infer<typeof ltiToolSettingsSchema>;

export const ltiPlatformListSchema = z.object({ items: z.array(ltiPlatformSchema), tool: ltiToolSettingsSchema });
export type LtiPlatformList = z.infer<typeof ltiPlatformListSchema>;

/** The third-party-initiated login's parameters (query of a GET, or form of a POST). */
export const ltiLoginParams = z.object({
  iss: z.string().max(LTI_URL_MAX),
  login_hint: z.string().max(2000),
  target_link_uri: z.string().max(2000),
  lti_message_hint: z.string().max(4000).optional(),
  client_id: z.string().max(LTI_TEXT_MAX).optional(),
  lti_deployment_id: z.string().max(LTI_TEXT_MAX).optional(),
});

/** The platform's form post to the launch URL. */
export const ltiLaunchForm = z.object({
  id_token: z.string().max(20_000).optional(),
  state: z.string().max(200).optional(),
});

/** A public JSON Web Key Set. */
export const jwksSchema = z.object({ keys: z.array(z.record(z.string(), z.unknown())) });

/**
 * An instructor's Deep Linking request: the platform it came from, and what they may place in the
 * course: their weekly series (placed as the series' page) and their approved sessions.
 */
export const ltiDeepLinkSchema = z.object({
  id: z.string(),
  platform: z.string(),
  series: z.array(z.object({ id: z.string(), title: z.string(), classCount: z.number().int(), firstClassStartDate: dateTime })),
  sessions: z.array(z.object({ id: z.string(), title: z.string(), classStartDate: dateTime })),
});
export type LtiDeepLink = z.infer<typeof ltiDeepLinkSchema>;

/** The pick (a form's fields): one of those sessions, or one of those series. */
export const ltiDeepLinkPickForm = z.union([
  z.object({ sessionId: z.string().min(1, 'errors.input.chooseSession').max(64) }),
  z.object({ seriesId: z.string().min(1, 'errors.input.chooseSession').max(64) }),
]);
export type LtiDeepLinkPick = z.infer<typeof ltiDeepLinkPickForm>;

/**
 * A course (LTI context) the caller launched StudyNest from as its Instructor
 * (docs/decisions/068-lti-nrps.md); `rosterAvailable` when its platform named a Names and Role
 * service at launch.
 */
export const ltiCourseSchema = z.object({
  id: z.string(),
  title: z.string(),
  platform: z.string(),
  rosterAvailable: z.boolean(),
  launchedAt: dateTime,
});
export type LtiCourse = z.infer<typeof ltiCourseSchema>;
export const ltiCourseListSchema = z.object({ items: z.array(ltiCourseSchema) });
export type LtiCourseList = z.infer<typeof ltiCourseListSchema>;

/** A member of the course as its platform listed them (NRPS 2.0), and what StudyNest knows of them. */
export const ltiRosterMemberSchema = z.object({
  /** The platform's user id (a launch's `sub`). */
  userId: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  roles: z.array(z.string()),
  /** A teacher of the course (Instructor or a sub-role of it). */
  instructor: z.boolean(),
  /** Has a StudyNest account: linked by a launch, else found by email. */
  account: z.boolean(),
  /** Has booked one of the caller's sessions. */
  booked: z.boolean(),
});
export type LtiRosterMember = z.infer<typeof ltiRosterMemberSchema>;

export const ltiRosterSchema = z.object({
  course: ltiCourseSchema,
  members: z.array(ltiRosterMemberSchema),
  /** More pages were linked than StudyNest reads (the members shown are the first pages'). */
  truncated: z.boolean(),
});
export type LtiRoster = z.infer<typeof ltiRosterSchema>;
