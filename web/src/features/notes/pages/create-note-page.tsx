import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { NoteBody } from '#contract/notes.ts';
import { useCreateNote } from '#web/features/notes/api/use-create-note.ts';
import { NoteForm } from '#web/features/notes/components/note-form.tsx';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';
import { showErrorDialog, showSuccessToast } from '#web/lib/dialogs.ts';
import { useTitle } from '#web/lib/use-title.ts';

/** Student: "Take a note" (spec §2); Save → manage notes. */
export function CreateNotePage() {
  useTitle('Create Note');
  const navigate = useNavigate();
  const create = useCreateNote();
  const [fields, setFields] = useState<Record<string, string>>({});

  async function handleSubmit(note: NoteBody) {
    setFields({});
    try {
      await create.mutateAsync(note);
    } catch (error) {
      if (error instanceof ApiError && error.fields) setFields(error.fields);
      await showErrorDialog('Error', errorMessage(error));
      return;
    }
    await showSuccessToast('Note created successfully');
    await navigate('/dashboard/manage-personal-notes');
  }

  return (
    <section aria-labelledby="create-note-heading" className="flex max-w-2xl flex-col gap-4">
      <h1 id="create-note-heading" className="text-3xl font-bold">
        Take a note
      </h1>
      <NoteForm busy={create.isPending} fields={fields} onSubmit={(note) => void handleSubmit(note)} />
    </section>
  );
}
