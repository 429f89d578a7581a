// "My data": everything StudyNest holds about an account, as one JSON document
// (GET /api/me/data, GET /api/users/{id}/data for admins), and the deletion of an account
// (DELETE /api/me with the password, DELETE /api/users/{id} for admins).
import { z } from 'zod';
import { dateTime, roleSchema, userStatusSchema } from './common.ts';
import { materialSchema } from './materials.ts';
import { notificationSettingsSchema } from './notifications.ts';

export const MY_DATA_FORMAT = 'studynest-my-data/1';

const exportedBooking = z.object({
  id: z.string(),
  sessionId: z.string(),
  sessionTitle: z.string(),
  classStartDate: dateTime,
  classEndDate: dateTime,
  /** confirmed, or pending_payment (a seat held until `holdExpiresAt`). */
  status: z.string(),
  amountCents: z.number().int(),
  holdExpiresAt: dateTime.nullable(),
  /** As the tutor marked it once class started; null = not marked. */
  attendance: z.enum(['present', 'absent']).nullable(),
  attendanceMarkedAt: dateTime.nullable(),
  createdAt: dateTime,
});

export const myDataSchema = z.object({
  format: z.literal(MY_DATA_FORMAT),
  exportedAt: dateTime,
  account: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    role: roleSchema,
    status: userStatusSchema,
    emailVerified: z.boolean(),
    /** The profile photo's address on StudyNest, if any. */
    image: z.string().nullable(),
    createdAt: dateTime,
    updatedAt: dateTime,
    lastSeen: dateTime.nullable(),
    /** How the account signs in: `credential` (email and password), `google`. */
    signInMethods: z.array(z.string()),
    /** A tutor's bio on their public profile page; null when none. */
    bio: z.string().nullable(),
  }),
  /** Signed-in devices (sessions of the account), without their secret tokens. */
  signIns: z.array(z.object({ createdAt: dateTime, expiresAt: dateTime, ipAddress: z.string().nullable(), userAgent: z.string().nullable() })),
  bookings: z.array(exportedBooking),
  /** Payments of paid bookings: the amount and the payment service's reference. */
  payments: z.array(z.object({ bookingId: z.string(), sessionTitle: z.string(), amountCents: z.number().int(), status: z.string(), paymentRef: z.string().nullable(), createdAt: dateTime })),
  waitlist: z.array(z.object({ sessionId: z.string(), sessionTitle: z.string(), createdAt: dateTime })),
  reviews: z.array(z.object({ id: z.string(), sessionId: z.string(), sessionTitle: z.string(), rating: z.number().int(), review: z.string(), createdAt: dateTime, updatedAt: dateTime })),
  notes: z.array(z.object({ id: z.string(), title: z.string(), details: z.string(), createdAt: dateTime, updatedAt: dateTime })),
  /** Sessions the account teaches (tutors). */
  sessions: z.array(z.object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    status: z.string(),
    registrationStartDate: dateTime,
    registrationEndDate: dateTime,
    classStartDate: dateTime,
    classEndDate: dateTime,
    registrationFeeCents: z.number().int(),
    maxParticipants: z.number().int().nullable(),
    bookedCount: z.number().int(),
    rejectionReason: z.string().nullable(),
    rejectionFeedback: z.string().nullable(),
    createdAt: dateTime,
    updatedAt: dateTime,
  })),
  /** Materials the account shared (tutors): their description, not the files' bytes. */
  materials: z.array(materialSchema.pick({ id: true, sessionId: true, title: true, link: true, fileName: true, mimeType: true, fileSize: true, createdAt: true, updatedAt: true })),
  /**
   * Emails to the account: sent in the last 30 days (older ones are not kept), waiting in the
   * outbox, or given up on (`failed`). `createdAt`: when it was sent, or queued when not sent.
   * `text` is null when the message held a one-time link (reset, verification) or is written
   * only when sent.
   */
  emails: z.array(z.object({ subject: z.string(), status: z.enum(['sent', 'waiting to be sent', 'failed']), createdAt: dateTime, text: z.string().nullable() })),
  /** Audit log entries about the account or made by it. */
  auditLog: z.array(z.object({ at: dateTime, actor: z.string(), action: z.string(), targetType: z.string(), targetId: z.string(), details: z.record(z.string(), z.unknown()) })),
  /** Which optional emails the account gets (Settings; docs/decisions/021-notification-emails.md). */
  notifications: notificationSettingsSchema,
});
export type MyData = z.infer<typeof myDataSchema>;

/** The password confirms that the person at the keyboard owns the account. */
export const deleteMyAccountBody = z.object({
  password: z.string().min(1, 'errors.input.password').max(200),
});
export type DeleteMyAccountBody = z.infer<typeof deleteMyAccountBody>;

/** What a deletion did, said to the person who asked. */
export const accountDeletedSchema = z.object({
  message: z.string(),
  cancelledBookings: z.number().int(),
  refundedBookings: z.number().int(),
});
export type AccountDeleted = z.infer<typeof accountDeletedSchema>;

/**
 * What deleting the caller's account would do to their bookings now, asked before they confirm:
 * upcoming bookings released, paid ones refunded (before their cancellation cutoff, as cancelling
 * would), and paid ones not refunded (inside the cutoff: the seat goes to the waitlist).
 */
export const accountDeletionPreviewSchema = z.object({
  cancelledBookings: z.number().int(),
  refundedBookings: z.number().int(),
  notRefundedBookings: z.number().int(),
});
export type AccountDeletionPreview = z.infer<typeof accountDeletionPreviewSchema>;


/** How many exports (JSON or ZIP) of one's own data an account may make in an hour. */
export const EXPORTS_PER_HOUR = 6;
