import { z } from 'zod';

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

export const userStatusSchema = z.enum(['Verified', 'Unverified', 'Blocked']);
export type UserStatus = z.infer<typeof userStatusSchema>;

export const isoDate = z.iso.datetime({ offset: true });
