/**
 * The page's only script tag. Pages arrive drawn by the server (server/http/server-render.ts),
 * so the app's JavaScript is not needed to see them, only to use them: it is fetched once the
 * browser has painted the page, so that on a slow phone it does not compete with the stylesheet
 * and the hero image for the connection (target: LCP ≤ 1.5 s on slow 4G); its files are then
 * all requested at once (start). docs/decisions/013-server-rendering.md.
 *
 * Nothing on the page waits for it: links are links, and forms are real forms whose fields keep
 * what is typed until the app takes them over and reads them; a form sent before then goes to
 * the server the browser's way (docs/decisions/018-forms-before-the-app.md).
 */
// Before any chunk builds a zod schema (the contract's), so that zod never probes for eval.
import '#web/lib/zod-without-eval.ts';
// The stylesheet is needed for the first paint: linked from the page's <head> by the build.
import '#web/styles.css';
import { rememberTimeZone } from '#web/lib/time-zone-cookie.ts';

// The next page the server draws shows times in the viewer's zone (lib/dates.ts). Read by a
// worker, which starts ICU off the main thread; nothing waits for it.
rememberTimeZone();

/** However the first paint goes, the app starts within this time. */
const AT_THE_LATEST_MS = 3000;

/** Every file of the app, from the build (web/vite.config.ts): fetched at once, in parallel. */
declare const __APP_FILES__: string[];

/**
 * The app in parts, each evaluated in a task of its own so that the browser can answer input
 * between them: React, then the contract's schemas the app needs at start and React Router
 * (app/startup-parts: building zod schemas is a good part of the app's start-up work, and together
 * they made some of the page's longest tasks), then the app, which hydrates the page in slices
 * (Total Blocking Time). Not zod alone: a part is a dynamic import, and zod's whole namespace
 * would then ship, 60 KB more. Their files are all requested first, so the parts cost no extra
 * round trip.
 */
const parts = [
  () => import('#web/app/startup-parts/react.ts'),
  () => import('#web/app/startup-parts/common-schemas.ts'),
  () => import('#web/app/startup-parts/router-and-user-schemas.ts'),
  () => import('#web/app/startup-parts/session-schemas.ts'),
  () => import('./main.tsx'),
];

/** A fetch costs the main thread about 0.4 ms (more on a phone): ~40 of them in one task made a long task. */
const FETCHES_PER_TASK = 6;

let started = false;
async function start() {
  if (started) return;
  started = true;
  // Into the HTTP cache (the files are immutable), where the module loader finds them; a few per task.
  const files = __APP_FILES__;
  for (let i = 0; i < files.length; i += FETCHES_PER_TASK) {
    for (const file of files.slice(i, i + FETCHES_PER_TASK)) void fetch(file).catch(() => undefined);
    await nextTask();
  }
  for (const part of parts) {
    await part();
    await nextTask();
  }
}

const drawnByServer = Boolean(document.getElementById('root')?.hasChildNodes());

// A tab opened in the background paints nothing until shown; a page the server could not draw
// has nothing to paint before the app.
if (!drawnByServer || document.visibilityState === 'hidden' || !PerformanceObserver.supportedEntryTypes.includes('paint')) {
  void start();
} else {
  const firstPaint = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    firstPaint.disconnect();
    void start();
  });
  firstPaint.observe({ type: 'paint', buffered: true });
  setTimeout(() => void start(), AT_THE_LATEST_MS);
}

/** Resolves in a task of its own, so that the browser can paint and answer input in between. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
