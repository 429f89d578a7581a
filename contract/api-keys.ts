// API keys: what a program signs in with instead of a browser's cookie
// (docs/decisions/056-api-keys.md). The secret is shown once, when the key is made.
import { z } from 'zod';
import { dateTime, pageOf, type Role } from './common.ts';

/**
 * What a key may do, each within what its owner's role may do at the time of the request:
 * read sessions (anyone), manage the owner's own sessions and read their bookings (tutors),
 * the admins' calls (admins).
 */
export const API_KEY_SCOPES = ['sessions:read', 'sessions:write', 'bookings:read', 'admin'] as const;
export const apiKeyScopeSchema = z.enum(API_KEY_SCOPES, 'errors.input.unknownScope');
export type ApiKeyScope = z.infer<typeof apiKeyScopeSchema>;

/** The scopes each role may hold; a key whose owner's role no longer allows one of its scopes stops working. */
export const SCOPES_OF_ROLE: Record<Role, readonly ApiKeyScope[]> = {
  student: ['sessions:read'],
  tutor: ['sessions:read', 'sessions:write', 'bookings:read'],
  admin: API_KEY_SCOPES,
};

export const API_KEY_NAME_MAX = 60;

export const createApiKeyBody = z.object({
  name: z.string().trim().min(1, 'errors.input.nameRequired').max(API_KEY_NAME_MAX, 'errors.input.keyNameTooLong'),
  scopes: z.array(apiKeyScopeSchema).min(1, 'errors.input.chooseScope').max(API_KEY_SCOPES.length, 'errors.input.tooManyScopes'),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeyBody>;

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters, to tell keys apart (the rest is never shown again). */
  prefix: z.string(),
  scopes: z.array(apiKeyScopeSchema),
  createdAt: dateTime,
  lastUsedAt: dateTime.nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer to a new key: the key itself, once. */
export const createdApiKeySchema = apiKeySchema.extend({ secret: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeyListSchema = pageOf(apiKeySchema);
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;
