import { usePageSubmit } from '#web/components/use-page-submit.ts';
import { useCreateNote } from '#web/features/notes/api/use-create-note.ts';
import { NoteForm } from '#web/features/notes/components/note-form.tsx';
import { useTranslator } from '#web/lib/i18n.ts';
import { useTitle } from '#web/lib/use-title.ts';

/** Student: "Take a note"; Save → manage notes. */
export function CreateNotePage() {
  const { t } = useTranslator();
  useTitle(t('notes.createTitle'));
  const create = useCreateNote();
  const { errors, submit } = usePageSubmit();
  return (
    <NoteForm
      heading={t('notes.createHeading')}
      busy={create.isPending}
      fields={errors}
      onSubmit={(note) => void submit({ send: () => create.mutateAsync(note), successTitle: t('notes.created'), next: () => '/dashboard/manage-personal-notes' })}
    />
  );
}
