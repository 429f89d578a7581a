import { type ComponentProps, type FormEvent, type ReactNode, type RefObject, useEffect, useRef } from 'react';
import { Form, useNavigation } from 'react-router';
import { CardSection } from '#web/components/card-section.tsx';
import { RefusalMessage, useFormRefusal } from '#web/components/form-messages.tsx';
import { NoScriptField } from '#web/components/no-script-field.tsx';
import { useTranslator } from '#web/lib/i18n.ts';

/**
 * Settings' forms, each told apart by its button's `intent` and sent to the page's route action
 * (pages/settings-page.tsx) by the app, or by the browser before the app is live or without it.
 */
export type SettingsIntent = 'profile' | 'bio' | 'time-zone' | 'notifications' | 'calendar-feed' | 'password' | 'delete-account';

/** Whether the form of `intent` is being sent (or the page redrawn after it). */
export function useSending(intent: SettingsIntent): boolean {
  const navigation = useNavigation();
  return navigation.state !== 'idle' && navigation.formData?.get('intent') === intent;
}

/** The server's messages under the fields of the form of `intent`, when its refusal names them. */
export function useFieldErrors(intent: SettingsIntent): Record<string, string> {
  return useFormRefusal(intent)?.fields ?? {};
}

/**
 * Calls `done` each time the form of `intent` has been sent and not refused (the page redrawn
 * after its action): what the form should forget once saved (a password typed) it forgets then.
 */
export function useOnSaved(intent: SettingsIntent, done: () => void): void {
  const sending = useSending(intent);
  const refused = useFormRefusal(intent) !== undefined;
  const wasSending = useRef(false);
  const onSaved = useRef(done);
  onSaved.current = done;
  useEffect(() => {
    if (wasSending.current && !sending && !refused) onSaved.current();
    wasSending.current = sending;
  }, [sending, refused]);
}

type SaveButtonProps = {
  /** Which of Settings' forms this is: the action tells them apart by it. */
  intent: SettingsIntent;
  label: string;
  /** Busy before the form is sent (a photo being uploaded). */
  busy?: boolean;
};

/** The submit button of a Settings form: "Saving…" while it saves. */
export function SaveButton({ intent, label, busy: preparing = false }: SaveButtonProps) {
  const { t } = useTranslator();
  const busy = useSending(intent) || preparing;
  return (
    <div>
      <button type="submit" name="intent" value={intent} className="btn btn-primary" disabled={busy}>
        {busy ? t('account.saving') : label}
      </button>
    </div>
  );
}

type SettingsCardFormProps = SaveButtonProps & {
  /** The card's heading, which names the form. */
  title: string;
  headingId: string;
  /** The heading of the popup that says why the form was refused. */
  failed: string;
  /** Runs first with the app live; a form that calls `event.preventDefault()` sends itself (a photo uploaded first). */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  formRef?: RefObject<HTMLFormElement | null>;
  children: ReactNode;
};

/** One of Settings' cards: a form posted to the page's own address, named by its heading. */
export function SettingsCardForm({ title, headingId, failed, onSubmit, formRef, children, ...save }: SettingsCardFormProps) {
  return (
    <Form method="post" ref={formRef} aria-labelledby={headingId} className="card bg-base-100 shadow-sm" onSubmit={onSubmit}>
      <NoScriptField />
      <div className="card-body gap-4">
        <h2 id={headingId} className="card-title">
          {title}
        </h2>
        <RefusalMessage title={failed} intent={save.intent} />
        {children}
        <SaveButton {...save} />
      </div>
    </Form>
  );
}

type SettingsCardSectionProps = Pick<ComponentProps<typeof CardSection>, 'title' | 'query' | 'loadingLabel' | 'children'> & {
  /** The card's id, which a link names (`/dashboard/settings#calendar`); its heading's is `<id>-heading`. */
  id: string;
  /** What the card is for, under its heading. */
  lead: string;
};

/** One of Settings' cards that loads what it shows (the calendar feed, the notification settings). */
export function SettingsCardSection({ id, title, lead, query, loadingLabel, children }: SettingsCardSectionProps) {
  return (
    <CardSection id={id} title={title} headingId={`${id}-heading`} lead={<p className="text-sm text-base-content/70">{lead}</p>} query={query} loadingLabel={loadingLabel}>
      {children}
    </CardSection>
  );
}

/**
 * The names of the page's forms other than `sent` holding something typed and not saved (a field
 * that differs from what the page drew), for a form whose sending redraws the whole page.
 */
export function unsavedFormNames(sent: HTMLFormElement): string[] {
  const names: string[] = [];
  for (const form of document.querySelectorAll('form')) {
    if (form === sent || !changedSinceDrawn(form)) continue;
    const heading = form.getAttribute('aria-labelledby');
    names.push((heading && document.getElementById(heading)?.textContent) || '');
  }
  return names.filter(Boolean);
}

function changedSinceDrawn(form: HTMLFormElement): boolean {
  for (const field of form.elements) {
    if (field instanceof HTMLTextAreaElement && field.value !== field.defaultValue) return true;
    // A select drawn without a chosen option starts on its first: nothing to compare with.
    if (field instanceof HTMLSelectElement && [...field.options].some((option) => option.defaultSelected) && [...field.options].some((option) => option.selected !== option.defaultSelected)) return true;
    if (!(field instanceof HTMLInputElement) || field.type === 'hidden' || field.readOnly) continue;
    if (field.type === 'checkbox' || field.type === 'radio' ? field.checked !== field.defaultChecked : field.value !== field.defaultValue) return true;
  }
  return false;
}
