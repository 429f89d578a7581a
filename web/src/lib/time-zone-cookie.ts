import { TIME_ZONE_COOKIE, timeZoneOrNull } from '#contract/time-zone.ts';

/**
 * Tells the server the viewer's time zone for the pages it draws next (a year, this site only),
 * so that their times come drawn as the browser draws them (lib/dates.ts). Run by the page's
 * script (boot.ts) on every page, before the app starts.
 */
export function rememberTimeZone(): void {
  const zone = browserTimeZone();
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax${secure}`;
}

let browserZone: string | undefined;

/**
 * The browser's own time zone, read once per page: every date the app draws asks for it
 * (lib/dates.ts, on each render), and reading it makes Intl objects.
 */
export function browserTimeZone(): string {
  browserZone ??= timeZoneOrNull(Intl.DateTimeFormat().resolvedOptions().timeZone) ?? 'UTC';
  return browserZone;
}
