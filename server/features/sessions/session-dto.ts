// Database row → the Session DTOs (contract/sessions.ts). Rejection details are private to the
// owning tutor and admins; the tutor's email is only in the answers made for them (Session),
// never in what anyone may read (PublicSession).
import type { PublicSession, Session, SessionDetails } from '#contract/sessions.ts';
import type { CurrentUser } from '#server/auth/current-user.ts';
import type { StudySessionRow } from '#server/db/schema.ts';
import { durationInWords } from './session-duration.ts';

export function isRegistrationOpen(row: Pick<StudySessionRow, 'status' | 'registrationStartDate' | 'registrationEndDate'>, now: Date): boolean {
  if (row.status !== 'approved') return false;
  const t = now.getTime();
  return Date.parse(row.registrationStartDate) <= t && t <= Date.parse(row.registrationEndDate);
}

/**
 * Whether the viewer teaches this session now: its tutor, still a tutor. A tutor's rights over
 * their sessions follow their current role (an admin may make them a student, docs/decisions/039).
 */
export function isTutorOf(row: Pick<StudySessionRow, 'tutorId'>, viewer: CurrentUser | null): boolean {
  return viewer !== null && viewer.role === 'tutor' && viewer.id === row.tutorId;
}

export function canSeePrivateDetails(row: Pick<StudySessionRow, 'tutorId'>, viewer: CurrentUser | null): boolean {
  return viewer !== null && (viewer.role === 'admin' || isTutorOf(row, viewer));
}

/** For the tutor's and admins' answers. */
export function toSessionDto(row: StudySessionRow, viewer: CurrentUser | null, now: Date): Session {
  return { ...toPublicSessionDto(row, viewer, now), tutorEmail: row.tutorEmail, meetingUrl: row.meetingUrl };
}

/** A session's page: its email only for the tutor and admins. */
export function toSessionDetailsDto(row: StudySessionRow, viewer: CurrentUser | null, now: Date, waitlistLength: number, viewerBooked = false): SessionDetails {
  // The meeting link of an online class: its tutor, admins and the students booked on it.
  const meetingUrl = canSeePrivateDetails(row, viewer) || viewerBooked ? row.meetingUrl : null;
  return { ...toPublicSessionDto(row, viewer, now), tutorEmail: canSeePrivateDetails(row, viewer) ? row.tutorEmail : null, waitlistLength, meetingUrl };
}

/** For answers anyone may read: the public lists, a student's bookings. */
export function toPublicSessionDto(row: StudySessionRow, viewer: CurrentUser | null, now: Date): PublicSession {
  const privateDetails = canSeePrivateDetails(row, viewer);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    tutorId: row.tutorId,
    tutorName: row.tutorName,
    registrationStartDate: row.registrationStartDate,
    registrationEndDate: row.registrationEndDate,
    classStartDate: row.classStartDate,
    classEndDate: row.classEndDate,
    durationMinutes: row.durationMinutes,
    sessionDuration: durationInWords(row.durationMinutes),
    registrationFee: row.registrationFeeCents / 100,
    maxParticipants: row.maxParticipants,
    seatsTaken: row.bookedCount,
    cancellationCutoffHours: row.cancellationCutoffHours,
    tutorTimeZone: row.tutorTimeZone,
    status: row.status,
    rejectionReason: privateDetails ? row.rejectionReason : null,
    rejectionFeedback: privateDetails ? row.rejectionFeedback : null,
    cancellationReason: row.status === 'cancelled' ? row.cancellationReason : null,
    cancelledAt: row.status === 'cancelled' ? row.cancelledAt : null,
    locationKind: row.locationKind,
    placeName: row.locationKind === 'in_person' ? row.placeName : null,
    placeAddress: row.locationKind === 'in_person' ? row.placeAddress : null,
    averageRating: row.ratingCount > 0 ? Math.round((row.ratingSum / row.ratingCount) * 10) / 10 : null,
    reviewCount: row.ratingCount,
    isOpen: isRegistrationOpen(row, now),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
