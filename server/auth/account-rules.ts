// Our rules on the account fields better-auth takes from a client, as a better-auth plugin.
// Its "before" hooks match the endpoint better-auth's own router resolved (`ctx.path`), never the
// text of the URL, and run for HTTP calls and for server-side `auth.api` calls alike: however a
// request is spelled, if it reaches sign-up or update-user, these rules run first
// (docs/decisions/016-guards-on-what-runs.md).
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { roleSchema } from '#contract/common.ts';
import { updateMeBody } from '#contract/users.ts';
import { invalidRequest } from '#server/http/error-handler.ts';
import { asGiven, say, translatorFor } from '#server/i18n/translate.ts';

export const SIGN_UP_ROLES = ['student', 'tutor'] as const;
export type SignUpRole = (typeof SIGN_UP_ROLES)[number];

export const ROLE_MESSAGE = 'Role must be Student or Tutor.';

/** What a client may send to each endpoint; anything else is refused, not silently dropped. */
const ALLOWED_FIELDS: Record<string, ReadonlySet<string>> = {
  '/sign-up/email': new Set(['name', 'email', 'password', 'role', 'image', 'callbackURL', 'rememberMe']),
  '/update-user': new Set(['name', 'image']),
};

const REFUSED_MESSAGE: Record<string, string> = {
  '/sign-up/email': 'Only name, email, password, role and photo can be set at sign-up.',
  '/update-user': 'Only your name and photo can be changed here.',
};

function refuse(message: string, fields?: Record<string, string>): APIError {
  return new APIError('BAD_REQUEST', { message, code: 'INVALID_ACCOUNT_FIELD', ...(fields ? { fields } : {}) });
}

export function isSignUpRole(role: unknown): role is SignUpRole {
  return typeof role === 'string' && (SIGN_UP_ROLES as readonly string[]).includes(role);
}

export function isRole(role: unknown): boolean {
  return roleSchema.safeParse(role).success;
}

export function accountRules(): BetterAuthPlugin {
  return {
    id: 'studynest-account-rules',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path !== undefined && ctx.path in ALLOWED_FIELDS,
          handler: createAuthMiddleware(async (ctx) => {
            const path = ctx.path!;
            const body = ctx.body as unknown;
            if (!body || typeof body !== 'object' || Array.isArray(body)) throw refuse('The request body must be a JSON object.');
            const fields = body as Record<string, unknown>;
            const allowed = ALLOWED_FIELDS[path]!;
            if (Object.keys(fields).some((k) => !allowed.has(k))) throw refuse(REFUSED_MESSAGE[path]!);
            if (path === '/sign-up/email' && fields.role !== undefined && !isSignUpRole(fields.role)) {
              throw refuse(ROLE_MESSAGE, { role: 'Choose Student or Tutor' });
            }
            // better-auth takes any string for these: the same rules as PUT /api/user.
            for (const field of ['name', 'image'] as const) {
              if (fields[field] === undefined || (field === 'image' && fields[field] === null)) continue;
              const checked = updateMeBody.shape[field].safeParse(fields[field]);
              if (!checked.success) {
                const invalid = invalidRequest([{ field, problem: asGiven(checked.error.issues[0]?.message ?? 'is invalid') }]);
                // better-auth's refusals are English (issue 20: its messages are not in catalogues).
                const english = translatorFor('en');
                throw refuse(invalid.message, Object.fromEntries(Object.entries(invalid.fields ?? {}).map(([name, problem]) => [name, say(english, problem)])));
              }
            }
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
