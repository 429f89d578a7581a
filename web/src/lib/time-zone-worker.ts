/**
 * Reads the browser's time zone off the page's main thread (lib/time-zone-cookie.ts). The first
 * use of Intl in a page starts ICU, the browser's internationalisation library: 40–80 ms of one
 * uninterrupted task on this machine, several times that on a phone, and the rest of the page
 * waits. ICU is started once per browser process, so started here, on the worker's thread, it is
 * ready when the app's own dates and numbers ask for it.
 */
const worker = globalThis as unknown as { postMessage(message: unknown): void };
worker.postMessage(Intl.DateTimeFormat().resolvedOptions().timeZone);
