/**
 * The one inline script of the page, first in its <head> (put there by web/vite.config.ts) and
 * allowed by its hash in the Content-Security-Policy (server/http/security.ts).
 *
 * The server draws the page, so its forms are on the screen as soon as the HTML is parsed; the
 * page's script (web/src/boot.ts) runs only once it has arrived and the stylesheet has loaded. A
 * form sent in between (Enter in the login form, autofilled by a password manager) would go the
 * browser's way: a GET to the same address with every field, password included, in the URL. This
 * holds such a submission, before any form exists, until boot.ts takes it over and replays it
 * when the app is live. Plain ES5, no dependencies: it runs before anything else.
 */
export const EARLY_HOLD_SCRIPT =
  'window.heldEarly=[];window.holdEarly=function(e){e.preventDefault();e.stopPropagation();if(heldEarly.indexOf(e.target)<0)heldEarly.push(e.target)};addEventListener("submit",holdEarly,true)';

/** The globals EARLY_HOLD_SCRIPT leaves for boot.ts. */
export interface EarlyHold {
  heldEarly?: HTMLFormElement[];
  holdEarly?: (event: Event) => void;
}
