import { Form, useNavigation } from 'react-router';
import type { NoteBody } from '#contract/notes.ts';
import { RefusalMessage, useFormRefusal } from '#web/components/form-messages.tsx';
import { NoScriptField } from '#web/components/no-script-field.tsx';
import { SubmitButton } from '#web/components/submit-button.tsx';
import { TextAreaField } from '#web/components/text-area-field.tsx';
import { TextField } from '#web/components/text-field.tsx';
import { useTranslator } from '#web/lib/i18n.ts';

/**
 * Title and details, both required; the same form creates and edits, sent to its page's route
 * action (create-note-page.tsx, edit-note-page.tsx) by the app, or by the browser before the app
 * is live or without it. A refusal: the server's messages under their fields and in a popup.
 */
export function NoteForm({ heading, initial }: { heading: string; initial?: NoteBody }) {
  const { t } = useTranslator();
  const fields = useFormRefusal()?.fields ?? {};
  const busy = useNavigation().state === 'submitting';
  return (
    <section aria-labelledby="note-form-heading" className="flex max-w-2xl flex-col gap-4">
      <h1 id="note-form-heading" className="text-3xl font-bold">
        {heading}
      </h1>
      <Form method="post" className="flex flex-col gap-4">
        <NoScriptField />
        <RefusalMessage title={t('dashboardShell.error')} />
        <TextField label={t('notes.titleLabel')} name="title" required maxLength={200} defaultValue={initial?.title} error={fields.title} />
        <TextAreaField label={t('notes.details')} name="details" required maxLength={20000} rows={8} defaultValue={initial?.details} error={fields.details} />
        <div>
          <SubmitButton className="btn btn-primary" busy={busy} busyLabel={t('notes.saving')} label={t('notes.save')} />
        </div>
      </Form>
    </section>
  );
}
