// better-auth's endpoints that StudyNest uses (mounted at /api/auth/*, server/auth/): their
// bodies and answers as better-auth sends them, for the OpenAPI document (server/http/openapi.ts)
// and the clients generated from it. better-auth validates the requests itself; our own rules on
// top (roles, fields) live in server/auth/account-rules.ts.
import { z } from 'zod';
import { dateTime } from './common.ts';
import { personName } from './users.ts';

/** better-auth's refusals: `{ message, code }` (our rules add `fields` on a field they refuse). */
export const authErrorSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  fields: z.record(z.string(), z.string()).optional(),
});

export const authUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  image: z.string().nullable(),
  role: z.enum(['student', 'tutor', 'admin']),
  blocked: z.boolean(),
  lastSeen: dateTime.nullable(),
  /** The reader's language and time zone the account keeps (contract/users.ts meSchema). */
  language: z.string().nullable().optional(),
  timeZone: z.string().nullable().optional(),
  createdAt: dateTime,
  updatedAt: dateTime,
});

export const authSessionSchema = z.object({
  id: z.string(),
  userId: z.string(),
  token: z.string(),
  expiresAt: dateTime,
  ipAddress: z.string().nullable().optional(),
  userAgent: z.string().nullable().optional(),
  createdAt: dateTime,
  updatedAt: dateTime,
});

const email = z.string().email().max(254);
const password = z.string().min(8).max(128);
/** A path on this site to come back to (better-auth refuses other origins). */
const callbackURL = z.string().max(2000).optional();

export const signUpEmailBody = z.object({
  name: personName,
  email,
  password,
  /** Student (default) or Tutor; never Admin. */
  role: z.enum(['student', 'tutor']).optional(),
  /** A photo uploaded first with POST /api/uploads. */
  image: z.string().max(500).optional(),
  callbackURL,
});
export const signUpEmailResult = z.object({ token: z.string().nullable(), user: authUserSchema });

export const signInEmailBody = z.object({
  email,
  password: z.string().min(1).max(128),
  rememberMe: z.boolean().optional(),
  callbackURL,
});
export const signInEmailResult = z.object({ redirect: z.boolean(), token: z.string(), url: z.string().optional(), user: authUserSchema });

export const signOutResult = z.object({ success: z.boolean() });

/** The signed-in session and its user, or null without a valid cookie. */
export const getSessionResult = z.object({ session: authSessionSchema, user: authUserSchema }).nullable();

export const updateUserBody = z.object({
  name: personName.optional(),
  image: z.string().max(500).nullable().optional(),
});
export const statusResult = z.object({ status: z.boolean() });

export const changePasswordBody = z.object({
  currentPassword: z.string().min(1).max(128),
  newPassword: password,
  revokeOtherSessions: z.boolean().optional(),
});
export const changePasswordResult = z.object({ token: z.string().nullable(), user: authUserSchema });

export const requestPasswordResetBody = z.object({ email, redirectTo: z.string().max(2000).optional() });
export const requestPasswordResetResult = z.object({ status: z.boolean(), message: z.string() });

export const resetPasswordBody = z.object({ newPassword: password, token: z.string().min(1).max(500) });

export const sendVerificationEmailBody = z.object({ email, callbackURL });

/**
 * Where a verification link lands: the login page, which says the address is verified and offers
 * Log in (opening a link signs no one in); a browser already signed in goes on to the dashboard,
 * which says it too.
 */
export const VERIFIED_LANDING = `/login?${new URLSearchParams({ verified: '1', from: '/dashboard?verified=1' }).toString()}`;

export const verifyEmailQuery = z.object({ token: z.string().min(1), callbackURL });
export const verifyEmailResult = z.object({ status: z.boolean(), user: authUserSchema.nullable().optional() });

/** GET /api/password-reset/{token}: whether a reset link can still be used (an expired or used one says so at once). */
export const resetTokenParams = z.object({ token: z.string().min(1).max(200) });
export const resetTokenStatusSchema = z.object({ usable: z.boolean() });
export type ResetTokenStatus = z.infer<typeof resetTokenStatusSchema>;

/** What an identity provider sends back to GET /api/auth/callback/{providerId} (OAuth 2.0 and OpenID Connect). */
export const oauthCallbackQuery = z.object({
  code: z.string().optional(),
  state: z.string().optional(),
  iss: z.string().optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
});

/** POST /api/auth/sign-in/social: start a sign-in with an identity provider configured here (Google). */
export const signInSocialBody = z.object({
  provider: z.string().min(1).max(50),
  callbackURL: callbackURL.optional(),
  errorCallbackURL: callbackURL.optional(),
  newUserCallbackURL: callbackURL.optional(),
});
/** Where to send the browser: the provider's authorization page. */
export const signInSocialResult = z.object({ url: z.string(), redirect: z.boolean() });

/** POST /api/auth/change-email: a new address for the signed-in account (verified by an emailed link before it applies). */
export const changeEmailBody = z.object({ newEmail: email, callbackURL: callbackURL.optional() });
