/**
 * Reads the browser's time zone off the page's main thread (lib/time-zone-cookie.ts). The first
 * use of Intl in a page starts ICU, the browser's internationalisation library: tens of
 * milliseconds of one uninterrupted task, several times that on a phone. ICU is started once per
 * browser process, so started here, on the worker's thread, it is ready when the app's own dates
 * and numbers ask for it. The zone is checked as the page checks it (an en-GB format in that
 * zone), so that en-GB's data is loaded here too.
 */
import { timeZoneOrNull } from '#contract/time-zone.ts';

const worker = globalThis as unknown as { postMessage(message: unknown): void; close(): void };
worker.postMessage(timeZoneOrNull(Intl.DateTimeFormat().resolvedOptions().timeZone));
// Ends itself: the page's terminate() took the main thread 10+ ms in one task.
worker.close();
