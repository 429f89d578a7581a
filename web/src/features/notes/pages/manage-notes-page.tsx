import type { Note } from '#contract/notes.ts';
import { useMe } from '#web/features/auth/public.ts';
import { useDeleteNote } from '#web/features/notes/api/use-delete-note.ts';
import { useNotes } from '#web/features/notes/api/use-notes.ts';
import { useDateFormatters } from '#web/lib/dates.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import { PagedList } from '#web/components/filtered-list.tsx';
import { DeleteButton, ListPage, RowLink } from '#web/components/list-page.tsx';

/** Student: own notes (spec §2): title, last update, Edit, View, Delete. */
export function ManageNotesPage() {
  const { t } = useTranslator();
  const email = useMe().user?.email ?? '';
  const notes = useNotes(email);

  return (
    <ListPage title={t('notes.manageTitle')} headingId="manage-notes-heading" create={{ to: '/dashboard/create-note', label: t('notes.create') }}>
      <PagedList query={notes} loadingLabel={t('notes.loadingMine')} empty={t('notes.none')}>
        {(note) => <NoteRow key={note.id} email={email} note={note} />}
      </PagedList>
    </ListPage>
  );
}

function NoteRow({ email, note }: { email: string; note: Note }) {
  const remove = useDeleteNote();
  const { formatDate } = useDateFormatters();
  const { t } = useTranslator();
  return (
    <li className="card bg-base-100 shadow-sm" data-testid="note-row">
      <div className="card-body gap-2 p-4">
        <p className="text-lg font-semibold break-words">{note.title}</p>
        <p className="text-sm text-base-content/70">{t('dashboardShell.lastUpdate', { date: formatDate(note.updatedAt) })}</p>
        <div className="flex flex-wrap gap-2 pt-1">
          <RowLink to={`/dashboard/note/edit/${note.id}`} name={note.title} kind="edit" />
          <RowLink to={`/dashboard/note/${note.id}`} name={note.title} kind="view" />
          <DeleteButton name={note.title} pending={remove.isPending} remove={() => remove.mutateAsync({ email, id: note.id })} deleted={t('notes.deleted')} />
        </div>
      </div>
    </li>
  );
}
