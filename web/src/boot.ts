/**
 * The page's only script tag. Pages arrive drawn by the server (server/http/server-render.ts),
 * so the app's JavaScript is not needed to see them, only to use them: it is fetched once the
 * browser has painted the page, so that on a slow phone it does not compete with the stylesheet
 * and the hero image for the connection (issue 9: LCP ≤ 1.5 s on slow 4G); its files are then
 * all requested at once (start). docs/decisions/013-server-rendering.md.
 */
// Before any chunk builds a zod schema (the contract's), so that zod never probes for eval.
import '#web/lib/zod-without-eval.ts';
// The stylesheet is needed for the first paint: linked from the page's <head> by the build.
import '#web/styles.css';
import type { EarlyHold } from '#web/early-hold.ts';

/** However the first paint goes, the app starts within this time. */
const AT_THE_LATEST_MS = 3000;

/** Every file of the app, from the build (web/vite.config.ts): fetched at once, in parallel. */
declare const __APP_FILES__: string[];

/**
 * The app in three parts, each evaluated in a task of its own so that the browser can answer
 * input between them: React, the contract's schemas, then the app, which hydrates the page in
 * slices (Total Blocking Time). Their files are all requested first, so the parts cost no extra
 * round trip.
 */
const parts = [() => import('react-dom/client'), () => import('#web/app/startup-schemas.ts'), () => import('./main.tsx')];

let started = false;
async function start() {
  if (started) return;
  started = true;
  // Into the HTTP cache (the files are immutable), where the module loader finds them.
  for (const file of __APP_FILES__) void fetch(file).catch(() => undefined);
  for (const part of parts) {
    await part();
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

const drawnByServer = Boolean(document.getElementById('root')?.hasChildNodes());

/*
 * A server-drawn page shows its buttons before the app can answer them. A click on one (or a
 * form sent with Enter) before then would be lost, or would send the form the browser's way (a
 * GET with the fields, passwords included, in the address): held until the app is live
 * (<html data-app="ready">, set by the root layout), then clicked again. Links are left alone:
 * they work without the app.
 */
const held: Array<HTMLElement | HTMLFormElement> = [];
function holdClick(event: MouseEvent) {
  const button = event.target instanceof Element ? event.target.closest<HTMLElement>('button, input[type="submit"]') : null;
  if (!button) return;
  event.preventDefault();
  event.stopPropagation();
  if (!held.includes(button)) held.push(button);
}
function holdSubmit(event: SubmitEvent) {
  event.preventDefault();
  event.stopPropagation();
  if (event.target instanceof HTMLFormElement && !held.includes(event.target)) held.push(event.target);
}
/**
 * Text typed into a field before the app was live is on the screen but not in the app's state
 * (React took the field over with that text as its starting point): told to the app as an edit,
 * so that what the visitor sees is what the form sends.
 */
function handOverTypedText() {
  const fields = document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('#root input:not([type="file"]):not([type="hidden"]):not([type="checkbox"]):not([type="radio"]), #root textarea');
  // All read first: the app draws its state back into the other fields as each one is handed over.
  const typed = [...fields].filter((field) => field.value !== field.defaultValue).map((field) => [field, field.value] as const);
  for (const [field, text] of typed) {
    const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    const setNative = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
    if (!setNative || !field.isConnected) continue;
    // Through React's own setter first (what it last saw becomes the server's value), then the
    // browser's: React then sees the input event as a change to the typed text.
    field.value = field.defaultValue;
    setNative.call(field, text);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/**
 * Choices made before the app was live (a checkbox, a radio button, an option of a select), as
 * the visitor left them: hydration may draw the app's state back over them, so they are noted as
 * they change and handed to the app once it is live, the way the browser would have.
 */
const choices = new Map<HTMLInputElement | HTMLSelectElement, boolean | string>();
function noteChoice(event: Event) {
  const field = event.target;
  if (field instanceof HTMLSelectElement) choices.set(field, field.value);
  else if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) choices.set(field, field.checked);
}
function handOverChoices() {
  for (const [field, choice] of choices) {
    if (!field.isConnected) continue;
    if (field instanceof HTMLSelectElement) {
      field.value = String(choice);
      field.dispatchEvent(new Event('change', { bubbles: true }));
    } else if (field.type === 'checkbox' || choice === true) {
      // React's setter notes the opposite state; the click then makes the choice and tells React
      // (a radio button is only ever chosen by a click).
      field.checked = !choice;
      field.click();
    }
  }
  choices.clear();
}

function releaseWhenLive() {
  const root = document.documentElement;
  const release = () => {
    if (root.dataset.app !== 'ready') return false;
    document.removeEventListener('click', holdClick, true);
    document.removeEventListener('submit', holdSubmit, true);
    document.removeEventListener('change', noteChoice, true);
    handOverTypedText();
    handOverChoices();
    for (const element of held) {
      if (!element.isConnected) continue;
      if (element instanceof HTMLFormElement) element.requestSubmit();
      else element.click();
    }
    return true;
  };
  if (release()) return;
  const watcher = new MutationObserver(() => {
    if (release()) watcher.disconnect();
  });
  watcher.observe(root, { attributes: true, attributeFilter: ['data-app'] });
}
if (drawnByServer) {
  document.addEventListener('click', holdClick, true);
  document.addEventListener('submit', holdSubmit, true);
  document.addEventListener('change', noteChoice, true);
  releaseWhenLive();
}
// Forms sent before this script ran were held by the page's inline guard (web/src/early-hold.ts).
const early = window as Window & EarlyHold;
if (early.holdEarly) removeEventListener('submit', early.holdEarly, true);
for (const form of early.heldEarly ?? []) if (drawnByServer && !held.includes(form)) held.push(form);
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
