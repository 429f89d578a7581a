// Our rules on the account fields better-auth takes from a client, as a better-auth plugin
// (before-endpoints.ts): however a request is spelled, if it reaches sign-up or update-user,
// these rules run first (docs/decisions/016-guards-on-what-runs.md).
import type { BetterAuthPlugin } from 'better-auth';
import { roleSchema } from '#contract/common.ts';
import { updateMeBody } from '#contract/users.ts';
import { badRequest, type AppError } from '#server/errors.ts';
import { invalidRequest, issueProblem } from '#server/http/error-handler.ts';
import type { ServerMessageKey } from '#i18n/catalogues.ts';
import { authRefusal } from './auth-answers.ts';
import { beforeEndpoints } from './before-endpoints.ts';

export const SIGN_UP_ROLES = ['student', 'tutor'] as const;
export type SignUpRole = (typeof SIGN_UP_ROLES)[number];

/** A role better-auth was asked for that is not student or tutor (sign-up, and every account made). */
export const roleRefusal = () => authRefusal('BAD_REQUEST', 'INVALID_ACCOUNT_FIELD', badRequest('errors.auth.role', { role: 'errors.auth.chooseRole' }));

/** What a client may send to each endpoint; anything else is refused, not silently dropped. */
const ALLOWED_FIELDS: Record<string, ReadonlySet<string>> = {
  '/sign-up/email': new Set(['name', 'email', 'password', 'role', 'image', 'callbackURL', 'rememberMe']),
  '/update-user': new Set(['name', 'image']),
};

const REFUSED_MESSAGE: Record<string, ServerMessageKey> = {
  '/sign-up/email': 'errors.auth.signUpFields',
  '/update-user': 'errors.auth.updateFields',
};

const refuse = (error: AppError) => authRefusal('BAD_REQUEST', 'INVALID_ACCOUNT_FIELD', error);

export function isSignUpRole(role: unknown): role is SignUpRole {
  return typeof role === 'string' && (SIGN_UP_ROLES as readonly string[]).includes(role);
}

export function isRole(role: unknown): boolean {
  return roleSchema.safeParse(role).success;
}

export function accountRules(): BetterAuthPlugin {
  return beforeEndpoints('studynest-account-rules', ALLOWED_FIELDS, (path, body) => {
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw refuse(badRequest('errors.auth.jsonObject'));
    const fields = body as Record<string, unknown>;
    const allowed = ALLOWED_FIELDS[path]!;
    if (Object.keys(fields).some((k) => !allowed.has(k))) throw refuse(badRequest(REFUSED_MESSAGE[path]!));
    if (path === '/sign-up/email' && fields.role !== undefined && !isSignUpRole(fields.role)) throw roleRefusal();
    // better-auth takes any string for these: the same rules as PUT /api/user.
    for (const field of ['name', 'image'] as const) {
      if (fields[field] === undefined || (field === 'image' && fields[field] === null)) continue;
      const checked = updateMeBody.shape[field].safeParse(fields[field]);
      if (!checked.success) throw refuse(invalidRequest(checked.error.issues.slice(0, 1).map((issue) => ({ field, problem: issueProblem(issue) }))));
    }
  });
}
