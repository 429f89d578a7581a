import type { Note } from '#contract/notes.ts';
import { useMe } from '#web/features/auth/public.ts';
import { useDeleteNote } from '#web/features/notes/api/use-delete-note.ts';
import { useNotes } from '#web/features/notes/api/use-notes.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import { DeleteButton, ListRow, PagedListPage, RowLink } from '#web/components/list-page.tsx';

/** Student: own notes: title, last update, Edit, View, Delete. */
export function ManageNotesPage() {
  const { t } = useTranslator();
  const email = useMe().user?.email ?? '';
  const notes = useNotes(email);

  return (
    <PagedListPage title={t('notes.manageTitle')} headingId="manage-notes-heading" create={{ to: '/dashboard/create-note', label: t('notes.create') }} query={notes} loadingLabel={t('notes.loadingMine')} empty={t('notes.none')}>
      {(note) => <NoteRow key={note.id} email={email} note={note} />}
    </PagedListPage>
  );
}

function NoteRow({ email, note }: { email: string; note: Note }) {
  const remove = useDeleteNote();
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
          <DeleteButton name={note.title} pending={remove.isPending} remove={() => remove.mutateAsync({ email, id: note.id })} deleted={t('notes.deleted')} />
        </>
      }
    />
  );
}
