// The viewer's time zone as the browser reports it (web/src/lib/time-zone.ts writes it into this
// cookie), so that the server draws a page's times as the browser will (no flip when
// the app takes the page over). A zone is an IANA name Intl knows, e.g. "Europe/Madrid".
export const TIME_ZONE_COOKIE = 'tz';

/**
 * Zones already found valid, by the spelling asked: making an Intl.DateTimeFormat to check a name
 * costs tens of microseconds, and a page asks for the same zone in every date it draws. Only
 * valid spellings are kept, at most 1,000 (Intl accepts any letter case, so a caller could
 * otherwise grow it without end).
 */
const knownZones = new Map<string, string>();

/** The zone when `name` is one Intl knows (canonical spelling), else null. */
export function timeZoneOrNull(name: string | null | undefined): string | null {
  if (!name || name.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(name)) return null;
  const known = knownZones.get(name);
  if (known) return known;
  try {
    const zone = new Intl.DateTimeFormat('en-GB', { timeZone: name }).resolvedOptions().timeZone;
    if (knownZones.size < 1000) knownZones.set(name, zone);
    return zone;
  } catch {
    return null;
  }
}

/** The time-zone cookie's value in a Cookie header, validated; null when absent or not a zone. */
export function timeZoneFromCookieHeader(header: string | undefined): string | null {
  const match = header?.match(new RegExp(`(?:^|;\\s*)${TIME_ZONE_COOKIE}=([^;]*)`));
  if (!match) return null;
  try {
    return timeZoneOrNull(decodeURIComponent(match[1]!));
  } catch {
    return null;
  }
}
