import { TIME_ZONE_COOKIE, timeZoneOrNull } from '#contract/time-zone.ts';

/**
 * Tells the server the viewer's time zone for the pages it draws next (a year, this site only),
 * so that their times come drawn as the browser draws them (lib/dates.ts). Started by the page's
 * script (boot.ts) on every page, before the app; nothing waits for it.
 *
 * The zone is read by a worker (lib/time-zone-worker.ts): the page's first use of Intl starts
 * ICU, which was the longest single task after the first paint (Total Blocking Time), and ICU
 * started by the worker is started for the page too. Whatever asks for the zone before the worker
 * has answered (the app's first dates) reads it itself, as without a worker; so does the page
 * when there is no worker or it fails. The cookie is written with the first zone known, and at
 * the latest when the app is live (rememberTimeZoneNow).
 */
export function rememberTimeZone(): void {
  let worker: Worker;
  try {
    worker = new Worker(new URL('./time-zone-worker.ts', import.meta.url));
  } catch {
    rememberTimeZoneNow();
    return;
  }
  // The worker ends itself once it has answered (lib/time-zone-worker.ts).
  const done = (zone?: unknown) => {
    // Checked by the worker as browserTimeZone checks it: the canonical name, or null.
    if (typeof zone === 'string') browserZone ??= zone;
    rememberTimeZoneNow();
  };
  worker.onmessage = (event: MessageEvent<unknown>) => done(event.data);
  worker.onerror = () => done();
}

/**
 * Writes the cookie now (again, when the worker has: the same value), reading the zone on this
 * thread if the worker has not told it yet.
 */
export function rememberTimeZoneNow(): void {
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(browserTimeZone())}; path=/; max-age=31536000; samesite=lax${secure}`;
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
