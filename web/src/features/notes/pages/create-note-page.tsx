import type { ActionFunctionArgs } from 'react-router';
import { noteBody } from '#contract/notes.ts';
import { createNote } from '#web/features/notes/api/create-note.ts';
import { noteKeys } from '#web/features/notes/api/note-query-keys.ts';
import { NoteForm } from '#web/features/notes/components/note-form.tsx';
import { useTranslator } from '#web/lib/i18n.ts';
import { formBody, pageQueryClient, refused, sentOn } from '#web/lib/page-data.ts';
import { useTitle } from '#web/lib/use-title.ts';

/** Nothing to read: the form is empty (the student-only guard is the parent route's). */
export async function loader() {
  return null;
}

/** Saved: the student's notes, which say "Note created successfully". */
export async function action({ request }: ActionFunctionArgs) {
  try {
    await createNote(formBody(noteBody, await request.formData()));
  } catch (error) {
    return refused(error);
  }
  await pageQueryClient().invalidateQueries({ queryKey: noteKeys.all });
  return sentOn('/dashboard/manage-personal-notes', 'notes.created');
}

/** Student: "Take a note". */
export function CreateNotePage() {
  const { t } = useTranslator();
  useTitle(t('notes.createTitle'));
  return <NoteForm heading={t('notes.createHeading')} />;
}
