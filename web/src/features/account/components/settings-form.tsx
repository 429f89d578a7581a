import type { FormEvent, ReactNode } from 'react';
import { NoScriptField } from '#web/components/no-script-field.tsx';
import { useTranslator } from '#web/lib/i18n.ts';

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
