// A session's .ics as calendar apps read it (RFC 5545): names with quotes, semicolons and colons
// stay inside their parameter, and long lines fold at 75 octets without splitting a character.
import { describe, expect, it } from 'vitest';
import { translatorFor } from '#server/i18n/translate.ts';
import { sessionCalendar } from './session-calendar.ts';

const deps = { config: { baseUrl: 'https://studynest.example' }, now: () => new Date('2026-11-30T10:00:00Z') } as Parameters<typeof sessionCalendar>[0];
const session = {
  id: 's1',
  title: 'Álgebra für alle ✓ — a title long enough that its SUMMARY line has to fold twice over',
  description: 'Bring a pencil; and paper, too.',
  tutorName: 'Ana "Bee" O\'Neil; Jr: PhD',
  tutorEmail: 'ana@example.com',
  classStartDate: '2026-12-01T10:00:00.000Z',
  classEndDate: '2026-12-01T11:00:00.000Z',
  status: 'approved',
  cancellationReason: null,
  calendarSequence: 2,
  locationKind: 'in_person',
  placeName: 'Room 4',
  placeAddress: '1 Main St',
  meetingUrl: null,
} as const;
const student = { id: 'u1', name: 'Lee "the kid"; x:y', email: 'lee@example.com' };

/** The content lines as a calendar app unfolds them (a CRLF followed by one space joins two lines). */
const unfolded = (body: string) => body.replace(/\r\n /g, '').split('\r\n');

describe('sessionCalendar', () => {
  const ics = sessionCalendar(deps, translatorFor('en'), session, student);

  it('quotes a name in a parameter value with RFC 6868 escapes, so its quotes and semicolons cannot end the parameter', () => {
    const lines = unfolded(ics.body);
    expect(lines).toContain(`ORGANIZER;CN="Ana ^'Bee^' O'Neil; Jr: PhD":mailto:ana@example.com`);
    expect(lines.find((l) => l.startsWith('ATTENDEE;'))).toContain(`CN="Lee ^'the kid^'; x:y":MAILTO:lee@example.com`);
  });

  it('folds every line at 75 octets, never inside a character, and unfolds to the title as written', () => {
    const raw = ics.body.split('\r\n');
    for (const line of raw) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(raw.some((line) => line.startsWith(' '))).toBe(true);
    expect(ics.body).not.toContain('\uFFFD');
    expect(unfolded(ics.body)).toContain(`SUMMARY:${session.title}`);
  });

  it('is one event under the UID of the session and the person, at the session’s sequence', () => {
    const lines = unfolded(ics.body);
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(lines).toContain('UID:s1.u1@studynest.example');
    expect(lines).toContain('SEQUENCE:2');
    expect(ics.body.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });
});
