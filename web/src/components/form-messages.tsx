// What a page's form answered (docs/decisions/041-pages-loaders-actions.md), shown the same way
// whether it was sent by the app, before the app was live, or without JavaScript: once the app
// is live, in a popup; with scripts off, in the page (the parser reads <noscript> as markup then).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useActionData } from 'react-router';
import { showErrorDialog, showSuccessToast } from '#web/lib/dialogs.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import { type DoneMessage, doneMessageKey, type FormRefusal, type RefusalReason } from '#web/lib/page-data.ts';
import type { Translator } from '#web/lib/i18n.ts';

/** The words of each success message a form leaves for its next page: a title, and a text under it. */
function doneText(t: Translator['t'], done: DoneMessage): [string, string?] {
  switch (done) {
    case 'login.succeeded':
      return [t('login.succeeded')];
    case 'login.resetSent':
      return [t('login.resetSent')];
    case 'register.succeeded':
      return [t('register.succeeded')];
    case 'notes.created':
      return [t('notes.created')];
    case 'notes.updated':
      return [t('notes.updated')];
    case 'booking.booked':
      return [t('booking.success'), t('booking.booked')];
    case 'booking.joined':
      return [t('booking.joined')];
    case 'booking.left':
      return [t('booking.left')];
    case 'verification.sent':
      return [t('personalDetails.sentTitle'), t('personalDetails.sentText')];
    case 'notes.deleted':
      return [t('notes.deleted')];
  }
}

/** The words of each of the app's own reasons to refuse a form. */
function reasonText(t: Translator['t'], reason: RefusalReason): string {
  switch (reason) {
    case 'login.emailRequired':
      return t('login.emailRequired');
    case 'register.notCreated':
      return t('register.notCreated');
    case 'register.photoNeedsApp':
      return t('register.photoNeedsApp');
  }
}

/** The page's form refusal (its action's answer), when it is the form of `intent` (any form when left out). */
export function useFormRefusal(intent?: string): FormRefusal['refusal'] | undefined {
  const answer = useActionData() as FormRefusal | undefined;
  const refusal = answer?.refusal;
  return refusal && (intent === undefined || refusal.intent === intent) ? refusal : undefined;
}

/**
 * Put inside the form: its refusal under `title` ("Login Failed") with the server's reason; a
 * reason in the app's own words is its own title. A refusal that names its fields is shown under
 * them instead (the form passes `useFormRefusal()?.fields` to them): once, never twice.
 */
export function RefusalMessage({ title, intent }: { title: string; intent?: string }) {
  const { t } = useTranslator();
  const refusal = useFormRefusal(intent);
  const shown = refusal && !refusal.fields ? refusal : undefined;
  const [heading, text] = shown?.message !== undefined ? [title, shown.message] : [shown?.reason ? reasonText(t, shown.reason) : title, undefined];
  useEffect(() => {
    if (shown) void showErrorDialog(heading, text);
  }, [shown, heading, text]);
  if (!shown) return null;
  return (
    <noscript>
      <div className="alert alert-error alert-soft flex flex-col items-start gap-1">
        {text !== undefined && <strong>{heading}</strong>}
        <p role="alert">{text ?? heading}</p>
      </div>
    </noscript>
  );
}

/** In the root layout: the success message a form left for this page, said once. */
export function DoneMessageNote() {
  const { t } = useTranslator();
  const queryClient = useQueryClient();
  const { data: done } = useQuery<DoneMessage | null>({ queryKey: doneMessageKey, queryFn: () => null, staleTime: Infinity, initialData: null });
  useEffect(() => {
    if (!done) return;
    queryClient.setQueryData(doneMessageKey, null);
    void showSuccessToast(...doneText(t, done));
  }, [done, queryClient, t]);
  if (!done) return null;
  return (
    <noscript>
      <p role="status" className="alert alert-success alert-soft">
        {doneText(t, done).at(-1)}
      </p>
    </noscript>
  );
}
