// The study session as every client sees it. Request schemas of the session calls are
// added next to it by the sessions feature.
import { z } from 'zod';

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
