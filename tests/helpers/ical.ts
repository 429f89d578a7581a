// Reads an iCalendar file with a real parser (ical.js), so that tests check what calendar apps
// will read, not how the text happens to be spelled.
import ICAL from 'ical.js';

export interface ParsedEvent {
  uid: string;
  sequence: number;
  status: string | null;
  summary: string;
  start: string;
  end: string;
  location: string | null;
  url: string | null;
  description: string;
  /** Each alarm's trigger in seconds relative to the start (negative = before). */
  alarms: number[];
  attendees: string[];
}

export interface ParsedCalendar {
  method: string | null;
  events: ParsedEvent[];
}

const text = (value: unknown) => (value === null || value === undefined ? null : String(value));

/** Throws when the text is not iCalendar; every VEVENT with the properties tests look at. */
export function parseCalendar(ics: string): ParsedCalendar {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  if (calendar.name !== 'vcalendar') throw new Error(`not a VCALENDAR: ${calendar.name}`);
  return {
    method: text(calendar.getFirstPropertyValue('method')),
    events: calendar.getAllSubcomponents('vevent').map((vevent) => {
      const event = new ICAL.Event(vevent);
      return {
        uid: event.uid,
        sequence: event.sequence,
        status: text(vevent.getFirstPropertyValue('status')),
        summary: event.summary,
        start: event.startDate.toJSDate().toISOString(),
        end: event.endDate.toJSDate().toISOString(),
        location: text(event.location),
        url: text(vevent.getFirstPropertyValue('url')),
        description: event.description,
        alarms: vevent.getAllSubcomponents('valarm').map((alarm) => (alarm.getFirstPropertyValue('trigger') as ICAL.Duration).toSeconds()),
        attendees: vevent.getAllProperties('attendee').map((p) => String(p.getFirstValue()).replace(/^mailto:/i, '').toLowerCase()),
      };
    }),
  };
}

/** The decoded text/calendar attachment of a captured mail (nodemailer sends it base64). */
export function calendarAttachment(raw: string): string {
  const part = /Content-Type: text\/calendar[\s\S]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(raw)?.[1];
  if (!part) throw new Error('no text/calendar attachment');
  return Buffer.from(part.replace(/\s/g, ''), 'base64').toString('utf8');
}
