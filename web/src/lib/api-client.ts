import { loadedPageTranslator, type Translator } from '#web/lib/i18n.ts';

/**
 * The one fetch wrapper for StudyNest's JSON API: same origin, cookies sent, errors parsed from
 * the server's `{ message, fields? }` into an ApiError, its message shown as the server said it,
 * in the caller's language, which is the page's (a 429's names the wait). A 401 sends
 * the user to the login page, through a handler the router registers, so lib/
 * does not import app/.
 */

export class ApiError extends Error {
  readonly status: number;
  readonly fields: Record<string, string> | undefined;

  constructor(status: number, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fields = fields;
  }
}

type UnauthorizedHandler = () => void;
let unauthorizedHandler: UnauthorizedHandler = () => {};

/** Called once by the router: what to do when the server says the caller is signed out. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  unauthorizedHandler = handler;
}

/**
 * A deliberate sign-out is a window: from the call that ends the session until the navigation it
 * leads to (Home, after Log out) has landed. A 401 to any request sent before that navigation
 * landed is the page being left hearing that its session ended (a refetch of the old user's
 * data, an answer that was on its way): expected, and never a reason to send the user to /login
 * instead of where the sign-out goes. The window's requests are told apart by `epoch`, which
 * changes when the window opens and when it closes, whenever their 401 arrives (on a slow
 * machine, after the navigation landed).
 */
let signingOut = false;
let epoch = 0;

/** Where a request stands: sent in this epoch, its 401 is news only if the epoch has not changed since. */
export const currentEpoch = (): number => epoch;

/**
 * Runs a deliberate sign-out and opens its window, which the router closes once its navigation
 * lands (endSigningOut); a sign-out that fails closes it at once, and so does one without a
 * router (the server's renderer, whose next request is another visitor's).
 */
export async function whileSigningOut<T>(run: () => Promise<T>): Promise<T> {
  signingOut = true;
  epoch++;
  try {
    return await run();
  } catch (error) {
    endSigningOut();
    throw error;
  } finally {
    if (typeof document === 'undefined') endSigningOut();
  }
}

/** The navigation a sign-out led to has landed (the router, main.tsx): 401s are news again. */
export function endSigningOut(): void {
  if (!signingOut) return;
  signingOut = false;
  epoch++;
}

/** A 401 to a request sent in epoch `sentIn` (lib/api-upload.ts too): the login page, unless it is the sign-out's own. */
export function notifyUnauthorized(sentIn: number): void {
  if (!signingOut && sentIn === epoch) unauthorizedHandler();
}

/**
 * How a request reaches the API: the browser's fetch, same origin. The server-side renderer
 * (web/src/entry-server.tsx) replaces it once with one that answers each render's requests
 * in-process, with that render's own cookie.
 */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;
let transport: ApiTransport = (url, init) => fetch(url, init);

export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

export type ApiRequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain object is sent as JSON; FormData is sent as multipart. */
  body?: unknown;
  signal?: AbortSignal;
  /**
   * Whether a 401 sends the user to /login. Off for calls where "signed out" is an answer,
   * not a failure (GET /api/me).
   */
  redirectOnUnauthorized?: boolean;
};

export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal, redirectOnUnauthorized = true } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  let requestBody: BodyInit | undefined;
  if (body instanceof FormData) {
    requestBody = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    requestBody = JSON.stringify(body);
  }

  const sentIn = epoch;
  let response: Response;
  try {
    response = await transport(`/api${path}`, {
      method,
      headers,
      body: requestBody,
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, ownWords().t('api.unreachable'));
  }

  if (response.status === 204) return undefined as T;
  const payload: unknown = await response.json().catch(() => undefined);

  if (!response.ok) {
    const { message, fields } = readErrorPayload(payload);
    if (response.status === 401 && redirectOnUnauthorized) notifyUnauthorized(sentIn);
    throw new ApiError(response.status, message ?? ownWords().t('api.failed', { status: response.status }), fields);
  }
  return payload as T;
}

function readErrorPayload(payload: unknown): {
  message?: string;
  fields?: Record<string, string>;
} {
  if (typeof payload !== 'object' || payload === null) return {};
  const { message, fields } = payload as { message?: unknown; fields?: unknown };
  return {
    message: typeof message === 'string' ? message : undefined,
    fields:
      typeof fields === 'object' && fields !== null
        ? (fields as Record<string, string>)
        : undefined,
  };
}

/** Message to show for any thrown value (ApiError, better-auth error, network failure). */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const { message } = error as { message: unknown };
    if (typeof message === 'string' && message) return message;
  }
  return ownWords().t('api.somethingWrong');
}

/**
 * The client's own sentences (the server's answers come in the page's language already), in the
 * page's language: lib/i18n.ts. Without its translator (on the server, where they are not drawn),
 * the message's key.
 */
export function ownWords(): Pick<Translator, 't'> {
  return loadedPageTranslator() ?? { t: (key) => key };
}
