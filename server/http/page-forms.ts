// Being replaced (docs/decisions/041-pages-loaders-actions.md): a page moved to a route module
// takes its forms through its route's action (server/http/server-render.ts) and leaves this list.
//
// The pages' forms sent the browser's way: each form of the web app is a real <form method="post">
// to its page's own address (a search is a GET, which the renderer answers like any page). The app
// takes a form over once it is live and sends it through the API; a form sent before that (Enter
// pressed while the page is still loading, a password manager's autofill and submit) comes here,
// as application/x-www-form-urlencoded. docs/decisions/018-forms-before-the-app.md.
//
// A handler either does what the app would have done, through the same API route with the
// visitor's own cookie (app.inject: every check of the real route applies), and answers
// 303 See Other to the page the app would show next, passing on the cookies the API set (signed
// in); or, when it cannot do it as the app would (a file to upload, a refusal to explain)
// answers 204 No Content: the browser then stays on the page exactly
// as the visitor left it, everything typed still in it, and the app sends it once asked again.
// Sent with scripts off (the form's <noscript> field), a refusal is the page again, saying why,
// with what was typed (refused-form-page.ts).
// Nothing typed is lost and, a POST, no password ever goes into an address. The same-origin check
// of every state-changing request (server/http/security.ts) applies to these routes too.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { safeRedirectPath } from '#contract/safe-redirect.ts';
import { createSessionFormBody, updateSessionFormBody } from '#contract/session-form.ts';
import type { SessionSchedule } from '#contract/sessions.ts';
import { timeZoneFromCookieHeader } from '#contract/time-zone.ts';
import type { ServerMessageKey } from '#i18n/catalogues.ts';
import { callerTranslator } from '#server/i18n/caller-language.ts';
import { refusedFormPage } from './refused-form-page.ts';
import { mergeCookies } from './server-render.ts';

/** The hidden field every post form carries inside <noscript>: sent only when scripts are off (web/src/components/no-script-field.tsx). */
const NO_SCRIPT_FIELD = '_nojs';

/** What the API answered a handler: its status and JSON body. */
interface ApiAnswer {
  ok: boolean;
  status: number;
  body: unknown;
}

interface FormContext {
  fields: URLSearchParams;
  params: Record<string, string>;
  query: URLSearchParams;
  /** The visitor's time zone from their tz cookie, or null (contract/time-zone.ts). */
  timeZone: string | null;
  /** Calls the API as the visitor; cookies it sets are passed on with the answer. */
  api(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown): Promise<ApiAnswer>;
}

/**
 * Where to send the visitor once done: a path of this site, the payment page our own API named
 * (`{ checkout }`), or null: keep the page as it is (the API's refusal, if it gave one, is the
 * reason; it speaks the visitor's language, asked with their cookies and Accept-Language);
 * `{ refused }`: the reason it cannot be done here, a key of the server catalogues.
 */
type PageForm = (form: FormContext) => Promise<string | { checkout: string } | { refused: ServerMessageKey } | null>;

const NEEDS_APP_FOR_FILE = { refused: 'errors.pageForms.photoNeedsApp' } as const;

const text = (fields: URLSearchParams, name: string) => fields.get(name) ?? '';
/** A file field sent urlencoded holds the file's name only: the file itself needs the app. */
const fileChosen = (fields: URLSearchParams, name: string) => text(fields, name) !== '';

const PAGE_FORMS: Record<string, PageForm> = {
  '/reset-password': async ({ fields, query, api }) => {
    const token = query.get('token');
    const newPassword = text(fields, 'newPassword');
    if (!token) return { refused: 'errors.pageForms.badResetLink' };
    if (newPassword !== text(fields, 'confirmPassword')) return { refused: 'errors.pageForms.passwordsDiffer' };
    const reset = await api('POST', '/api/auth/reset-password', { token, newPassword });
    return reset.ok ? '/login' : null;
  },

  // Six forms, told apart by the button that sent them.
  '/dashboard/settings': async ({ fields, api }) => {
    // "Delete my account" with the password: Home once done, signed out; refused
    // (a wrong password, a tutor with booked sessions), the page stays.
    if (text(fields, 'intent') === 'delete-account') {
      const deleted = await api('DELETE', '/api/me', { password: text(fields, 'password') });
      return deleted.ok ? '/' : null;
    }
    if (text(fields, 'intent') === 'notifications') {
      // The switches the form had (`shown`): a switch left off is not sent at all.
      const body = Object.fromEntries(fields.getAll('shown').map((kind) => [kind, fields.has(kind)]));
      const saved = await api('PUT', '/api/me/notifications', body);
      return saved.ok ? '/dashboard/settings' : null;
    }
    // A tutor's bio.
    if (text(fields, 'intent') === 'bio') {
      const saved = await api('PUT', '/api/me/tutor-profile', { bio: text(fields, 'bio') });
      return saved.ok ? '/dashboard/settings' : null;
    }
    // A new private calendar feed link; the old one stops working.
    if (text(fields, 'intent') === 'calendar-feed') {
      const made = await api('POST', '/api/me/calendar-feed');
      return made.ok ? '/dashboard/settings#calendar' : null;
    }
    if (text(fields, 'intent') === 'password') {
      const changed = await api('POST', '/api/auth/change-password', {
        currentPassword: text(fields, 'currentPassword'),
        newPassword: text(fields, 'newPassword'),
        revokeOtherSessions: fields.has('revokeOtherSessions'),
      });
      return changed.ok ? '/dashboard/settings' : null;
    }
    if (text(fields, 'intent') !== 'profile') return null;
    if (fileChosen(fields, 'image')) return NEEDS_APP_FOR_FILE;
    const saved = await api('PUT', '/api/user', { name: text(fields, 'name').trim() });
    return saved.ok ? '/dashboard/settings' : null;
  },

  // An admin's "Retry now" on a failed or dead job; refused (it ran meanwhile, it is running): the page stays.
  '/dashboard/background-jobs': async ({ fields, query, api }) => {
    const job = text(fields, 'job');
    if (text(fields, 'intent') !== 'retry' || !job) return null;
    const retried = await api('POST', `/api/admin/jobs/${encodeURIComponent(job)}/retry`);
    return retried.ok ? withQuery('/dashboard/background-jobs', query) : null;
  },

  // The review form of a booked session's page.
  '/dashboard/view-booked-session/:id': async ({ fields, params, api }) => {
    const rating = Number(text(fields, 'rating'));
    const saved = await api('POST', '/api/review', { sessionId: params.id, review: text(fields, 'review').trim(), rating });
    return saved.ok ? `/dashboard/view-booked-session/${encodeURIComponent(params.id ?? '')}` : null;
  },

  '/dashboard/upload-materials': async ({ fields, api }) => {
    if (text(fields, 'source') !== 'link') return { refused: 'errors.pageForms.fileNeedsApp' };
    const added = await api('POST', '/api/materials', { sessionId: text(fields, 'sessionId'), title: text(fields, 'title'), link: text(fields, 'link') });
    return added.ok ? '/dashboard/upload-materials' : null;
  },

  // The test payment page's Pay (server/features/payments/providers/test/): paid, to where a real provider would have gone.
  '/payment/test/:id': async ({ params, api }) => {
    const paid = await api('POST', `/api/payments/test-checkouts/${encodeURIComponent(params.id ?? '')}/pay`);
    const successUrl = (paid.body as { successUrl?: unknown } | null)?.successUrl;
    return paid.ok && typeof successUrl === 'string' ? successUrl : null;
  },

  // Create and Edit Session: the same mapping of the fields as the app's
  // (contract/session-form.ts). The dates are read in the zone the form names (the one its labels
  // said: the tz cookie's when the page was drawn, else UTC), else the tz cookie's, else UTC.
  '/dashboard/create-session': async ({ fields, timeZone, api }) => {
    const me = await api('GET', '/api/me');
    const email = (me.body as { email?: unknown } | null)?.email;
    if (!me.ok || typeof email !== 'string') return null;
    const created = await api('POST', `/api/create-session/${encodeURIComponent(email)}`, createSessionFormBody((name) => text(fields, name), timeZone));
    return created.ok ? '/dashboard/manage-sessions' : null;
  },
  '/dashboard/session/edit/:id': async ({ fields, params, timeZone, api }) => {
    const id = encodeURIComponent(params.id ?? '');
    const found = await api('GET', `/api/session/${id}`);
    const session = found.body as (SessionSchedule & { tutorEmail?: unknown }) | null;
    if (!found.ok || !session || typeof session.tutorEmail !== 'string') return null;
    const saved = await api('PUT', `/api/session/${encodeURIComponent(session.tutorEmail)}/${id}`, updateSessionFormBody((name) => text(fields, name), timeZone, session));
    return saved.ok ? `/dashboard/session/${encodeURIComponent(session.tutorEmail)}/${id}` : null;
  },
};

/** Larger than any form of the app: notes are the longest (20,000 characters, percent-encoded). */
const FORM_BODY_LIMIT = 256 * 1024;

export async function installPageForms(app: FastifyInstance, opts: { origin: string }): Promise<void> {
  const origin = new URL(opts.origin).origin;
  await app.register(async (forms) => {
    // Only these routes read urlencoded bodies: the API takes JSON (and multipart) only.
    forms.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
      done(null, new URLSearchParams(body as string));
    });
    for (const [path, handle] of Object.entries(PAGE_FORMS)) {
      forms.post(path, async (request: FastifyRequest, reply: FastifyReply) => {
        const fields = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
        const query = new URL(request.url, origin).searchParams;
        const cookies: string[] = [];
        let cookie = request.headers.cookie;
        /** The API's last refusal: its status and sentence (null: it said none). */
        const last: { refusal: { status: number; message: string | null } | null } = { refusal: null };
        // The API and the page answer in the visitor's language: their account's, cookie's or browser's.
        const language = request.headers['accept-language'] ? { 'accept-language': request.headers['accept-language'] } : {};
        const api: FormContext['api'] = async (method, url, body) => {
          const res = await app.inject({
            method,
            url,
            headers: {
              origin,
              ...language,
              ...(body === undefined ? {} : { 'content-type': 'application/json' }),
              ...(cookie ? { cookie } : {}),
              ...(request.headers['user-agent'] ? { 'user-agent': request.headers['user-agent'] } : {}),
            },
            remoteAddress: request.ip,
            ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
          });
          const set = [res.headers['set-cookie'] ?? []].flat();
          cookies.push(...set);
          // A later call of the same form goes as the session just made (sign-up, then sign-in).
          if (set.length > 0) cookie = mergeCookies(cookie, set);
          let json: unknown = null;
          try {
            json = res.body ? JSON.parse(res.body) : null;
          } catch {
            json = null;
          }
          const ok = res.statusCode >= 200 && res.statusCode < 300;
          if (!ok) {
            const message = (json as { message?: unknown } | null)?.message;
            last.refusal = { status: res.statusCode, message: typeof message === 'string' && message ? message : null };
          }
          return { ok, status: res.statusCode, body: json };
        };
        const timeZone = timeZoneFromCookieHeader(request.headers.cookie);
        const next = await handle({ fields, params: request.params as Record<string, string>, query, timeZone, api });
        reply.header('Cache-Control', 'no-store');
        if (cookies.length > 0) reply.header('set-cookie', cookies);
        if (next === null || (typeof next === 'object' && 'refused' in next)) {
          const { refusal } = last;
          // Scripts off: the page again, saying why, with what was typed. Scripts on (sent before
          // the app was live): the page stays as it is and the app sends the form when asked again.
          if (fields.get(NO_SCRIPT_FIELD) !== '1') return reply.status(204).send();
          // When neither the API nor the form said why: errors.pageForms.notDone.
          const t = await callerTranslator(request);
          const reason = next === null ? (refusal?.message ?? t.t('errors.pageForms.notDone')) : t.t(next.refused);
          const status = refusal && refusal.status >= 400 && refusal.status < 500 ? refusal.status : 422;
          const page = await app.inject({ method: 'GET', url: request.url, headers: { accept: 'text/html', ...language, ...(cookie ? { cookie } : {}) }, remoteAddress: request.ip });
          if (page.statusCode !== 200 || !String(page.headers['content-type']).startsWith('text/html')) return reply.status(status).type('text/plain; charset=utf-8').send(reason);
          return reply.status(status).type('text/html; charset=utf-8').send(refusedFormPage(page.body, fields, reason));
        }
        if (typeof next === 'object') return reply.redirect(checkoutLocation(next.checkout), 303);
        return reply.redirect(safeRedirectPath(next, origin), 303);
      });
    }
  });
}

/** A payment page's address as the API gave it: only an absolute http(s) URL is followed. */
function checkoutLocation(url: string): string {
  const parsed = URL.canParse(url) ? new URL(url) : null;
  if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) throw new Error(`Not a payment page address: ${url}`);
  return parsed.href;
}

function withQuery(path: string, query: URLSearchParams): string {
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}
