// The study session as every client sees it, and the request/response schemas of the session
// calls (spec §7, PRODUCT.md §4 and §6). The server validates with these; the web app parses
// and builds its forms with them.
import { z } from 'zod';
import { isoDate, pageOf, pageQuery } from './common.ts';

export const sessionStatusSchema = z.enum(['pending', 'approved', 'rejected']);
export type SessionStatus = z.infer<typeof sessionStatusSchema>;

export const sessionSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  tutorId: z.string(),
  tutorName: z.string(),
  tutorEmail: z.string(),
  registrationStartDate: z.string(),
  registrationEndDate: z.string(),
  classStartDate: z.string(),
  classEndDate: z.string(),
  /** Minutes between class start and end, computed by the server. */
  durationMinutes: z.number().int(),
  /** The same in words, e.g. "2 hours 30 minutes". */
  sessionDuration: z.string(),
  /** In dollars; 0 = free. */
  registrationFee: z.number(),
  maxParticipants: z.number().int().nullable(),
  seatsTaken: z.number().int(),
  cancellationCutoffHours: z.number().int(),
  status: sessionStatusSchema,
  /** Only for the owning tutor and admins; null otherwise. */
  rejectionReason: z.string().nullable(),
  rejectionFeedback: z.string().nullable(),
  averageRating: z.number().nullable(),
  reviewCount: z.number().int(),
  /** Approved and inside its registration window now: the green "Ongoing" badge. */
  isOpen: z.boolean(),
  createdAt: z.string(),
  /** Last update (the spec's "timestamp"). */
  updatedAt: z.string(),
});
export type Session = z.infer<typeof sessionSchema>;

export const sessionPageSchema = pageOf(sessionSchema);
export type SessionPage = z.infer<typeof sessionPageSchema>;

/** Home's tutors: a name and an id (spec §3 Tutor). */
export const tutorSchema = z.object({ id: z.string(), name: z.string() });
export type Tutor = z.infer<typeof tutorSchema>;
export const tutorPageSchema = pageOf(tutorSchema);
export type TutorPage = z.infer<typeof tutorPageSchema>;

/** Query strings carry booleans as text: "true"/"1" on, anything else off. */
const queryFlag = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((v) => v === true || v === 'true' || v === '1');

const searchText = z.string().trim().max(100, 'Search is too long').optional();

/** Home's Sessions section: a small first page. */
export const approvedSessionsQuery = pageQuery.extend({
  limit: z.coerce.number().int().min(1).max(100).default(6),
});

/** GET /api/sessions: search by title or tutor name; `open` = registration window open now. */
export const sessionListQuery = pageQuery.extend({ q: searchText, open: queryFlag });
export type SessionListQuery = z.input<typeof sessionListQuery>;

/** GET /api/admin/sessions: every status, pending first. */
export const adminSessionListQuery = pageQuery.extend({ q: searchText, status: sessionStatusSchema.optional() });
export type AdminSessionListQuery = z.input<typeof adminSessionListQuery>;

export const tutorEmailParam = z.object({ email: z.string().min(3).max(254) });
export const tutorSessionParams = z.object({ email: z.string().min(3).max(254), id: z.string().min(1).max(64) });

export const MAX_CUTOFF_HOURS = 24 * 30;

const title = z.string().trim().min(1, 'Session title is required').max(200, 'Session title is too long');
const description = z.string().trim().min(1, 'Session description is required').max(5000, 'Session description is too long');
const maxParticipants = z
  .number()
  .int('Max participants must be a whole number')
  .positive('Max participants must be at least 1')
  .max(100_000, 'Max participants is too large')
  .nullable();
const cancellationCutoffHours = z
  .number()
  .int('Cancellation cutoff must be a whole number of hours')
  .min(0, 'Cancellation cutoff cannot be negative')
  .max(MAX_CUTOFF_HOURS, `Cancellation cutoff can be at most ${MAX_CUTOFF_HOURS} hours`);

/**
 * POST /api/create-session/{email}. status, registrationFee, sessionDuration, tutorName and
 * tutorEmail of the spec's payload are not part of it: unknown keys are dropped, the server
 * sets them (PRODUCT.md §4).
 */
export const createSessionBody = z.object({
  title,
  description,
  registrationStartDate: isoDate,
  registrationEndDate: isoDate,
  classStartDate: isoDate,
  classEndDate: isoDate,
  maxParticipants: maxParticipants.optional(),
  cancellationCutoffHours: cancellationCutoffHours.optional(),
});
export type CreateSessionBody = z.input<typeof createSessionBody>;

/** PUT /api/session/{email}/{id}: any subset; dates, capacity and cutoff only while pending or rejected (admins: always). */
export const updateSessionBody = createSessionBody.partial();
export type UpdateSessionBody = z.input<typeof updateSessionBody>;

export const MAX_FEE_DOLLARS = 10_000;

export const approveSessionBody = z.object({
  registrationFee: z
    .number()
    .min(0, 'Registration fee cannot be negative')
    .max(MAX_FEE_DOLLARS, `Registration fee can be at most $${MAX_FEE_DOLLARS}`)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'Registration fee has at most two decimals (cents)'),
  maxParticipants: maxParticipants.optional(),
});
export type ApproveSessionBody = z.input<typeof approveSessionBody>;

export const rejectSessionBody = z.object({
  reason: z.string().trim().min(1, 'A reason is required').max(500, 'The reason is too long'),
  feedback: z.string().trim().min(1, 'Feedback is required').max(2000, 'The feedback is too long'),
});
export type RejectSessionBody = z.input<typeof rejectSessionBody>;
