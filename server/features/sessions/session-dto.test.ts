// A session's answer says its duration in words in the language it is built for: no hook
// rewrites the answer afterwards (docs/decisions/046-no-hidden-state.md).
import { describe, expect, it } from 'vitest';
import type { StudySessionRow } from '#server/db/schema.ts';
import { toPublicSessionDto, toSessionDetailsDto, toSessionDto } from './session-dto.ts';

const row = {
  id: 's1',
  title: 'Algebra',
  description: 'Equations',
  tutorId: 't1',
  tutorName: 'Maria',
  tutorEmail: 'maria@example.com',
  registrationStartDate: '2026-01-01T00:00:00.000Z',
  registrationEndDate: '2026-01-10T00:00:00.000Z',
  classStartDate: '2026-01-20T10:00:00.000Z',
  classEndDate: '2026-01-21T12:30:00.000Z',
  durationMinutes: 1590,
  registrationFeeCents: 0,
  maxParticipants: null,
  cancellationCutoffHours: 24,
  maxSeatsPerBooking: 1,
  seriesId: null,
  status: 'approved',
  rejectionReason: null,
  rejectionFeedback: null,
  bookedCount: 0,
  ratingSum: 0,
  ratingCount: 0,
  cancellationReason: null,
  cancelledAt: null,
  calendarSequence: 0,
  locationKind: null,
  placeName: null,
  placeAddress: null,
  meetingUrl: null,
  tutorTimeZone: null,
  classTimeSetAt: null,
  rescheduledAt: null,
  minimumStudents: null,
  decisionHoursBefore: null,
  minimumOutcome: null,
  minimumDecidedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
} satisfies StudySessionRow;
const now = new Date('2026-01-05T00:00:00.000Z');

describe('a session answer’s duration', () => {
  it('is said in the language the answer is built for', () => {
    expect(toPublicSessionDto(row, null, now, 'en').sessionDuration).toBe('1 day 2 hours 30 minutes');
    expect(toPublicSessionDto(row, null, now, 'es').sessionDuration).toBe('1 día 2 horas 30 minutos');
    expect(toSessionDto(row, null, now, 'es').sessionDuration).toBe('1 día 2 horas 30 minutos');
    expect(toSessionDetailsDto(row, null, now, 'es', 0).sessionDuration).toBe('1 día 2 horas 30 minutos');
  });
});
