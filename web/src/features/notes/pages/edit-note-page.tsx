import { useParams } from 'react-router';
import { LoadError } from '#web/components/load-error.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { usePageSubmit } from '#web/components/use-page-submit.ts';
import { useMe } from '#web/features/auth/public.ts';
import { useNote } from '#web/features/notes/api/use-note.ts';
import { useUpdateNote } from '#web/features/notes/api/use-update-note.ts';
import { NoteForm } from '#web/features/notes/components/note-form.tsx';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import { useTitle } from '#web/lib/use-title.ts';

/** Student: the note form prefilled; on success → the note. */
export function EditNotePage() {
  const { t } = useTranslator();
  useTitle(t('notes.editTitle'));
  const { id = '' } = useParams();
  const { user } = useMe();
  const email = user?.email ?? '';
  const note = useNote(email, id);
  const update = useUpdateNote();
  const { errors, submit } = usePageSubmit();

  if (note.isPending) return <Spinner label={t('notes.loading')} />;
  if (note.isError) {
    if (note.error instanceof ApiError && note.error.status === 404) return <p role="alert" className="alert">{t('notes.missing')}</p>;
    return <LoadError message={errorMessage(note.error)} onRetry={() => void note.refetch()} />;
  }
  return (
    <NoteForm
      heading={t('notes.editHeading')}
      initial={{ title: note.data.title, details: note.data.details }}
      busy={update.isPending}
      fields={errors}
      onSubmit={(body) => void submit({ send: () => update.mutateAsync({ email, id, note: body }), successTitle: t('notes.updated'), next: () => `/dashboard/note/${id}` })}
    />
  );
}
