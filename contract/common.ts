import { z } from 'zod';

/**
 * Every refusal: `{ message, fields? }`. A schema's own refusal (`.min(1, 'errors.input.titleRequired')`)
 * is a key of the server's catalogues (i18n/server-locales), never English text: the server's error
 * handler says it in the caller's language, its arguments from the zod issue (`{maximum}`). Only
 * the server shows these (the web app parses answers, not requests).
 */
export const errorSchema = z.object({
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiErrorBody = z.infer<typeof errorSchema>;

export const idParam = z.object({ id: z.string().min(1).max(64) });

export const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional(),
});

/** Every list: `{ items, nextCursor }`. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() });

export const roleSchema = z.enum(['student', 'tutor', 'admin']);
export type Role = z.infer<typeof roleSchema>;

/** Deleted: an account its owner or an admin deleted, whose anonymised row stays (decision 038). */
export const userStatusSchema = z.enum(['Verified', 'Unverified', 'Blocked', 'Deleted']);
export type UserStatus = z.infer<typeof userStatusSchema>;

/** The longest ISO 8601 instant accepted ("2026-05-01T09:00:00.123456789+05:30" has 35 characters). */
export const ISO_DATE_MAX = 40;
export const isoDate = z.iso.datetime({ offset: true }).max(ISO_DATE_MAX, 'errors.input.dateTimeTooLong');

/**
 * An instant the server writes (ISO 8601 in UTC, e.g. `2026-05-01T09:00:00.000Z`): documented as
 * `format: date-time`, parsed as a plain string so that the web app never drops a row over it.
 */
export const dateTime = z.string().meta({ format: 'date-time' });

/** When a stored record was made and last changed: the last fields of most answers' objects. */
export const recordTimes = {
  createdAt: dateTime,
  /** Last update (the original API's "timestamp"). */
  updatedAt: dateTime,
};

/**
 * A response that is not JSON (a file, an iCalendar): documented under `mediaType` with a binary
 * or text body (server/http/openapi.ts), sent as it is by the route.
 */
export const nonJsonBody = (mediaType: string, description: string) => z.any().meta({ description, 'x-media-type': mediaType });
