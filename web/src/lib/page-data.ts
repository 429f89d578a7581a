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
import type { Translator } from '#web/lib/i18n.ts';

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
 * that page (server/http/server-render.ts), which takes no other. Each with its words: a title,
 * and a text under it. A new message is a line here and its words in the catalogues.
 */
export const DONE_WORDS = {
  'login.succeeded': (t) => [t('login.succeeded')],
  'login.resetSent': (t) => [t('login.resetSent')],
  'register.succeeded': (t) => [t('register.succeeded'), t('register.checkEmail')],
  'notes.created': (t) => [t('notes.created')],
  'notes.updated': (t) => [t('notes.updated')],
  'booking.booked': (t) => [t('booking.success'), t('booking.booked')],
  'booking.joined': (t) => [t('booking.joined')],
  // `subject`: "<classes booked>/<classes waited for>".
  'booking.seriesBooked': (t, subject) => [t('booking.success'), t('booking.seriesBooked', { booked: Number(subject.split('/')[0]) || 0, waitlisted: Number(subject.split('/')[1]) || 0 })],
  'booking.left': (t) => [t('booking.left')],
  'verification.sent': (t) => [t('personalDetails.sentTitle'), t('personalDetails.sentText')],
  'notes.deleted': (t) => [t('notes.deleted')],
  'jobs.retried': (t) => [t('jobs.retried')],
  'materials.uploaded': (t) => [t('materials.uploaded')],
  'reviews.submitted': (t) => [t('reviews.submitted')],
  'reviews.updated': (t) => [t('reviews.updated')],
  'sessions.created': (t) => [t('sessionForm.created')],
  'sessions.seriesCreated': (t, subject) => [t('seriesForm.created', { count: Number(subject) || 0 })],
  'sessions.updated': (t) => [t('sessionForm.updated')],
  'sessions.rescheduled': (t) => [t('reschedule.done')],
  'resetPassword.succeeded': (t) => [t('resetPassword.succeeded'), t('resetPassword.succeededText')],
  'settings.profileSaved': (t) => [t('settings.profileSaved')],
  'settings.bioSaved': (t) => [t('settings.bioSaved')],
  'settings.timeZoneSaved': (t) => [t('settings.timeZoneSaved')],
  'settings.notificationsSaved': (t) => [t('settings.notificationsSaved')],
  'settings.calendarMade': (t) => [t('settings.calendarMade')],
  'settings.calendarRenewed': (t) => [t('settings.calendarRenewed')],
  'settings.passwordChanged': (t) => [t('settings.passwordChanged')],
  'settings.deleted': (t) => [t('settings.deleted'), t('settings.deletedText')],
  'apiKeys.revoked': (t) => [t('apiKeys.revoked')],
  'ltiPlatforms.registered': (t) => [t('ltiPlatforms.registered')],
  'ltiPlatforms.removed': (t) => [t('ltiPlatforms.removed')],
  'ssoSettings.saved': (t) => [t('ssoSettings.saved')],
  'ssoSettings.removed': (t) => [t('ssoSettings.removed')],
  'booking.cancelled': (t, subject) => subject ? [t('bookedSession.cancelled'), subject] : [t('bookedSession.cancelled')],
  'booking.cancelledPaid': (t, subject) => [t('bookedSession.cancelled'), t('bookedSession.refunding', { title: subject })],
  'materials.updated': (t) => [t('materials.updated')],
  'materials.deleted': (t) => [t('materials.deleted')],
  'materials.removed': (t) => [t('materials.removed')],
  'users.roleUpdated': (t) => [t('users.roleUpdated')],
  'users.blocked': (t) => [t('users.blockedDone')],
  'users.unblocked': (t) => [t('users.unblocked')],
  'users.deleted': (t) => [t('users.deleted')],
  'sessions.approved': (t) => [t('sessionDecisions.approved')],
  'sessions.rejected': (t) => [t('sessionDecisions.rejected')],
  'sessions.cancelled': (t) => [t('sessionDecisions.cancelled')],
  'sessions.seriesCancelled': (t, subject) => [t('sessionDecisions.seriesCancelled', { count: Number(subject) || 0 })],
  'sessions.deleted': (t) => [t('sessionLists.deleted')],
  'sessions.resubmitted': (t) => [t('sessionLists.resubmitted')],
  'roster.markedPresent': (t, subject) => [t('roster.markedPresent', { count: Number(subject) || 0 })],
  'auth.loggedOut': (t) => [t('layout.loggedOut')],
} satisfies Record<string, (t: Translator['t'], subject: string) => [string, string?]>;
export type DoneMessage = keyof typeof DONE_WORDS;
const DONE_MESSAGES = Object.keys(DONE_WORDS) as DoneMessage[];
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
