// Booking a session, the waitlist, cancellation, the student's booked sessions and the
// tutor's roster.
import { z } from 'zod';
import { dateTime, pageOf, pageQuery } from './common.ts';
import { publicSessionSchema } from './sessions.ts';
import { bookingStateSchema } from './viewer-place.ts';

/** One named seat of a booking: who comes (an email only for their own calendar entry and reminders). */
export const attendeeSchema = z.object({
  name: z.string().trim().min(1, 'errors.input.attendeeNameRequired').max(100, 'errors.input.attendeeNameTooLong'),
  // Empty (a form's field left blank) is none. One string type, checked by a refinement: the
  // OpenAPI document keeps a plain nullable string.
  email: z
    .string()
    .trim()
    .max(254, 'errors.input.attendeeEmail')
    .refine((v) => v === '' || z.email().safeParse(v).success, 'errors.input.attendeeEmail')
    .nullable()
    .optional()
    .transform((v) => (v ? v.toLowerCase() : null)),
});
export type Attendee = z.infer<typeof attendeeSchema>;

/**
 * What a group asks for when its seats are not all free (docs/decisions/061-group-bookings.md):
 * `wait`, a place in line for all its seats (booked when all are free, in line order);
 * `takeFree`, the seats that are free for its first attendees (the others are not booked);
 * `refuse`, nothing (409, as a one-seat booking of a full session).
 */
export const IF_SHORT = ['refuse', 'wait', 'takeFree'] as const;
export const ifShortSchema = z.enum(IF_SHORT);
export type IfShort = z.infer<typeof ifShortSchema>;
/** The most attendees a body may name (the session's maxSeatsPerBooking bounds it further). */
export const MAX_ATTENDEES = 10;

/**
 * POST /api/book-session. The original API's other fields (role, studentEmail…) may be sent and
 * are ignored: identity comes from the cookie. `attendees` names each seat of a group booking (up
 * to the session's maxSeatsPerBooking); without it the booker takes one seat, their own.
 */
export const bookSessionBody = z.object({
  sessionId: z.string().min(1, 'errors.input.sessionRequired').max(64),
  attendees: z.array(attendeeSchema).min(1, 'errors.input.attendeesRequired').max(MAX_ATTENDEES, 'errors.input.tooManyAttendees').optional(),
  ifShort: ifShortSchema.optional(),
});
export type BookSessionBody = z.infer<typeof bookSessionBody>;

/**
 * Seat holds (bookings own them, server/features/bookings/hold-expiry.ts releases them on time):
 * booking a paid session holds its seat while the student pays; a seat that opens up in a full
 * paid session is held for the first student on its waitlist, who is emailed a link to pay.
 */
export const PAYMENT_HOLD_MINUTES = 30;
export const WAITLIST_OFFER_HOURS = 24;

/** A session the student booked or is waiting for, with the session's details. */
/** Marked by the tutor once class has started. */
export const attendanceSchema = z.enum(['present', 'absent']);
export type Attendance = z.infer<typeof attendanceSchema>;

/** PUT /api/sessions/{id}/attendance/{studentId} */
export const markAttendanceBody = z.object({ attendance: attendanceSchema });
export type MarkAttendanceBody = z.input<typeof markAttendanceBody>;
export const attendanceParams = z.object({ id: z.string().min(1).max(64), studentId: z.string().min(1).max(64) });

/** POST /api/sessions/{id}/attendance/all-present: how many booked students were marked present (those already marked keep their mark). */
export const markAllPresentResultSchema = z.object({ marked: z.number().int() });

export const bookedSessionSchema = z.object({
  /** The booking's id, or the waitlist entry's while waitlisted. */
  id: z.string(),
  sessionId: z.string(),
  sessionTitle: z.string(),
  /** To students who booked (a seat, paid or held); null while waitlisted. */
  tutorEmail: z.string().nullable(),
  studentEmail: z.string(),
  status: bookingStateSchema,
  /** 1 = next to get a seat; null when booked. */
  placeInLine: z.number().int().nullable(),
  /** While awaiting payment: the seat is released at this instant unless paid. */
  paymentDueBy: dateTime.nullable(),
  createdAt: dateTime,
  /** The last instant a booking can be cancelled: class start minus the session's cutoff, or 48 hours after its tutor moved the class if later (never past class start). */
  cancelUntil: dateTime,
  /** Booked and before the cutoff now. */
  canCancel: z.boolean(),
  /** The tutor's mark of this student, once class has started; null until marked (and while waiting). */
  attendance: attendanceSchema.nullable(),
  /** An online class's meeting link, once booked (a seat paid or free); null otherwise. */
  meetingUrl: z.string().nullable(),
  /** Seats the booking takes, or the waitlist entry waits for (1 unless a group). */
  seats: z.number().int(),
  /** Who each seat is for, as the booker named them; empty for a one-seat booking of the booker's own. */
  attendees: z.array(z.object({ name: z.string(), email: z.string().nullable() })),
  session: publicSessionSchema,
});
export type BookedSession = z.infer<typeof bookedSessionSchema>;

/** POST /api/book-session: a paid session answers with its seat held and the payment provider's page to pay on. */
export const bookSessionResultSchema = bookedSessionSchema.extend({
  /** Paid session: go there to pay (the booking is confirmed once the server sees the payment); null when booked. */
  checkoutUrl: z.string().nullable(),
});
export type BookSessionResult = z.infer<typeof bookSessionResultSchema>;

/**
 * A booked session as a list of them shows it (Booked Sessions' rows, grouped by series): its
 * title, time, tutor, place kind, fee, status and series. The booking's own page
 * (GET /api/view-booked-session/{id}) answers the whole session; a list of a student's bookings
 * does not carry each one's description and rules (docs/decisions/071-speed-at-full-scale.md).
 */
export const bookedSessionSummarySchema = publicSessionSchema.pick({
  id: true,
  title: true,
  tutorId: true,
  tutorName: true,
  classStartDate: true,
  classEndDate: true,
  durationMinutes: true,
  tutorTimeZone: true,
  status: true,
  locationKind: true,
  registrationFee: true,
  seriesId: true,
});
export type BookedSessionSummary = z.infer<typeof bookedSessionSummarySchema>;

/** One entry of GET /api/booked-sessions/{email}: the booking's own fields, and its session as a row shows it. */
export const bookedSessionListItemSchema = bookedSessionSchema.extend({ session: bookedSessionSummarySchema });
export type BookedSessionListItem = z.infer<typeof bookedSessionListItemSchema>;

export const bookedSessionPage = pageOf(bookedSessionListItemSchema);

/**
 * GET /api/booked-sessions/{email}: without `when`, every entry, newest booking first;
 * `when=upcoming`, those whose class has not ended, soonest class first; `when=past`, those whose
 * class has ended, latest class first (Booked Sessions' two sections). Pages by class start.
 */
export const bookedSessionsQuery = pageQuery.extend({ when: z.enum(['upcoming', 'past']).optional() });
export type BookedSessionsWhen = NonNullable<z.output<typeof bookedSessionsQuery>['when']>;
export type BookedSessionPage = z.infer<typeof bookedSessionPage>;

export const studentEmailParam = z.object({ email: z.string().min(3).max(254) });
export const bookedSessionParams = z.object({
  email: z.string().min(3).max(254),
  sessionId: z.string().min(1).max(64),
});

export const rosterEntrySchema = z.object({
  studentId: z.string(),
  name: z.string(),
  email: z.string(),
  status: bookingStateSchema,
  placeInLine: z.number().int().nullable(),
  /** When the student booked or joined the waitlist. */
  since: z.string(),
  /** A booked student's attendance once marked; null otherwise. */
  attendance: attendanceSchema.nullable(),
  /** Seats the booking takes, or the waitlist entry waits for (1 unless a group). */
  seats: z.number().int(),
  /** The people a group booking named, one a seat; empty when the booker took one seat for themself. */
  attendees: z.array(z.object({ name: z.string(), email: z.string().nullable() })),
});
export type RosterEntry = z.infer<typeof rosterEntrySchema>;

/** GET /api/sessions/{id}/roster: booked students first, then the waitlist in order. */
export const rosterSchema = pageOf(rosterEntrySchema).extend({
  bookedCount: z.number().int(),
  waitlistCount: z.number().int(),
  maxParticipants: z.number().int().nullable(),
});
export type Roster = z.infer<typeof rosterSchema>;

/**
 * POST /api/series/{id}/book: a student books the series from one of its classes on, in one
 * action (docs/decisions/064-series.md): a seat in each class with one free, a place on the
 * waitlist of each full one (each promoted on its own). Each class is booked as booking it alone
 * would, except that the paid classes held are paid together, through one page to pay on.
 */
export const bookSeriesBody = z.object({
  fromSessionId: z.string().min(1, 'errors.input.sessionRequired').max(64),
});
export type BookSeriesBody = z.infer<typeof bookSeriesBody>;

/** What booking the series did to each class from the one named on: booked, waiting, holding a seat to pay, or left as it was and why. */
export const SERIES_CLASS_OUTCOMES = ['booked', 'waitlisted', 'awaiting_payment', 'already', 'closed'] as const;
export const seriesClassOutcomeSchema = z.enum(SERIES_CLASS_OUTCOMES);
export type SeriesClassOutcome = z.infer<typeof seriesClassOutcomeSchema>;

export const bookSeriesResultSchema = z.object({
  items: z.array(
    z.object({
      sessionId: z.string(),
      classStartDate: dateTime,
      outcome: seriesClassOutcomeSchema,
      /** 1 = next to get a seat; null unless waitlisted. */
      placeInLine: z.number().int().nullable(),
      /** A class held for payment: the series' one page to pay on (the same as the answer's checkoutUrl); null otherwise. */
      checkoutUrl: z.string().nullable(),
    }),
  ),
  booked: z.number().int(),
  waitlisted: z.number().int(),
  /**
   * The one page to pay on for every class this booking holds for payment, charged the sum of
   * their fees (each booking keeps its share, refunded alone when that class is cancelled or
   * called off); null when no class is held for payment. Waitlisted classes are not charged.
   */
  checkoutUrl: z.string().nullable(),
  /** What that page charges, in the installation's currency (GET /api/config); 0 when nothing is held. */
  amountDue: z.number(),
});
export type BookSeriesResult = z.infer<typeof bookSeriesResultSchema>;
