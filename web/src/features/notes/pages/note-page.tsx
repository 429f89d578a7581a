import { Link, type LoaderFunctionArgs, useParams } from 'react-router';
import { meQuery, useMe } from '#web/features/auth/public.ts';
import { noteQuery, useNote } from '#web/features/notes/api/use-note.ts';
import { useDateFormatters } from '#web/lib/dates.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import { orNotFound, pageQueryClient } from '#web/lib/page-data.ts';
import { useTitle } from '#web/lib/use-title.ts';

/** The note, or the 404 page (not the student's, or no such note). */
export async function loader({ params }: LoaderFunctionArgs) {
  const queryClient = pageQueryClient();
  const me = await queryClient.ensureQueryData(meQuery);
  // Signed out: the parent route's guard sends the visitor to log in.
  if (me) await orNotFound(() => queryClient.ensureQueryData(noteQuery(me.email, params.id ?? '')));
  return null;
}

/** Student: one note: title, last update, details, Edit link. */
export function NotePage() {
  const { t } = useTranslator();
  const { formatDate } = useDateFormatters();
  const { id = '' } = useParams();
  const { user } = useMe();
  // Read by the loader: here at once.
  const n = useNote(user?.email ?? '', id).data;
  useTitle(n?.title ?? t('notes.note'));
  if (!n) return null;
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
