import { describe, expect, it } from 'vitest';
import { buildIcs, escapeText, foldLine, icsDateTime } from './ics.ts';

const event = {
  uid: 'booking-0190a1b2@studynest',
  start: new Date('2026-03-01T09:30:00.000Z'),
  end: new Date('2026-03-01T11:00:00.000Z'),
  stamp: new Date('2026-02-01T08:00:05.123Z'),
  summary: 'Algebra; groups, rings',
  description: 'Bring a notebook.\nRoom 4\\B',
  url: 'https://studynest.example/session/abc',
  organizer: { name: 'Maria Tutor, PhD', email: 'maria@example.com' },
};

/** Undoes folding (RFC 5545 §3.1): a CRLF followed by one space or tab is removed. */
const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, '');

describe('iCalendar writer', () => {
  it('writes times in UTC basic format', () => {
    expect(icsDateTime(new Date('2026-03-01T09:30:00.000Z'))).toBe('20260301T093000Z');
  });

  it('escapes TEXT values', () => {
    expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
  });

  it('writes one VEVENT with the required properties, CRLF endings and a final CRLF', () => {
    const ics = buildIcs(event);
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = unfold(ics).split('\r\n');
    expect(lines.slice(0, 6)).toEqual(['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//StudyNest//Bookings//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH', 'BEGIN:VEVENT']);
    expect(lines).toContain('UID:booking-0190a1b2@studynest');
    expect(lines).toContain('DTSTAMP:20260201T080005Z');
    expect(lines).toContain('DTSTART:20260301T093000Z');
    expect(lines).toContain('DTEND:20260301T110000Z');
    expect(lines).toContain('SUMMARY:Algebra\\; groups\\, rings');
    expect(lines).toContain('DESCRIPTION:Bring a notebook.\\nRoom 4\\\\B');
    expect(lines).toContain('ORGANIZER;CN="Maria Tutor, PhD":mailto:maria@example.com');
    expect(lines.slice(-3)).toEqual(['END:VEVENT', 'END:VCALENDAR', '']);
  });

  it('folds long lines at 75 octets without splitting a UTF-8 character', () => {
    const summary = `Résumé writing 📚 ${'é'.repeat(80)} and more words to make it long`;
    const ics = buildIcs({ ...event, summary });
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    // A fold before a 2-byte é or 4-byte 📚 leaves some lines shorter than 75 octets.
    expect(ics.split('\r\n').some((l) => Buffer.byteLength(l, 'utf8') < 75 && Buffer.byteLength(l, 'utf8') > 72)).toBe(true);
    expect(unfold(ics)).toContain(`SUMMARY:${summary}`);
  });

  it('leaves short lines alone and starts continuation lines with one space', () => {
    expect(foldLine('SUMMARY:short')).toBe('SUMMARY:short');
    const folded = foldLine(`DESCRIPTION:${'x'.repeat(200)}`).split('\r\n');
    expect(folded[0]).toHaveLength(75);
    expect(folded.slice(1).every((l) => l.startsWith(' ') && l.length <= 75)).toBe(true);
  });
});
