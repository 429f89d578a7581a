import { type ActionFunctionArgs, type LoaderFunctionArgs, useParams } from 'react-router';
import { noteBody } from '#contract/notes.ts';
import { meQuery, useMe } from '#web/features/auth/public.ts';
import { noteKeys } from '#web/features/notes/api/note-query-keys.ts';
import { noteQuery, useNote } from '#web/features/notes/api/use-note.ts';
import { updateNote } from '#web/features/notes/api/update-note.ts';
import { NoteForm } from '#web/features/notes/components/note-form.tsx';
import { useTranslator } from '#web/lib/i18n.ts';
import { formBody, orNotFound, pageQueryClient, refused, sentOn } from '#web/lib/page-data.ts';
import { useTitle } from '#web/lib/use-title.ts';

/** The note, or the 404 page (not the student's, or no such note). */
export async function loader({ params }: LoaderFunctionArgs) {
  const queryClient = pageQueryClient();
  const me = await queryClient.ensureQueryData(meQuery);
  // Signed out: the parent route's guard sends the visitor to log in.
  if (me) await orNotFound(() => queryClient.ensureQueryData(noteQuery(me.email, params.id ?? '')));
  return null;
}

/** Saved: the note, which says "Note updated successfully". */
export async function action({ request, params }: ActionFunctionArgs) {
  const queryClient = pageQueryClient();
  const me = await queryClient.ensureQueryData(meQuery);
  const id = params.id ?? '';
  try {
    queryClient.setQueryData(noteKeys.one(id), await updateNote(me?.email ?? '', id, formBody(noteBody, await request.formData())));
  } catch (error) {
    return refused(error);
  }
  await queryClient.invalidateQueries({ queryKey: noteKeys.all });
  return sentOn(`/dashboard/note/${encodeURIComponent(id)}`, 'notes.updated');
}

/** Student: the note form prefilled. */
export function EditNotePage() {
  const { t } = useTranslator();
  useTitle(t('notes.editTitle'));
  const { id = '' } = useParams();
  const { user } = useMe();
  // Read by the loader: here at once.
  const note = useNote(user?.email ?? '', id).data;
  if (!note) return null;
  return <NoteForm heading={t('notes.editHeading')} initial={{ title: note.title, details: note.details }} />;
}
