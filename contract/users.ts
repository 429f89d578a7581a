import { z } from 'zod';
import { roleSchema, userStatusSchema } from './common.ts';

export const meSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  status: userStatusSchema,
  image: z.string().nullable(),
});
export type Me = z.infer<typeof meSchema>;

/** Only the caller's own name and photo; any other field in the body is ignored. */
export const updateMeBody = z.object({
  name: z.string().trim().min(1, 'errors.input.nameRequired').max(100, 'errors.input.nameTooLong'),
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

export const appConfigSchema = z.object({
  googleSignIn: z.boolean(),
  /** Paid sessions can be booked (Stripe, or the test payment page). */
  payments: z.boolean(),
  /** Payments go through the built-in test page ("Test payment, no money moves"), not Stripe. */
  testPayments: z.boolean(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

export const uploadResultSchema = z.object({ url: z.string() });
