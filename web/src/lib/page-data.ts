// What a page's route module uses (docs/decisions/041-pages-loaders-actions.md): its `loader`
// fills TanStack Query's cache with the queries the page's components read (the same query
// options), and its `action` takes the page's form. Both run in the browser (client navigation,
// <Form>) and on the server (server/http/server-render.ts: a page drawn, or a form sent before the
// app is live or without JavaScript), with one QueryClient per request there.
import type { QueryClient } from '@tanstack/react-query';
import { data, redirect } from 'react-router';
import type { z } from 'zod';
import { DONE_COOKIE } from '#contract/page-render.ts';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';

let currentQueryClient: () => QueryClient = () => {
  throw new Error('A loader ran before the app gave it a QueryClient');
};

/** Set once: main.tsx's one client in the browser; entry-server.tsx's client of the request being drawn. */
export function setPageQueryClient(get: () => QueryClient): void {
  currentQueryClient = get;
}

/** The QueryClient of the page being loaded (loaders and actions only; components use useQueryClient). */
export function pageQueryClient(): QueryClient {
  return currentQueryClient();
}

/**
 * Runs a loader's read: the API's 404 and 403 become the page's (the 404 page, and that status
 * on the server's answer), so that a missing or unpublished thing is never a soft 404.
 */
export async function orNotFound<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 403)) throw data(null, { status: error.status });
    throw error;
  }
}

/**
 * A refused form: its action's data. `message` is the API's sentence (in the visitor's language
 * already), `reason` a key of the web catalogue for the app's own; `intent` tells which of a
 * page's forms it was (a button's `intent`).
 */
export interface FormRefusal {
  refusal: { message?: string; reason?: RefusalReason; fields?: Record<string, string>; intent?: string };
}

/** The page again with the API's refusal (its 4xx, else 422), for the form to show where it shows it. */
export function refused(error: unknown, intent?: string) {
  const status = error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.status : 422;
  const fields = error instanceof ApiError ? error.fields : undefined;
  return data<FormRefusal>({ refusal: { message: errorMessage(error), ...(fields ? { fields } : {}), ...(intent ? { intent } : {}) } }, { status });
}

/** The app's own reasons to refuse a form (said by components/form-messages.tsx). */
export type RefusalReason = 'login.emailRequired' | 'register.notCreated' | 'register.photoNeedsApp' | 'materials.fileNeedsApp' | 'resetPassword.mismatch' | 'resetPassword.badLink';

/** The page again with the app's own reason, 422. */
export function refusedBecause(reason: RefusalReason, intent?: string) {
  return data<FormRefusal>({ refusal: { reason, ...(intent ? { intent } : {}) } }, { status: 422 });
}

/**
 * The success messages a form's next page says once (a popup with the app, a status line
 * without it), the same whichever way the form was sent: by the app, before it was live or
 * without JavaScript. Carried to the next page in the query cache (`doneMessageKey`) and, across
 * the server's 303, in the short-lived `done` cookie the server reads and clears when it draws
 * that page (server/http/server-render.ts).
 */
export const DONE_MESSAGES = [
  'login.succeeded',
  'login.resetSent',
  'register.succeeded',
  'notes.created',
  'notes.updated',
  'booking.booked',
  'booking.joined',
  'booking.left',
  'verification.sent',
  'notes.deleted',
  'jobs.retried',
  'materials.uploaded',
  'reviews.submitted',
  'reviews.updated',
  'sessions.created',
  'sessions.updated',
  'sessions.rescheduled',
  'resetPassword.succeeded',
  'settings.profileSaved',
  'settings.bioSaved',
  'settings.timeZoneSaved',
  'settings.notificationsSaved',
  'settings.calendarMade',
  'settings.calendarRenewed',
  'settings.passwordChanged',
  'settings.deleted',
  'apiKeys.revoked',
  'ltiPlatforms.registered',
  'ltiPlatforms.removed',
  'ssoSettings.saved',
  'ssoSettings.removed',
  'booking.cancelled',
  'booking.cancelledPaid',
  'materials.updated',
  'materials.deleted',
  'materials.removed',
  'users.roleUpdated',
  'users.blocked',
  'users.unblocked',
  'users.deleted',
  'sessions.approved',
  'sessions.rejected',
  'sessions.cancelled',
  'sessions.deleted',
  'sessions.resubmitted',
  'roster.markedPresent',
  'auth.loggedOut',
] as const;
export type DoneMessage = (typeof DONE_MESSAGES)[number];
/**
 * A success message and what it is about, when its words name it (the title of the session whose
 * booking was cancelled: the next page no longer shows it).
 */
export interface Done {
  message: DoneMessage;
  subject?: string;
}
export const doneMessageKey = ['done-message'] as const;
/** A subject is a title: never longer than a title may be. */
const SUBJECT_MAX = 200;

/** The `done` cookie's value (`message`, or `message:subject` URI-encoded) as the message it names; null for anything else. */
export function doneMessageOrNull(value: unknown): Done | null {
  if (typeof value !== 'string') return null;
  const at = value.indexOf(':');
  const message = DONE_MESSAGES.find((key) => key === (at < 0 ? value : value.slice(0, at)));
  if (!message) return null;
  if (at < 0) return { message };
  try {
    const subject = decodeURIComponent(value.slice(at + 1));
    return subject.length <= SUBJECT_MAX ? { message, subject } : { message };
  } catch {
    return { message };
  }
}

/** A form done: 303 to `to`, which then says `done` once (naming `subject` when its words do). */
export function sentOn(to: string, done?: DoneMessage, subject?: string): Response {
  if (!done) return redirect(to, 303);
  const said: Done = subject === undefined ? { message: done } : { message: done, subject: subject.slice(0, SUBJECT_MAX) };
  pageQueryClient().setQueryData(doneMessageKey, said);
  const value = said.subject === undefined ? done : `${done}:${encodeURIComponent(said.subject)}`;
  return redirect(to, { status: 303, headers: { 'Set-Cookie': `${DONE_COOKIE}=${value}; Path=/; Max-Age=60; SameSite=Lax; HttpOnly` } });
}

/** The field every post form sends when scripts are off (components/no-script-field.tsx). */
export const NO_SCRIPT_FIELD = '_nojs';

/** The form's text fields as an object (files and the no-script marker left out). */
export function formText(fields: FormData): Record<string, string> {
  const text: Record<string, string> = {};
  for (const [name, value] of fields) if (typeof value === 'string' && name !== NO_SCRIPT_FIELD) text[name] ??= value;
  return text;
}

/**
 * The request body `schema` makes of the form's text fields, or of `input` built from them
 * (trimmed, typed). What it refuses goes as sent: the API refuses it with the same schema and
 * says why in the visitor's language (its catalogue holds the schema's messages).
 */
export function formBody<S extends z.ZodType>(schema: S, input: FormData | Record<string, unknown>): z.infer<S> {
  const value = input instanceof FormData ? formText(input) : input;
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : (value as z.infer<S>);
}
