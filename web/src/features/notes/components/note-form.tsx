import type { FormEvent } from 'react';
import type { NoteBody } from '#contract/notes.ts';
import { TextField } from '#web/components/text-field.tsx';
import { TextAreaField } from '#web/components/text-area-field.tsx';
import { fieldText } from '#web/lib/form-fields.ts';
import { NoScriptField } from '#web/components/no-script-field.tsx';

/**
 * Title and details, both required (spec §5); the same form creates and edits. Sent before the
 * app is live, it goes to its page's own address, where the server saves it
 * (server/http/page-forms.ts).
 */
export function NoteForm({ initial, busy, fields = {}, onSubmit }: { initial?: NoteBody; busy: boolean; fields?: Record<string, string>; onSubmit: (note: NoteBody) => void }) {
  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    onSubmit({ title: fieldText(form, 'title').trim(), details: fieldText(form, 'details').trim() });
  }

  return (
    <form method="post" className="flex flex-col gap-4" onSubmit={handleSubmit}>
      <NoScriptField />
      <TextField label="Title" name="title" required maxLength={200} defaultValue={initial?.title} error={fields.title} />
      <TextAreaField label="Details" name="details" required maxLength={20000} rows={8} defaultValue={initial?.details} error={fields.details} />
      <div>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Saving…' : 'Save'}
        </button>
      </div>
    </form>
  );
}
