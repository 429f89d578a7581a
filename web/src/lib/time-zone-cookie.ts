import { TIME_ZONE_COOKIE, timeZoneOrNull } from '#contract/time-zone.ts';

/**
 * Tells the server the viewer's time zone for the pages it draws next (a year, this site only),
 * so that their times come drawn as the browser draws them (lib/dates.ts). Run by the page's
 * script (boot.ts) on every page, before the app starts; the promise settles once the zone is
 * known, in at most `waitMs`.
 *
 * The zone is read by a worker (lib/time-zone-worker.ts): the first use of Intl in a page starts
 * ICU, the page's longest single task (Total Blocking Time), and ICU started by the worker is
 * started for the page too. Without a worker, or when it fails or is late, the page reads the
 * zone itself, as before.
 */
export function rememberTimeZone(waitMs: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = (zone?: unknown) => {
      if (typeof zone === 'string') browserZone ??= timeZoneOrNull(zone) ?? undefined;
      // Without the worker's zone, or with one Intl refuses, the page's own reading (UTC at worst).
      writeCookie(browserTimeZone());
      resolve();
    };
    let worker: Worker;
    try {
      worker = new Worker(new URL('./time-zone-worker.ts', import.meta.url));
    } catch {
      done();
      return;
    }
    let settled = false;
    const settle = (zone?: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(late);
      worker.terminate();
      done(zone);
    };
    const late = setTimeout(settle, waitMs);
    worker.onmessage = (event: MessageEvent<unknown>) => settle(event.data);
    worker.onerror = () => settle();
  });
}

function writeCookie(zone: string): void {
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
