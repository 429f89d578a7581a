import { Link, useParams } from 'react-router';
import { LoadError } from '#web/components/load-error.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { useMe } from '#web/features/auth/public.ts';
import { useNote } from '#web/features/notes/api/use-note.ts';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';
import { useDateFormatters } from '#web/lib/dates.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import { useTitle } from '#web/lib/use-title.ts';

/** Student: one note: title, last update, details, Edit link. */
export function NotePage() {
  const { t } = useTranslator();
  const { formatDate } = useDateFormatters();
  const { id = '' } = useParams();
  const { user } = useMe();
  const note = useNote(user?.email ?? '', id);
  useTitle(note.data?.title ?? t('notes.note'));

  if (note.isPending) return <Spinner label={t('notes.loading')} />;
  if (note.isError) {
    if (note.error instanceof ApiError && note.error.status === 404) return <p role="alert" className="alert">{t('notes.missing')}</p>;
    return <LoadError message={errorMessage(note.error)} onRetry={() => void note.refetch()} />;
  }
  const n = note.data;
  return (
    <article aria-labelledby="note-title" className="card max-w-3xl bg-base-100 shadow-sm">
      <div className="card-body gap-3">
        <h1 id="note-title" className="text-3xl font-bold break-words">
          {n.title}
        </h1>
        <p className="text-sm text-base-content/70">{t('dashboardShell.lastUpdate', { date: formatDate(n.updatedAt) })}</p>
        <p className="whitespace-pre-line break-words">{n.details}</p>
        <div className="flex flex-wrap gap-2 pt-2">
          <Link to={`/dashboard/note/edit/${n.id}`} className="btn btn-primary btn-sm">
            {t('dashboardShell.edit')}
          </Link>
          <Link to="/dashboard/manage-personal-notes" className="btn btn-sm">
            {t('notes.all')}
          </Link>
        </div>
      </div>
    </article>
  );
}
