// Which emails a user gets (docs/decisions/021-notification-emails.md). Every notification email
// carries a List-Unsubscribe link (RFC 2369) with one-click unsubscribing (RFC 8058); security
// emails (verification, password reset) do not. docs/decisions/021-notification-emails.md.
import { z } from 'zod';
import type { Role } from './common.ts';

/**
 * The optional notifications: the rest (booking confirmations, a seat held for you to pay,
 * approval or rejection of your session) tell of something the user did or must act on, and
 * always come.
 */
export const notificationKindSchema = z.enum(['classReminders', 'bookingNotices']);
export type NotificationKind = z.infer<typeof notificationKindSchema>;
export const NOTIFICATION_KINDS = notificationKindSchema.options;

/**
 * Who gets each. Their names are in the catalogues: the web app's (settings.classRemindersLabel…)
 * and the server's (the unsubscribe answer).
 */
export const NOTIFICATION_TEXT: Record<NotificationKind, { roles: readonly Role[] }> = {
  classReminders: { roles: ['student'] },
  bookingNotices: { roles: ['tutor'] },
};

/** GET and PUT /api/me/notifications: true = the user gets these emails (the default). */
export const notificationSettingsSchema = z.object({
  classReminders: z.boolean(),
  bookingNotices: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const updateNotificationSettingsBody = notificationSettingsSchema
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: 'Send at least one notification setting' });
export type UpdateNotificationSettingsBody = z.infer<typeof updateNotificationSettingsBody>;

/** The link of an email's List-Unsubscribe header: `?token=` names the user and what to turn off, signed by the server. */
export const unsubscribeQuery = z.object({ token: z.string().min(1).max(500) });

/** POST /api/notifications/unsubscribe (one click from the mail client): what was turned off. */
export const unsubscribeResultSchema = z.object({
  message: z.string(),
  turnedOff: z.array(notificationKindSchema),
});
export type UnsubscribeResult = z.infer<typeof unsubscribeResultSchema>;
