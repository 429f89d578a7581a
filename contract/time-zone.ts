// The viewer's time zone as the browser reports it (web/src/lib/time-zone.ts writes it into this
// cookie), so that the server draws a page's times as the browser will (issue 17: no flip when
// the app takes the page over). A zone is an IANA name Intl knows, e.g. "Europe/Madrid".
export const TIME_ZONE_COOKIE = 'tz';

/** The zone when `name` is one Intl knows (canonical spelling), else null. */
export function timeZoneOrNull(name: string | null | undefined): string | null {
  if (!name || name.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(name)) return null;
  try {
    return new Intl.DateTimeFormat('en-GB', { timeZone: name }).resolvedOptions().timeZone;
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
