import type { ComponentProps, FormEvent, ReactNode } from 'react';
import { CardSection } from '#web/components/card-section.tsx';
import { NoScriptField } from '#web/components/no-script-field.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { showErrorDialog, showSuccessToast } from '#web/lib/dialogs.ts';
import { useTranslator } from '#web/lib/i18n.ts';

/**
 * What a Settings form does when sent: `save` what it holds, then the `saved` toast, or the
 * server's refusal in a dialog titled `failed`.
 */
export function settingsSubmit(save: (fields: FormData, form: HTMLFormElement) => Promise<unknown>, words: { failed: string; saved: string }) {
  return async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    const form = event.currentTarget;
    try {
      await save(new FormData(form), form);
    } catch (error) {
      await showErrorDialog(words.failed, errorMessage(error));
      return;
    }
    await showSuccessToast(words.saved);
  };
}

type SaveButtonProps = {
  /** Which of Settings' forms this is, for the server when it is sent before the app is live (server/http/page-forms.ts). */
  intent: string;
  busy: boolean;
  label: string;
};

/** The submit button of a Settings form: "Saving…" while it saves. */
export function SaveButton({ intent, busy, label }: SaveButtonProps) {
  const { t } = useTranslator();
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
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  children: ReactNode;
};

/** One of Settings' cards: a form posted to the page's own address, named by its heading. */
export function SettingsCardForm({ title, headingId, onSubmit, children, ...save }: SettingsCardFormProps) {
  return (
    <form method="post" aria-labelledby={headingId} className="card bg-base-100 shadow-sm" onSubmit={(event) => void onSubmit(event)}>
      <NoScriptField />
      <div className="card-body gap-4">
        <h2 id={headingId} className="card-title">
          {title}
        </h2>
        {children}
        <SaveButton {...save} />
      </div>
    </form>
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
