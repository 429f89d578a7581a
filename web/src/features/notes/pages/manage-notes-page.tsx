import { Link } from 'react-router';
import type { Note } from '#contract/notes.ts';
import { useMe } from '#web/features/auth/public.ts';
import { useDeleteNote } from '#web/features/notes/api/use-delete-note.ts';
import { useNotes } from '#web/features/notes/api/use-notes.ts';
import { useDateFormatters } from '#web/lib/dates.ts';
import { deleteAfterConfirm } from '#web/lib/dialogs.ts';
import { useTitle } from '#web/lib/use-title.ts';
import { PagedListState, pagedItems } from '#web/components/paged-list-state.tsx';
import { PageSection } from '#web/components/page-section.tsx';

/** Student: own notes (spec §2): title, last update, Edit, View, Delete. */
export function ManageNotesPage() {
  useTitle('Manage Notes');
  const { user } = useMe();
  const email = user?.email ?? '';
  const notes = useNotes(email);
  const items = pagedItems(notes);

  return (
    <PageSection
      title="Manage Notes"
      headingId="manage-notes-heading"
      action={
        <Link to="/dashboard/create-note" className="btn btn-primary btn-sm">
          Create Note
        </Link>
      }
    >
      <PagedListState query={notes} loadingLabel="Loading your notes" empty="You have no notes yet.">
        <ul className="flex flex-col gap-3">
          {items.map((note) => (
            <NoteRow key={note.id} email={email} note={note} />
          ))}
        </ul>
      </PagedListState>
    </PageSection>
  );
}

function NoteRow({ email, note }: { email: string; note: Note }) {
  const { formatDate } = useDateFormatters();
  const remove = useDeleteNote();

  function handleDelete() {
    return deleteAfterConfirm(() => remove.mutateAsync({ email, id: note.id }), 'Note deleted successfully');
  }

  return (
    <li className="card bg-base-100 shadow-sm" data-testid="note-row">
      <div className="card-body gap-2 p-4">
        <p className="text-lg font-semibold break-words">{note.title}</p>
        <p className="text-sm text-base-content/70">Last Update: {formatDate(note.updatedAt)}</p>
        <div className="flex flex-wrap gap-2 pt-1">
          <Link to={`/dashboard/note/edit/${note.id}`} className="btn btn-sm" aria-label={`Edit ${note.title}`}>
            Edit
          </Link>
          <Link to={`/dashboard/note/${note.id}`} className="btn btn-sm" aria-label={`View ${note.title}`}>
            View
          </Link>
          <button type="button" className="btn btn-sm btn-error btn-outline" aria-label={`Delete ${note.title}`} disabled={remove.isPending} onClick={() => void handleDelete()}>
            Delete
          </button>
        </div>
      </div>
    </li>
  );
}
