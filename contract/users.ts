import { z } from 'zod';
import { roleSchema, userStatusSchema } from './common.ts';
import { timeZoneOrNull } from './time-zone.ts';

export const meSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  status: userStatusSchema,
  image: z.string().nullable(),
  /** The zone the account's emails give times in (IANA, e.g. "Europe/Madrid"); null: UTC. */
  timeZone: z.string().nullable(),
  /** The language kept on the account (i18n/languages.ts code); null: the browser's. */
  language: z.string().nullable(),
});
export type Me = z.infer<typeof meSchema>;

/** PUT /api/me/time-zone: a zone Intl knows, kept in its canonical spelling; null forgets it (UTC). */
export const updateTimeZoneBody = z.object({
  timeZone: z
    .string()
    .max(64)
    .nullable()
    .refine((zone) => zone === null || timeZoneOrNull(zone) !== null, 'errors.input.timeZone')
    .transform((zone) => (zone === null ? null : timeZoneOrNull(zone))),
});
export type UpdateTimeZoneBody = z.input<typeof updateTimeZoneBody>;

export const NAME_MAX = 100;

/**
 * What a name may not hold: the C0 and C1 control characters (NUL among them, which PostgreSQL
 * text cannot store; line breaks) and the bidirectional embeddings, overrides and isolates
 * (U+202A–U+202E, U+2066–U+2069), which would turn around the text shown after a name. Letters
 * of every script and the joiners they need are names.
 */
export const NAME_REFUSED_CHARACTER = /[\p{Cc}\u202a-\u202e\u2066-\u2069]/u;

/**
 * The one rule of a person's name, wherever one is set (PUT /api/user, better-auth's sign-up and
 * update-user, server/auth/account-rules.ts): capped as sent, before anything reads it, then
 * trimmed, 1 to 100 characters, none of NAME_REFUSED_CHARACTER.
 */
export const personName = z
  .string()
  .max(NAME_MAX, 'errors.input.nameTooLong')
  .trim()
  .min(1, 'errors.input.nameRequired')
  .max(NAME_MAX, 'errors.input.nameTooLong')
  .refine((name) => !NAME_REFUSED_CHARACTER.test(name), 'errors.input.nameCharacters');

/** Only the caller's own name and photo; any other field in the body is ignored. */
export const updateMeBody = z.object({
  name: personName,
  image: z
    .string()
    .max(500)
    .regex(/^\/api\/uploads\/[A-Za-z0-9-]+\.webp$/, 'errors.input.photo')
    .nullable()
    .optional(),
});
export type UpdateMeBody = z.infer<typeof updateMeBody>;

export const userRoleSchema = z.object({ email: z.string(), role: roleSchema });

export const emailParam = z.object({ email: z.string().min(3).max(254) });

/** The currency where CURRENCY is not set (server/config.ts). */
export const DEFAULT_CURRENCY = 'USD';

export const appConfigSchema = z.object({
  googleSignIn: z.boolean(),
  /** The school's own OpenID Connect provider (POST /api/sso/start begins its sign-in); null where none is configured. */
  singleSignOn: z.object({ label: z.string() }).nullable(),
  /** Paid sessions can be booked (a payment provider is configured, or the test payment page). */
  payments: z.boolean(),
  /** Payments go through the built-in test page ("Test payment, no money moves"), not a real provider. */
  testPayments: z.boolean(),
  /** The name students are told they pay on ("Stripe"); null where no provider is configured or for the test page. */
  paymentProvider: z.string().nullable(),
  /** What every fee is charged and shown in: the installation's ISO 4217 code (CURRENCY), e.g. USD, EUR. */
  currency: z.string().regex(/^[A-Z]{3}$/),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

export const uploadResultSchema = z.object({ url: z.string() });
