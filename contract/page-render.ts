// The one description of the server-side renderer's interface: web/src/entry-server.tsx
// implements it, server/http/server-render.ts loads its build and calls it (the server never
// imports the web app). docs/decisions/013-server-rendering.md, 041-pages-loaders-actions.md.

/**
 * The cookie a form's action leaves for its next page, holding that page's success message
 * (web/src/lib/page-data.ts `sentOn`), which the server reads and clears when it draws the page.
 */
export const DONE_COOKIE = 'done';

/** Answers a page's API calls (`/api/…`) in-process, as the visitor. */
export type PageApiTransport = (url: string, init: RequestInit) => Promise<Response>;

export interface RenderInput {
  /** Path and query string of the page, e.g. `/all-sessions?q=math`. */
  url: string;
  /** GET (drawing the page) or POST (a form sent to it: its route's action, then the page). */
  method?: 'GET' | 'POST';
  /** A POST's body as the browser sent it: urlencoded text, or the bytes of a multipart form (a file in it). */
  body?: string | Uint8Array;
  /** A POST's Content-Type (multipart's carries its boundary); urlencoded when left out. */
  contentType?: string;
  /** Answers the page's API calls in-process, with the visitor's cookie (a GET draws, a POST may change). */
  api: PageApiTransport;
  /** The app's public origin (BASE_URL): redirect targets taken from the URL must stay on it. */
  origin?: string;
  /** Gives up on a render that takes longer (the server then sends the page without HTML). */
  timeoutMs?: number;
  /** The visitor's IANA time zone (their cookie, contract/time-zone.ts); without it times are drawn in UTC, labelled so. */
  timeZone?: string | null;
  /** The page's language code (i18n/languages.ts); English when unknown. */
  language?: string;
  /** The success message a form left for this page (its `done` cookie: web/src/lib/page-data.ts), said once. */
  done?: string | null;
}

export type RenderOutput =
  | {
      html: string;
      /** The query cache and the router's data as the page used them, as the data element that goes after the page, for main.tsx. */
      stateElement: string;
      /** 404 for a path no route has or a thing a loader did not find, a refused form's 4xx, else 200. */
      status: number;
      /** The document title the page sets (`StudyNest | Home`), when it sets one. */
      title: string | null;
      /** A public page's description, canonical link, Open Graph and Twitter tags for its <head>; empty for others. */
      head: string;
      redirect?: undefined;
    }
  /**
   * A loader or an action sends the visitor elsewhere (302 from a guard, 303 after a form).
   * `leavesSite`: an action's redirectDocument to an address the API gave (a payment page), the
   * only target outside the site the server follows.
   */
  | { redirect: string; status: number; leavesSite?: boolean; setCookies: string[] };

export interface RenderModule {
  render(input: RenderInput): Promise<RenderOutput>;
  /** The URL a signed-out visitor's page is drawn from and kept under (path and the parameters it reads). */
  sharedPageUrl(url: string): string;
  /** The page paths (Fastify's `:param` syntax) whose route has an action: they take a form's POST. */
  formPaths(): string[];
}
