import type { FormEvent } from 'react';
import type { NoteBody } from '#contract/notes.ts';
import { TextField } from '#web/components/text-field.tsx';
import { TextAreaField } from '#web/components/text-area-field.tsx';
import { fieldText } from '#web/lib/form-fields.ts';
import { NoScriptField } from '#web/components/no-script-field.tsx';
import { SubmitButton } from '#web/components/submit-button.tsx';
import { useTranslator } from '#web/lib/i18n.ts';

/**
 * Title and details, both required; the same form creates and edits. Sent before the
 * app is live, it goes to its page's own address, where the server saves it
 * (server/http/page-forms.ts).
 */
export function NoteForm({ heading, initial, busy, fields = {}, onSubmit }: { heading: string; initial?: NoteBody; busy: boolean; fields?: Record<string, string>; onSubmit: (note: NoteBody) => void }) {
  const { t } = useTranslator();
  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    onSubmit({ title: fieldText(form, 'title').trim(), details: fieldText(form, 'details').trim() });
  }

  return (
    <section aria-labelledby="note-form-heading" className="flex max-w-2xl flex-col gap-4">
      <h1 id="note-form-heading" className="text-3xl font-bold">
        {heading}
      </h1>
      <form method="post" className="flex flex-col gap-4" onSubmit={handleSubmit}>
      <NoScriptField />
      <TextField label={t('notes.titleLabel')} name="title" required maxLength={200} defaultValue={initial?.title} error={fields.title} />
      <TextAreaField label={t('notes.details')} name="details" required maxLength={20000} rows={8} defaultValue={initial?.details} error={fields.details} />
      <div>
        <SubmitButton className="btn btn-primary" busy={busy} busyLabel={t('notes.saving')} label={t('notes.save')} />
      </div>
      </form>
    </section>
  );
}
