// Database row → the Session DTOs (contract/sessions.ts). Rejection details are private to the
// owning tutor and admins; the tutor's email is only in the answers made for them (Session),
// never in what anyone may read (PublicSession). Each is built in its caller's language: the
// duration's words are said here, not rewritten on the way out.
import type { AdminSessionListItem, MinimumStatus, PublicSession, Session, SessionDetails, TutorSessionListItem } from '#contract/sessions.ts';
import type { Language } from '#i18n/languages.ts';
import type { CurrentUser } from '#server/auth/current-user.ts';
import type { StudySessionRow } from '#server/db/schema.ts';
import { translatorFor, type ServerTranslator } from '#server/i18n/translate.ts';
import { durationInWords } from './session-duration.ts';
import type { AdminListedRow, TutorListedRow } from './session-repository.ts';

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

const HOUR_MS = 3_600_000;

/** When a class's minimum to run is decided: class start minus its hours (it moves with the class); null without one. */
export function decisionAtOf(row: Pick<StudySessionRow, 'minimumStudents' | 'decisionHoursBefore' | 'classStartDate'>): Date | null {
  if (row.minimumStudents === null || row.decisionHoursBefore === null) return null;
  return new Date(Date.parse(row.classStartDate) - row.decisionHoursBefore * HOUR_MS);
}

/** Where a class's minimum to run stands (docs/decisions/060-minimum-to-run.md); null without one. */
export function minimumStatusOf(row: Pick<StudySessionRow, 'minimumStudents' | 'minimumOutcome'>): MinimumStatus | null {
  if (row.minimumStudents === null) return null;
  return row.minimumOutcome ?? 'undecided';
}

/**
 * Why a cancelled session was called off, in the reader's language: the system's own reason (too
 * few students by the decision time) is said in it; a person's is as they wrote it.
 */
export function cancellationReasonOf(row: Pick<StudySessionRow, 'cancellationReason' | 'minimumOutcome' | 'minimumStudents'>, t: ServerTranslator): string | null {
  if (row.minimumOutcome === 'called_off') return t.t('answers.minimumNotReached', { minimum: row.minimumStudents ?? 0 });
  return row.cancellationReason;
}

/** A rejection's reason and feedback: the owning tutor's and admins' to read, null to anyone else. */
function rejectionDetails(row: Pick<StudySessionRow, 'tutorId' | 'rejectionReason' | 'rejectionFeedback'>, viewer: CurrentUser | null) {
  return canSeePrivateDetails(row, viewer) ? { rejectionReason: row.rejectionReason, rejectionFeedback: row.rejectionFeedback } : { rejectionReason: null, rejectionFeedback: null };
}

/** One of a tutor's sessions as their lists show it (contract tutorSessionListItemSchema). */
export function toTutorSessionListItem(row: TutorListedRow, viewer: CurrentUser | null): TutorSessionListItem {
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    updatedAt: row.updatedAt,
    classStartDate: row.classStartDate,
    classEndDate: row.classEndDate,
    tutorTimeZone: row.tutorTimeZone,
    maxParticipants: row.maxParticipants,
    seatsTaken: row.bookedCount,
    ...rejectionDetails(row, viewer),
  };
}

/** A session as the admins' All Sessions shows it (contract adminSessionListItemSchema). */
export function toAdminSessionListItem(row: AdminListedRow, viewer: CurrentUser | null): AdminSessionListItem {
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    tutorName: row.tutorName,
    tutorEmail: row.tutorEmail,
    registrationStartDate: row.registrationStartDate,
    registrationEndDate: row.registrationEndDate,
    classStartDate: row.classStartDate,
    registrationFee: row.registrationFeeCents / 100,
    updatedAt: row.updatedAt,
    ...rejectionDetails(row, viewer),
    locationKind: row.locationKind,
    seriesId: row.seriesId,
    maxParticipants: row.maxParticipants,
  };
}

/** For the tutor's and admins' answers. */
export function toSessionDto(row: StudySessionRow, viewer: CurrentUser | null, now: Date, language: Language): Session {
  return { ...toPublicSessionDto(row, viewer, now, language), tutorEmail: row.tutorEmail, meetingUrl: row.meetingUrl };
}

/** A session's page: its email only for the tutor and admins. */
export function toSessionDetailsDto(row: StudySessionRow, viewer: CurrentUser | null, now: Date, language: Language, waitlistLength: number, viewerBooked = false): SessionDetails {
  // The meeting link of an online class: its tutor, admins and the students booked on it.
  const meetingUrl = canSeePrivateDetails(row, viewer) || viewerBooked ? row.meetingUrl : null;
  return { ...toPublicSessionDto(row, viewer, now, language), tutorEmail: canSeePrivateDetails(row, viewer) ? row.tutorEmail : null, waitlistLength, meetingUrl };
}

/** For answers anyone may read: the public lists, a student's bookings. `language`: the caller's, that the duration is said in. */
export function toPublicSessionDto(row: StudySessionRow, viewer: CurrentUser | null, now: Date, language: Language): PublicSession {
  const privateDetails = canSeePrivateDetails(row, viewer);
  const t = translatorFor(language);
  const minimumStatus = minimumStatusOf(row);
  const decisionAt = decisionAtOf(row);
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
    sessionDuration: durationInWords(row.durationMinutes, t),
    registrationFee: row.registrationFeeCents / 100,
    maxParticipants: row.maxParticipants,
    seatsTaken: row.bookedCount,
    maxSeatsPerBooking: row.maxSeatsPerBooking,
    cancellationCutoffHours: row.cancellationCutoffHours,
    tutorTimeZone: row.tutorTimeZone,
    status: row.status,
    // Written out, not spread from rejectionDetails: this object is built for every session of every public list.
    rejectionReason: privateDetails ? row.rejectionReason : null,
    rejectionFeedback: privateDetails ? row.rejectionFeedback : null,
    cancellationReason: row.status === 'cancelled' ? cancellationReasonOf(row, t) : null,
    cancelledAt: row.status === 'cancelled' ? row.cancelledAt : null,
    locationKind: row.locationKind,
    placeName: row.locationKind === 'in_person' ? row.placeName : null,
    placeAddress: row.locationKind === 'in_person' ? row.placeAddress : null,
    averageRating: row.ratingCount > 0 ? Math.round((row.ratingSum / row.ratingCount) * 10) / 10 : null,
    reviewCount: row.ratingCount,
    isOpen: isRegistrationOpen(row, now),
    minimumStudents: row.minimumStudents,
    decisionHoursBefore: row.minimumStudents === null ? null : row.decisionHoursBefore,
    decisionAt: decisionAt?.toISOString() ?? null,
    minimumStatus,
    studentsNeeded: minimumStatus === 'undecided' ? Math.max(0, (row.minimumStudents ?? 0) - row.bookedCount) : 0,
    seriesId: row.seriesId,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
