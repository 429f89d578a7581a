// What a page's form answered (docs/decisions/041-pages-loaders-actions.md), shown the same way
// whether it was sent by the app, before the app was live, or without JavaScript: once the app
// is live, in a popup; with scripts off, in the page (the parser reads <noscript> as markup then).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useActionData } from 'react-router';
import { showErrorDialog, showSuccessDialog, showSuccessToast } from '#web/lib/dialogs.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import { type Done, DONE_WORDS, type DoneMessage, doneMessageKey, type FormRefusal, type RefusalReason } from '#web/lib/page-data.ts';
import type { Translator } from '#web/lib/i18n.ts';


/** The words of a success message a form left for its next page: a title, and a text under it. */
function doneText(t: Translator['t'], { message, subject = '' }: Done): [string, string?] {
  return DONE_WORDS[message](t, subject);
}

/** Success messages that stay until the visitor closes them: what cannot be undone. */
const ACKNOWLEDGED: readonly DoneMessage[] = ['settings.deleted', 'auth.loggedOut'];
/** Success messages their next page says itself, in the page (never a popup over the form the visitor fills next). */
const SAID_BY_THE_PAGE: readonly DoneMessage[] = ['resetPassword.succeeded'];

/** The words of each of the app's own reasons to refuse a form. */
function reasonText(t: Translator['t'], reason: RefusalReason): string {
  switch (reason) {
    case 'login.emailRequired':
      return t('login.emailRequired');
    case 'register.notCreated':
      return t('register.notCreated');
    case 'register.photoNeedsApp':
      return t('register.photoNeedsApp');
    case 'materials.fileNeedsApp':
      return t('materials.fileNeedsApp');
    case 'resetPassword.mismatch':
      return t('resetPassword.mismatch');
    case 'resetPassword.badLink':
      return t('resetPassword.unusable');
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
 * them instead (the form passes `useFormRefusal()?.fields` to them): once, never twice. `withFields`:
 * a page whose form has no fields to show them under (a dialog that only opens with the app) says
 * them here too.
 */
export function RefusalMessage({ title, intent, withFields = false }: { title: string; intent?: string; withFields?: boolean }) {
  const { t } = useTranslator();
  const refusal = useFormRefusal(intent);
  const shown = refusal && (!refusal.fields || withFields) ? refusal : undefined;
  const fieldsText = shown?.fields ? Object.values(shown.fields).join(' ') : undefined;
  const message = fieldsText ?? shown?.message;
  const [heading, text] = message !== undefined ? [title, message] : [shown?.reason ? reasonText(t, shown.reason) : title, undefined];
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
  const done = useDoneMessage();
  useEffect(() => {
    if (!done || SAID_BY_THE_PAGE.includes(done.message)) return;
    queryClient.setQueryData(doneMessageKey, null);
    void (ACKNOWLEDGED.includes(done.message) ? showSuccessDialog : showSuccessToast)(...doneText(t, done));
  }, [done, queryClient, t]);
  if (!done || SAID_BY_THE_PAGE.includes(done.message)) return null;
  return (
    <noscript>
      <p role="status" className="alert alert-success alert-soft">
        {doneText(t, done).at(-1)}
      </p>
    </noscript>
  );
}

function useDoneMessage(): Done | null {
  return useQuery<Done | null>({ queryKey: doneMessageKey, queryFn: () => null, staleTime: Infinity, initialData: null }).data;
}

/** In the page that says `done` itself (SAID_BY_THE_PAGE): its words while it is the message left, with or without the app. */
export function DoneMessageInPage({ done }: { done: DoneMessage }) {
  const { t } = useTranslator();
  const said = useDoneMessage();
  if (said?.message !== done) return null;
  const [title, text] = doneText(t, said);
  return (
    <div role="status" className="alert alert-success alert-soft flex flex-col items-start gap-1">
      <strong>{title}</strong>
      {text && <p>{text}</p>}
    </div>
  );
}
