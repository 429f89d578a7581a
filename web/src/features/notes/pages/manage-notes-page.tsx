import type { ActionFunctionArgs } from 'react-router';
import type { Note } from '#contract/notes.ts';
import { RefusalMessage } from '#web/components/form-messages.tsx';
import { IntentButton } from '#web/components/intent-button.tsx';
import { ListRow, PagedListPage, RowLink } from '#web/components/list-page.tsx';
import { meQuery, useMe } from '#web/features/auth/public.ts';
import { deleteNote } from '#web/features/notes/api/delete-note.ts';
import { noteKeys } from '#web/features/notes/api/note-query-keys.ts';
import { notesQuery, useNotes } from '#web/features/notes/api/use-notes.ts';
import { confirmDelete } from '#web/lib/dialogs.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import { formText, pageQueryClient, refused, sentOn } from '#web/lib/page-data.ts';

const DELETE = 'delete';

/** The student's notes, first page. */
export async function loader() {
  const queryClient = pageQueryClient();
  const me = await queryClient.ensureQueryData(meQuery);
  // Signed out: the parent route's guard sends the visitor to log in.
  if (me) await queryClient.ensureInfiniteQueryData(notesQuery(me.email));
  return null;
}

/** A row's Delete: the list again, which says "Note deleted successfully". */
export async function action({ request }: ActionFunctionArgs) {
  const fields = formText(await request.formData());
  const queryClient = pageQueryClient();
  const me = await queryClient.ensureQueryData(meQuery);
  if (fields.intent !== DELETE || !me) return null;
  const id = fields.id ?? '';
  try {
    await deleteNote(me.email, id);
  } catch (error) {
    return refused(error, DELETE);
  }
  queryClient.removeQueries({ queryKey: noteKeys.one(id) });
  await queryClient.invalidateQueries({ queryKey: noteKeys.mine(me.email) });
  return sentOn('/dashboard/manage-personal-notes', 'notes.deleted');
}

/** Student: own notes: title, last update, Edit, View, Delete. */
export function ManageNotesPage() {
  const { t } = useTranslator();
  const email = useMe().user?.email ?? '';
  const notes = useNotes(email);

  return (
    <>
      {/* A refused Delete, said once for the list. */}
      <RefusalMessage title={t('dashboardShell.error')} intent={DELETE} />
      <PagedListPage title={t('notes.manageTitle')} headingId="manage-notes-heading" create={{ to: '/dashboard/create-note', label: t('notes.create') }} query={notes} loadingLabel={t('notes.loadingMine')} empty={t('notes.none')}>
        {(note) => <NoteRow key={note.id} note={note} />}
      </PagedListPage>
    </>
  );
}

function NoteRow({ note }: { note: Note }) {
  const { t } = useTranslator();
  return (
    <ListRow
      testId="note-row"
      title={<p className="text-lg font-semibold break-words">{note.title}</p>}
      updatedAt={note.updatedAt}
      actions={
        <>
          <RowLink to={`/dashboard/note/edit/${note.id}`} name={note.title} kind="edit" />
          <RowLink to={`/dashboard/note/${note.id}`} name={note.title} kind="view" />
          {/* Asked first with the app; without it, the button deletes (a page cannot ask without scripts). */}
          <IntentButton intent={DELETE} fields={{ id: note.id }} confirm={confirmDelete} className="btn btn-sm btn-error btn-outline" label={t('dashboardShell.deleteLabel', { name: note.title })}>
            {t('dashboardShell.delete')}
          </IntentButton>
        </>
      }
    />
  );
}
