// Our rules on the account fields better-auth takes from a client, as better-auth plugins
// (before-endpoints.ts): however a request is spelled, if it reaches sign-up, update-user or
// change-email, these rules run first (docs/decisions/016-guards-on-what-runs.md), and what
// better-auth goes on with is the checked value (a trimmed name and address), never the raw text.
// Every text of every better-auth request is capped before anything reads it
// (docs/decisions/035-verified-admin-and-reserved-addresses.md).
import type { BetterAuthPlugin } from 'better-auth';
import { roleSchema } from '#contract/common.ts';
import { personName, updateMeBody } from '#contract/users.ts';
import { createAuthMiddleware } from 'better-auth/api';
import { badRequest, type AppError } from '#server/errors.ts';
import { invalidRequest, issueProblem } from '#server/http/error-handler.ts';
import type { ServerMessageKey } from '#i18n/catalogues.ts';
import { authRefusal } from './auth-answers.ts';
import { beforeEndpoints } from './before-endpoints.ts';
import { isReservedEmail } from './reserved-addresses.ts';

export const SIGN_UP_ROLES = ['student', 'tutor'] as const;
export type SignUpRole = (typeof SIGN_UP_ROLES)[number];

/** A role better-auth was asked for that is not student or tutor (sign-up, and every account made). */
export const roleRefusal = () => authRefusal('BAD_REQUEST', 'INVALID_ACCOUNT_FIELD', badRequest('errors.auth.role', { role: 'errors.auth.chooseRole' }));

/** What a client may send to each endpoint; anything else is refused, not silently dropped. */
const ALLOWED_FIELDS: Record<string, ReadonlySet<string>> = {
  '/sign-up/email': new Set(['name', 'email', 'password', 'role', 'image', 'callbackURL', 'rememberMe']),
  '/update-user': new Set(['name', 'image']),
  '/change-email': new Set(['newEmail', 'callbackURL']),
};

const REFUSED_MESSAGE: Record<string, ServerMessageKey> = {
  '/sign-up/email': 'errors.auth.signUpFields',
  '/update-user': 'errors.auth.updateFields',
  '/change-email': 'errors.auth.changeEmailFields',
};

/** The field of each endpoint that names the account's address. */
const EMAIL_FIELD: Record<string, string> = { '/sign-up/email': 'email', '/change-email': 'newEmail' };

/**
 * The longest text better-auth takes in any field (body or query) of any request, refused before
 * anything else reads it: far above every real value (a name's 100 characters once trimmed, an
 * address's 254, a link's 2,000, a provider's token), far below what would cost the server.
 */
export const AUTH_TEXT_MAX = 4096;
/** Shorter caps of fields whose value is kept (an email link carries the callbackURL). */
const FIELD_MAX: Record<string, number> = { email: 254, newEmail: 254, callbackURL: 2000, image: 500 };
const TOO_LONG: Record<string, ServerMessageKey> = { name: 'errors.input.nameTooLong' };

const refuse = (error: AppError) => authRefusal('BAD_REQUEST', 'INVALID_ACCOUNT_FIELD', error);

export function isSignUpRole(role: unknown): role is SignUpRole {
  return typeof role === 'string' && (SIGN_UP_ROLES as readonly string[]).includes(role);
}

export function isRole(role: unknown): boolean {
  return roleSchema.safeParse(role).success;
}

/** An address in a domain kept for accounts StudyNest erased, refused wherever an address is set. */
export const reservedEmailRefusal = (field = 'email') => refuse(invalidRequest([{ field, problem: { key: 'errors.input.reservedEmail' } }]));

/** A text field longer than its cap, named in the refusal. */
function tooLong(field: string, maximum: number): AppError {
  return invalidRequest([{ field, problem: { key: TOO_LONG[field] ?? 'errors.input.textTooLong', values: { maximum } } }]);
}

/** Each string of a request (at any depth), with the name of the field holding it. */
function* texts(value: unknown, field: string, depth = 0): Generator<[string, string]> {
  if (typeof value === 'string') yield [field, value];
  else if (value && typeof value === 'object' && depth < 8) {
    for (const [key, inner] of Object.entries(value)) yield* texts(inner, Array.isArray(value) ? field : key, depth + 1);
  }
}

/** Refuses a request to better-auth carrying a text over its cap, before any rule or better-auth reads it. */
function textCaps(): BetterAuthPlugin {
  return {
    id: 'studynest-text-caps',
    hooks: {
      before: [
        {
          matcher: () => true,
          handler: createAuthMiddleware(async (ctx) => {
            for (const part of [ctx.body as unknown, ctx.query as unknown]) {
              for (const [field, text] of texts(part, '')) {
                const maximum = FIELD_MAX[field] ?? AUTH_TEXT_MAX;
                if (text.length > maximum) throw refuse(tooLong(field, maximum));
              }
            }
          }),
        },
      ],
    },
  };
}

/** A name as it is stored, by the contract's one rule of names (PUT /api/user's too), or the refusal. */
export function checkedName(name: unknown): string {
  const checked = personName.safeParse(name);
  if (!checked.success) throw refuse(invalidRequest(checked.error.issues.slice(0, 1).map((issue) => ({ field: 'name', problem: issueProblem(issue) }))));
  return checked.data;
}

/** An address as better-auth goes on with it (trimmed; better-auth checks its form and lowercases it), or the refusal. */
function checkedEmail(field: string, email: unknown): unknown {
  if (typeof email !== 'string') return email;
  const trimmed = email.trim();
  if (isReservedEmail(trimmed)) throw reservedEmailRefusal(field);
  return trimmed;
}

function accountFieldRules(): BetterAuthPlugin {
  return beforeEndpoints('studynest-account-rules', ALLOWED_FIELDS, (path, body) => {
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw refuse(badRequest('errors.auth.jsonObject'));
    const fields = body as Record<string, unknown>;
    const allowed = ALLOWED_FIELDS[path]!;
    if (Object.keys(fields).some((k) => !allowed.has(k))) throw refuse(badRequest(REFUSED_MESSAGE[path]!));
    if (path === '/sign-up/email' && fields.role !== undefined && !isSignUpRole(fields.role)) throw roleRefusal();
    const checked: Record<string, unknown> = {};
    // better-auth takes any string for these: the same rules as PUT /api/user.
    if (fields.name !== undefined) checked.name = checkedName(fields.name);
    if (fields.image !== undefined && fields.image !== null) {
      const image = updateMeBody.shape.image.safeParse(fields.image);
      if (!image.success) throw refuse(invalidRequest(image.error.issues.slice(0, 1).map((issue) => ({ field: 'image', problem: issueProblem(issue) }))));
    }
    const emailField = EMAIL_FIELD[path];
    if (emailField && fields[emailField] !== undefined) checked[emailField] = checkedEmail(emailField, fields[emailField]);
    return checked;
  });
}

/** Our rules inside better-auth: every text capped first, then the account fields' own rules. */
export function accountRules(): BetterAuthPlugin[] {
  return [textCaps(), accountFieldRules()];
}
