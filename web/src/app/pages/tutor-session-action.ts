// The forms of the tutor's (and admins') session page, app/pages/tutor-session-details-page.tsx:
// the roster's attendance (features/bookings) and Cancel session (features/sessions), the same
// whether the app, the browser before it is live, or a browser without JavaScript sends them
// (docs/decisions/041-pages-loaders-actions.md). Done, the page again, saying so once.
import type { ActionFunctionArgs } from 'react-router';
import { isRosterIntent, rosterAction } from '#web/features/bookings/public.ts';
import { sessionAction } from '#web/features/sessions/public.ts';
import { formText } from '#web/lib/page-data.ts';

export async function tutorSessionAction({ request, params }: ActionFunctionArgs) {
  const id = params.id ?? '';
  const page = `/dashboard/session/${encodeURIComponent(params.email ?? '')}/${encodeURIComponent(id)}`;
  const fields = formText(await request.formData());
  // The session is the page's: an id sent with the form is not read.
  return isRosterIntent(fields.intent) ? rosterAction(fields, id, page) : sessionAction({ ...fields, id }, page);
}
