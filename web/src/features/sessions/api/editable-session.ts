import { data } from 'react-router';
import type { SessionDetails } from '#contract/sessions.ts';
import { orNotFound, pageQueryClient } from '#web/lib/page-data.ts';
import { sessionQuery } from './use-session.ts';

/**
 * For the loaders and actions of the pages that change a session (Edit, Reschedule): the session,
 * with its tutor's email, which the server gives only to the session's tutor and admins, who alone
 * may change it. Anyone else, or no such session: the 404 page.
 */
export async function editableSession(id: string): Promise<SessionDetails & { tutorEmail: string }> {
  const session = await orNotFound(() => pageQueryClient().ensureQueryData(sessionQuery(id)));
  const { tutorEmail } = session;
  if (tutorEmail === null) throw data(null, { status: 404 });
  return { ...session, tutorEmail };
}

/** The tutor's page of the session (Session Details in the dashboard): where its changes lead back to. */
export const tutorSessionPath = (session: { id: string; tutorEmail: string }) => `/dashboard/session/${encodeURIComponent(session.tutorEmail)}/${encodeURIComponent(session.id)}`;
