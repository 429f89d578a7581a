// The calendar events of a session (RFC 5545, written by ical-generator): the .ics of a booked
// session (downloaded, attached to its emails) and the entries of a calendar feed. One event per
// session and person, under a UID that never changes, so that each later file or feed poll
// updates the entry the person already has: a new SEQUENCE when the time or place changes, and
// STATUS:CANCELLED (with METHOD:CANCEL in an email) when it is called off
// (docs/decisions/024-class-lifecycle.md). Its words (SUMMARY's "Cancelled:", DESCRIPTION's
// "Tutor:", the alarm) are the server catalogue's, in the language of the person it is for.
import ical, { ICalAlarmType, ICalCalendarMethod, ICalEventStatus, ICalEventTransparency, type ICalEventData } from 'ical-generator';
import type { CoreDeps } from '#server/core-deps.ts';
import type { StudySessionRow } from '#server/db/schema.ts';
import type { ServerTranslator } from '#server/i18n/translate.ts';

/** How long before class the event's alarm rings. */
export const ALARM_BEFORE_SECONDS = 3600;

export interface CalendarPerson {
  id: string;
  name: string;
  email: string;
}

/** Whether the file adds or updates the event (PUBLISH) or takes it out of the calendar (CANCEL). */
export type CalendarMethod = 'PUBLISH' | 'CANCEL';

type CalendarSession = Pick<
  StudySessionRow,
  | 'id'
  | 'title'
  | 'description'
  | 'tutorName'
  | 'tutorEmail'
  | 'classStartDate'
  | 'classEndDate'
  | 'status'
  | 'cancellationReason'
  | 'calendarSequence'
  | 'locationKind'
  | 'placeName'
  | 'placeAddress'
  | 'meetingUrl'
>;

/** Where the class happens, in words: "Room 4, 1 Main St", the meeting link or "To be announced"; null when not said. */
export function placeText(t: ServerTranslator, session: Pick<StudySessionRow, 'locationKind' | 'placeName' | 'placeAddress' | 'meetingUrl'>, withMeetingUrl: boolean): string | null {
  if (session.locationKind === 'in_person') return [session.placeName, session.placeAddress].filter(Boolean).join(', ');
  if (session.locationKind === 'online') return withMeetingUrl && session.meetingUrl ? t.t('ics.online', { url: session.meetingUrl }) : t.t('ics.onlineHidden');
  if (session.locationKind === 'tba') return t.t('ics.toBeAnnounced');
  return null;
}

/** One UID per session and person: every later file or feed entry updates the same calendar event. */
export function calendarUid(config: CoreDeps['config'], sessionId: string, personId: string): string {
  return `${sessionId}.${personId}@${new URL(config.baseUrl).hostname}`;
}

/**
 * The session's event for one person. `cancelled` marks the event called off for them (the whole
 * session cancelled or deleted, or their own booking cancelled); `sequenceBump` raises SEQUENCE
 * above the session's for a change that is the person's own (their booking cancelled).
 */
export function sessionEvent(
  deps: Pick<CoreDeps, 'config' | 'now'>,
  t: ServerTranslator,
  session: CalendarSession,
  person: CalendarPerson,
  opts: { cancelled?: boolean; sequenceBump?: number; asTutor?: boolean } = {},
): ICalEventData {
  const cancelled = opts.cancelled ?? session.status === 'cancelled';
  const link = `${deps.config.baseUrl}/session/${session.id}`;
  const reason = session.status === 'cancelled' && session.cancellationReason ? [t.t('ics.cancelledReason', { reason: session.cancellationReason }), ''] : [];
  return {
    id: calendarUid(deps.config, session.id, person.id),
    sequence: session.calendarSequence + (opts.sequenceBump ?? 0),
    stamp: deps.now(),
    start: new Date(session.classStartDate),
    end: new Date(session.classEndDate),
    summary: cancelled ? t.t('ics.cancelled', { title: session.title }) : session.title,
    description: [...reason, session.description, '', t.t('ics.tutor', { name: session.tutorName, email: session.tutorEmail }), link].join('\n'),
    // LOCATION: the place, or the meeting link; an online class's URL is where to join it. Only
    // people who may see the meeting link get an event (booked students, the tutor).
    location:
      session.locationKind === 'in_person' && session.placeName
        ? { title: session.placeName, ...(session.placeAddress && { address: session.placeAddress }) }
        : session.locationKind === 'online'
          ? session.meetingUrl
          : null,
    url: session.locationKind === 'online' && session.meetingUrl ? session.meetingUrl : link,
    organizer: { name: session.tutorName, email: session.tutorEmail },
    // The tutor organises their own class; a student attends it.
    attendees: opts.asTutor ? [] : [{ name: person.name, email: person.email }],
    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    transparency: cancelled ? ICalEventTransparency.TRANSPARENT : ICalEventTransparency.OPAQUE,
    alarms: cancelled ? [] : [{ type: ICalAlarmType.display, trigger: ALARM_BEFORE_SECONDS, description: t.t('ics.alarm', { title: session.title }) }],
  };
}

/** A calendar of events as text: CRLF line ends, the last line ended too (RFC 5545 §3.1). */
export function calendarText(t: ServerTranslator, events: ICalEventData[], opts: { method?: CalendarMethod | null; name?: string; refreshSeconds?: number } = {}): string {
  const method = opts.method === 'CANCEL' ? ICalCalendarMethod.CANCEL : opts.method === 'PUBLISH' ? ICalCalendarMethod.PUBLISH : null;
  // A feed's REFRESH-INTERVAL (RFC 7986) and X-PUBLISHED-TTL: how often calendar apps poll it.
  const ttl = opts.refreshSeconds ?? null;
  const calendar = ical({ prodId: { company: 'StudyNest', product: 'Sessions', language: t.language.toUpperCase() }, method, name: opts.name ?? null, ttl, events });
  return `${calendar.toString()}\r\n`;
}

/** The .ics of one session for one person, as a download or an email attachment. */
export function sessionCalendar(
  deps: Pick<CoreDeps, 'config' | 'now'>,
  t: ServerTranslator,
  session: CalendarSession,
  person: CalendarPerson,
  opts: { method?: CalendarMethod; sequenceBump?: number } = {},
): { filename: string; body: string; contentType: string } {
  const method = opts.method ?? (session.status === 'cancelled' ? 'CANCEL' : 'PUBLISH');
  const slug = fileSlug(session.title, 'session');
  const event = sessionEvent(deps, t, session, person, { cancelled: method === 'CANCEL', sequenceBump: opts.sequenceBump ?? 0 });
  return {
    filename: `studynest-${slug}.ics`,
    body: calendarText(t, [event], { method }),
    contentType: `text/calendar; charset=utf-8; method=${method}`,
  };
}

/** A title as a file name's part (`studynest-<slug>.ics`, a roster's CSV): lowercase ASCII words joined by hyphens, `fallback` when none is left. */
export function fileSlug(title: string, fallback: string): string {
  return title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40) || fallback;
}

/** A class's page in its tutor's dashboard (its roster), as emails link to it. */
export function tutorSessionUrl(baseUrl: string, session: { id: string; tutorEmail: string }): string {
  return `${baseUrl}/dashboard/session/${encodeURIComponent(session.tutorEmail)}/${session.id}`;
}
