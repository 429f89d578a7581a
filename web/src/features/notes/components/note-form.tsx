import { type FormEvent, useState } from 'react';
import type { NoteBody } from '#contract/notes.ts';
import { TextField } from '#web/components/text-field.tsx';
import { TextAreaField } from '#web/features/sessions/components/text-area-field.tsx';

/** Title and details, both required (spec §5); the same form creates and edits. */
export function NoteForm({ initial, busy, fields = {}, onSubmit }: { initial?: NoteBody; busy: boolean; fields?: Record<string, string>; onSubmit: (note: NoteBody) => void }) {
  const [title, setTitle] = useState(initial?.title ?? '');
  const [details, setDetails] = useState(initial?.details ?? '');

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit({ title: title.trim(), details: details.trim() });
  }

  return (
    <form className="flex flex-col gap-4" onSubmit={handleSubmit}>
      <TextField label="Title" name="title" required maxLength={200} value={title} error={fields.title} onChange={(e) => setTitle(e.target.value)} />
      <TextAreaField label="Details" name="details" required maxLength={20000} rows={8} value={details} error={fields.details} onChange={(e) => setDetails(e.target.value)} />
      <div>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Saving…' : 'Save'}
        </button>
      </div>
    </form>
  );
}
