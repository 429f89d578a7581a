import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { NoteBody } from '#contract/notes.ts';
import { LoadError } from '#web/components/load-error.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { useMe } from '#web/features/auth/public.ts';
import { useNote } from '#web/features/notes/api/use-note.ts';
import { useUpdateNote } from '#web/features/notes/api/use-update-note.ts';
import { NoteForm } from '#web/features/notes/components/note-form.tsx';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';
import { showErrorDialog, showSuccessToast } from '#web/lib/dialogs.ts';
import { useTitle } from '#web/lib/use-title.ts';

/** Student: the note form prefilled (spec §2); on success → the note. */
export function EditNotePage() {
  useTitle('Edit Note');
  const { id = '' } = useParams();
  const { user } = useMe();
  const email = user?.email ?? '';
  const note = useNote(email, id);
  const update = useUpdateNote();
  const navigate = useNavigate();
  const [fields, setFields] = useState<Record<string, string>>({});

  async function handleSubmit(body: NoteBody) {
    setFields({});
    try {
      await update.mutateAsync({ email, id, note: body });
    } catch (error) {
      if (error instanceof ApiError && error.fields) setFields(error.fields);
      await showErrorDialog('Error', errorMessage(error));
      return;
    }
    await showSuccessToast('Note updated successfully');
    await navigate(`/dashboard/note/${id}`);
  }

  if (note.isPending) return <Spinner label="Loading the note" />;
  if (note.isError) {
    if (note.error instanceof ApiError && note.error.status === 404) return <p role="alert" className="alert">This note does not exist.</p>;
    return <LoadError message={errorMessage(note.error)} onRetry={() => void note.refetch()} />;
  }
  return (
    <section aria-labelledby="edit-note-heading" className="flex max-w-2xl flex-col gap-4">
      <h1 id="edit-note-heading" className="text-3xl font-bold">
        Edit note
      </h1>
      <NoteForm initial={{ title: note.data.title, details: note.data.details }} busy={update.isPending} fields={fields} onSubmit={(b) => void handleSubmit(b)} />
    </section>
  );
}
