// The admin's list of users and the changes an admin makes to them.
import { z } from 'zod';
import { dateTime, pageOf, pageQuery, roleSchema } from './common.ts';
import { meSchema } from './users.ts';

/** An account as its owner sees it (contract/users.ts) but its reader's settings, and when it last signed in. */
export const adminUserSchema = meSchema.omit({ timeZone: true, language: true }).extend({
  /** Last sign-in, ISO instant; null when the user never signed in. */
  lastSeen: dateTime.nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserPage = pageOf(adminUserSchema);
export type AdminUserPage = z.infer<typeof adminUserPage>;

export const listUsersQuery = pageQuery.extend({
  /** Part of the name or email, any case. */
  q: z.string().trim().max(100).optional(),
  role: roleSchema.optional(),
});
export type ListUsersQuery = z.input<typeof listUsersQuery>;

export const updateUserBody = z
  .object({
    role: roleSchema.optional(),
    blocked: z.boolean().optional(),
  })
  .refine((b) => b.role !== undefined || b.blocked !== undefined, { message: 'errors.input.roleOrBlocked' });
export type UpdateUserBody = z.infer<typeof updateUserBody>;
