// Server-side rendering of the web app's pages: the page's HTML and the data it was drawn with,
// so that a visitor sees it before the JavaScript has arrived (LCP on a slow phone), and the
// pages' forms sent the browser's way (before the app is live, or without JavaScript): a POST to
// a page runs its route's action, the same the app runs. The renderer is the production build of
// web/src/entry-server.tsx (dist/ssr), called through contract/page-render.ts. Its API calls go
// through app.inject with the visitor's own cookie, so they pass every check a browser's call
// would. docs/decisions/013-server-rendering.md, 041-pages-loaders-actions.md.
import { pathToFileURL } from 'node:url';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasSessionCookie } from '#server/auth/session-cookie.ts';
import { firstCookie } from './cookie-header.ts';
import { DONE_COOKIE, type PageApiTransport, type RenderModule } from '#contract/page-render.ts';
import { safeRedirectPath } from '#contract/safe-redirect.ts';
import { timeZoneFromCookieHeader } from '#contract/time-zone.ts';
import { chooseLanguage, textDirection, type Language } from '#i18n/languages.ts';
import { translatorFor } from '#server/i18n/translate.ts';
import { keepTypedFields } from './typed-fields.ts';
import { escapeHtml } from './escape-html.ts';

/**
 * Pages of signed-out visitors are the same for all of them: each process keeps them for
 * `ttlMs` (LIST_CACHE_MS, as the public lists they show) and drops them all when `version`
 * changes (the public lists' cache was invalidated: a session approved, edited, deleted…).
 */
export interface PageCacheOptions {
  ttlMs: number;
  version: () => number;
}

type DrawnPage = { html: string; status: number } | { redirect: string; status: number };

/** Larger than any form of the app: notes are the longest (20,000 characters, percent-encoded). */
const FORM_BODY_LIMIT = 256 * 1024;
/**
 * A multipart form sent to a page (a material's file, without JavaScript): the API's largest file
 * (10 MB, server/app.ts) and room for the form's other fields; the API checks the file itself.
 */
const FILE_FORM_BODY_LIMIT = 10 * 1024 * 1024 + 256 * 1024;

interface CachedPage {
  page: DrawnPage;
  until: number;
  version: number;
  /** index.html itself (never kept as a page). */
  shell?: true;
}

const MAX_CACHED_PAGES = 500;
/** index.html's preload of the hero carousel's first image. */
const HERO_PRELOAD = /<link rel="preload" as="image"[^>]*>\s*/;
/** Renders in progress at once per process (one event loop): enough to overlap their API calls. */
const MAX_CONCURRENT_RENDERS = 3;

export interface PageRendererOptions {
  cache?: PageCacheOptions;
  /** The app's public origin (BASE_URL): a redirect never leaves it. */
  origin?: string;
  /** Renders running at once in this process; beyond them the shell is sent. */
  maxConcurrentRenders?: number;
  /** The language saved on a signed-in visitor's account, or null: theirs comes first. */
  accountLanguage?: (request: FastifyRequest) => Promise<string | null>;
}

export interface PageRenderer {
  /** Sends `request`'s page drawn by the server, or the bare index.html when drawing it fails. */
  send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
  /** Takes a form's POST (urlencoded, these routes only) at each page whose route has an action. */
  installForms(app: FastifyInstance): Promise<void>;
}

const ROOT_ELEMENT = '<div id="root"></div>';
const HTML_ELEMENT = /<html[^>]*>/;
const TITLE_ELEMENT = /<title>[^<]*<\/title>/;
/** index.html's own description, replaced by a shareable page's (its `head`: web/src/lib/page-meta.ts). */
const DESCRIPTION_ELEMENT = /<meta name="description"[^>]*>/;

export function createPageRenderer(app: FastifyInstance, entryFile: string, indexHtml: string, options: PageRendererOptions = {}): PageRenderer {
  const { cache, origin = 'http://localhost', maxConcurrentRenders = MAX_CONCURRENT_RENDERS, accountLanguage } = options;
  const at = indexHtml.indexOf(ROOT_ELEMENT);
  if (at < 0) throw new Error(`index.html has no ${ROOT_ELEMENT}`);
  const head = indexHtml.slice(0, at);
  const tail = indexHtml.slice(at + ROOT_ELEMENT.length);
  let loading: Promise<RenderModule> | undefined;
  const load = () => (loading ??= import(pathToFileURL(entryFile).href) as Promise<RenderModule>);

  /**
   * The page at `url` (the request's, or its shared form) as `cookie` sees it, or where its
   * loader sends them. A POST (`form`) runs the route's action first, whose API calls may change
   * things as the visitor; the cookies the API sets go into `setCookies`, and the action's later
   * calls and the page go as them (signed up, then signed in).
   */
  async function drawPage(renderer: RenderModule, request: FastifyRequest, url: string, cookie: string | undefined, language: Language, form?: { body: string | Buffer; contentType?: string; setCookies: string[] }): Promise<DrawnPage> {
    let jar = cookie;
    const api: PageApiTransport = async (apiUrl, init) => {
      const method = (init.method ?? 'GET').toUpperCase();
      // Drawing a page reads; only a form's action changes anything on the visitor's behalf.
      if (method !== 'GET' && !form) throw new Error(`A server render tried ${method} ${apiUrl}`);
      // JSON, or a multipart form (an action's file for the API), encoded as fetch encodes it.
      let body: string | Buffer | undefined = typeof init.body === 'string' ? init.body : undefined;
      let bodyType = 'application/json';
      if (init.body instanceof FormData) {
        const encoded = new Response(init.body);
        bodyType = encoded.headers.get('content-type') ?? 'multipart/form-data';
        body = Buffer.from(await encoded.arrayBuffer());
      }
      const res = await app.inject({
        method: method as 'GET',
        url: apiUrl,
        headers: {
          accept: 'application/json',
          // In the page's language: a refusal the page shows reads as the page does.
          'accept-language': language,
          ...(method === 'GET' ? {} : { origin }),
          ...(body === undefined ? {} : { 'content-type': bodyType }),
          ...(jar ? { cookie: jar } : {}),
          ...(request.headers['user-agent'] ? { 'user-agent': request.headers['user-agent'] } : {}),
        },
        remoteAddress: request.ip,
        ...(body === undefined ? {} : { payload: body }),
      });
      const set = [res.headers['set-cookie'] ?? []].flat();
      if (form && set.length > 0) {
        form.setCookies.push(...set);
        jar = mergeCookies(jar, set);
      }
      const contentType = res.headers['content-type'];
      return new Response(res.statusCode === 204 ? null : new Uint8Array(res.rawPayload), {
        status: res.statusCode,
        headers: typeof contentType === 'string' ? { 'content-type': contentType } : {},
      });
    };
    const page = await renderer.render({
      url,
      origin,
      language,
      method: form ? 'POST' : 'GET',
      body: form?.body,
      ...(form?.contentType ? { contentType: form.contentType } : {}),
      // Times on the page in the visitor's zone, as their browser will draw them.
      timeZone: timeZoneFromCookieHeader(request.headers.cookie),
      done: firstCookie(cookie, DONE_COOKIE),
      api,
    });
    if (page.redirect !== undefined) {
      form?.setCookies.push(...page.setCookies);
      // Only a payment page the API named leaves the site (an action's redirectDocument).
      return { redirect: page.leavesSite ? checkoutLocation(page.redirect) : safeRedirectPath(page.redirect, origin), status: page.status };
    }
    // index.html preloads the carousel's first slide for Home's first paint; no other page shows it.
    const base = new URL(url, 'http://localhost').pathname === '/' ? head : head.replace(HERO_PRELOAD, '');
    // Replaced by functions: a `$&` in a session's title or text is text, not a replacement pattern.
    const languageHead = inLanguage(base, language);
    const titled = page.title ? languageHead.replace(TITLE_ELEMENT, () => `<title>${escapeHtml(page.title!)}</title>`) : languageHead;
    const pageHead = page.head ? titled.replace(DESCRIPTION_ELEMENT, () => page.head) : titled;
    // A refused form: the page again with every field as it was sent (never a password or a file).
    // A form done on its own page (a new API key shown once) is drawn as the action left it: empty.
    const drawn = form && page.status >= 400 ? keepTypedFields(page.html, await typedFields(form)) : page.html;
    return { html: `${pageHead}<div id="root">${drawn}</div>${page.stateElement}${tail}`, status: page.status };
  }

  /** index.html as it is: the browser draws the page (when drawing it here failed, or too many renders are running). */
  /** index.html as it is, in each language (`<html lang>`: the browser loads that catalogue). */
  const shells = new Map<Language, CachedPage>();
  const shellIn = (language: Language): CachedPage => {
    let shell = shells.get(language);
    if (!shell) {
      shell = { page: { html: inLanguage(indexHtml, language), status: 200 }, until: 0, version: 0, shell: true };
      shells.set(language, shell);
    }
    return shell;
  };
  let rendering = 0;

  /**
   * Draws a page within the cap on renders in progress: a render is 10–40 ms of CPU on the one
   * event loop, and a crowd of them delayed every other request (/api/health once took 6–10 s
   * under a burst of page loads). At most `maxConcurrentRenders` run per turn of the loop; beyond them, and when
   * drawing fails, the shell.
   */
  async function draw(renderer: RenderModule, request: FastifyRequest, url: string, cookie: string | undefined, version: number, language: Language): Promise<CachedPage> {
    const shell = shellIn(language);
    if (rendering >= maxConcurrentRenders) {
      request.log.debug({ rendering }, 'server renders at their cap: sending the page for the browser to draw');
      return shell;
    }
    rendering++;
    try {
      // The slot is taken now, the drawing starts in a task of its own: a warm render with
      // in-process data never waits on I/O, so it would run whole and give its slot back before
      // the next request read in this turn of the event loop is looked at; the cap would never
      // bind and a crowd of renders would still run back to back ahead of everything else.
      await yieldToEventLoop();
      const page = await drawPage(renderer, request, url, cookie, language);
      return { page, until: Date.now() + (cache?.ttlMs ?? 0), version };
    } catch (error) {
      request.log.error({ err: error }, 'server render failed: sending the page for the browser to draw');
      return shell;
    } finally {
      rendering--;
    }
  }

  const cached = new Map<string, CachedPage>();
  /** Shared pages being drawn: concurrent misses of one page wait for the same render. */
  const drawing = new Map<string, { version: number; entry: Promise<CachedPage> }>();

  /**
   * The visitor's page. A visitor without a session cookie gets the signed-out page, kept for
   * the path and the query parameters the page reads (the renderer's `sharedPageUrl`): any
   * other parameter or cookie changes nothing on it, so it must not cost a render.
   */
  async function pageFor(request: FastifyRequest): Promise<CachedPage> {
    // The visitor's language: their account's, else the footer's choice, else their browser's.
    const signedIn = hasSessionCookie(request.headers.cookie);
    const account = signedIn && accountLanguage ? await accountLanguage(request).catch(() => null) : null;
    const language = chooseLanguage({ account, cookieHeader: request.headers.cookie, acceptLanguage: request.headers['accept-language'] });
    let renderer: RenderModule;
    try {
      renderer = await load();
    } catch (error) {
      request.log.error({ err: error }, 'server renderer failed to load: sending the page for the browser to draw');
      return shellIn(language);
    }
    // A page with a form's message to say is this visitor's alone.
    const shared = cache && cache.ttlMs > 0 && !signedIn && firstCookie(request.headers.cookie, DONE_COOKIE) === null;
    if (!shared) return draw(renderer, request, request.url, request.headers.cookie, cache?.version() ?? 0, language);

    // Kept per language and time zone too: the page's words and times are the visitor's.
    const url = sharedUrl(renderer, request.url);
    const key = `${language} ${timeZoneFromCookieHeader(request.headers.cookie) ?? ''} ${url}`;
    const version = cache.version();
    const hit = cached.get(key);
    if (hit && hit.until > Date.now() && hit.version === version) return hit;
    const inProgress = drawing.get(key);
    if (inProgress && inProgress.version === version) return inProgress.entry;
    const entry = draw(renderer, request, url, undefined, version, language)
      .then((drawn) => {
        // A page drawn across an invalidation is sent but not kept; nor is the shell.
        if (!drawn.shell && version === cache.version()) {
          cached.delete(key);
          if (cached.size >= MAX_CACHED_PAGES) cached.delete(cached.keys().next().value!);
          cached.set(key, drawn);
        }
        return drawn;
      })
      .finally(() => {
        if (drawing.get(key)?.entry === entry) drawing.delete(key);
      });
    drawing.set(key, { version, entry });
    return entry;
  }

  /** A form sent to a page: its action, then where it sends the visitor (303) or the page again saying why (its 4xx). */
  async function answerForm(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const signedIn = hasSessionCookie(request.headers.cookie);
    const account = signedIn && accountLanguage ? await accountLanguage(request).catch(() => null) : null;
    const language = chooseLanguage({ account, cookieHeader: request.headers.cookie, acceptLanguage: request.headers['accept-language'] });
    const multipart = Buffer.isBuffer(request.body);
    const form = {
      body: typeof request.body === 'string' || Buffer.isBuffer(request.body) ? request.body : '',
      // A multipart form's own type, with its boundary; urlencoded otherwise.
      ...(multipart && typeof request.headers['content-type'] === 'string' ? { contentType: request.headers['content-type'] } : {}),
      setCookies: [] as string[],
    };
    const page = await drawPage(await load(), request, request.url, request.headers.cookie, language, form);
    reply.header('Cache-Control', 'no-store');
    if (form.setCookies.length > 0) reply.header('set-cookie', form.setCookies);
    if ('redirect' in page) return reply.redirect(page.redirect, page.status);
    return reply.status(page.status).type('text/html; charset=utf-8').send(page.html);
  }

  return {
    async send(request, reply) {
      if (request.method === 'POST') return answerForm(request, reply);
      const entry = await pageFor(request);
      const { page } = entry;
      // The page (or the redirect) depends on who asks: never kept by a shared cache, and a
      // signed-in visitor's page (their notes, bookings…) not even by their own browser.
      const personal = hasSessionCookie(request.headers.cookie);
      reply.header('Cache-Control', personal ? 'private, no-store' : 'private, no-cache').header('Vary', 'accept-encoding, accept-language, cookie');
      // A form's message is said once: this page said it.
      if (firstCookie(request.headers.cookie, DONE_COOKIE) !== null) reply.header('set-cookie', `${DONE_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax; HttpOnly`);
      // A path of this origin (drawPage), re-serialised: never another site, whatever a loader produces.
      if ('redirect' in page) return reply.redirect(page.redirect, page.status);
      return reply.status(page.status).type('text/html; charset=utf-8').send(page.html);
    },

    async installForms(target) {
      let paths: string[] = [];
      try {
        paths = (await load()).formPaths();
      } catch (error) {
        // Pages are then sent for the browser to draw (pageFor), and take no form.
        target.log.error({ err: error }, 'server renderer failed to load: pages take no form');
      }
      await target.register(async (forms) => {
        // Only these routes read urlencoded bodies: the API takes JSON (and multipart) only.
        forms.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => done(null, body));
        // A form with a file (a material's, sent without JavaScript): its bytes, for its action to read.
        forms.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: FILE_FORM_BODY_LIMIT }, (_request, body, done) => done(null, body));
        for (const path of paths) forms.post(path, (request, reply) => answerForm(request, reply));
      });
    },
  };
}

/** A form's text fields as it was sent: urlencoded, or the text parts of a multipart form (its file left out). */
async function typedFields(form: { body: string | Buffer; contentType?: string }): Promise<URLSearchParams> {
  if (typeof form.body === 'string') return new URLSearchParams(form.body);
  const typed = new URLSearchParams();
  try {
    const fields = await new Response(new Uint8Array(form.body), { headers: { 'content-type': form.contentType ?? 'multipart/form-data' } }).formData();
    for (const [name, value] of fields) if (typeof value === 'string') typed.append(name, value);
  } catch {
    // Not a form that can be read: nothing typed to keep.
  }
  return typed;
}

/** The Cookie header `cookie` with the cookies of `setCookies` (Set-Cookie values) in place. */
export function mergeCookies(cookie: string | undefined, setCookies: string[]): string {
  const jar = new Map<string, string>();
  for (const part of (cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0) jar.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  for (const set of setCookies) {
    const pair = set.split(';')[0] ?? '';
    const at = pair.indexOf('=');
    if (at <= 0) continue;
    const name = pair.slice(0, at).trim();
    const value = pair.slice(at + 1).trim();
    if (value === '' || /;\s*max-age=0/i.test(set)) jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

/** A payment page's address as the API gave it: only an absolute http(s) URL is followed. */
function checkoutLocation(url: string): string {
  const parsed = URL.canParse(url) ? new URL(url) : null;
  if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) throw new Error(`Not a payment page address: ${url}`);
  return parsed.href;
}

/** The renderer's shared form of `url`; the URL itself from a renderer without one (or if it fails). */
function sharedUrl(renderer: RenderModule, url: string): string {
  try {
    return renderer.sharedPageUrl(url);
  } catch {
    return url;
  }
}

/**
 * `html` (index.html, or its head) with `<html lang dir>` of `language` and the site's description
 * in it (the server catalogue's `page.description`; a shareable page then puts its own instead).
 */
function inLanguage(html: string, language: Language): string {
  const description = `<meta name="description" content="${escapeHtml(translatorFor(language).t('page.description'))}" />`;
  return html.replace(HTML_ELEMENT, () => `<html lang="${language}" dir="${textDirection(language)}">`).replace(DESCRIPTION_ELEMENT, () => description);
}
