// The forms of the pages that show a session to its tutor or an admin (All Sessions, Manage
// Sessions, the session's own page): one action for all of them, the same whether the app, the
// browser before it is live, or a browser without JavaScript sends them
// (docs/decisions/041-pages-loaders-actions.md). Who may do what is the API's to say: a tutor's
// Approve is refused with its reason, on whichever page it was sent.
import { data } from 'react-router';
import { approveSessionBody, cancelSeriesBody, cancelSessionBody, rejectSessionBody } from '#contract/sessions.ts';
import { type DoneMessage, formBody, pageQueryClient, refused, sentOn } from '#web/lib/page-data.ts';
import { approveSeries } from './api/approve-series.ts';
import { cancelSeries } from './api/cancel-series.ts';
import { decideSession } from './api/decide-session.ts';
import { deleteSession } from './api/delete-session.ts';
import { resubmitSession } from './api/resubmit-session.ts';
import { sessionKeys } from './api/session-query-keys.ts';

/** Each form's intent, and what the next page says once it is done. */
const SESSION_INTENTS = {
  approve: 'sessions.approved',
  reject: 'sessions.rejected',
  cancel: 'sessions.cancelled',
  cancelSeries: 'sessions.seriesCancelled',
  delete: 'sessions.deleted',
  resubmit: 'sessions.resubmitted',
} as const satisfies Record<string, DoneMessage>;
export type SessionIntent = keyof typeof SESSION_INTENTS;
const isSessionIntent = (value: string | undefined): value is SessionIntent => value !== undefined && Object.hasOwn(SESSION_INTENTS, value);

/** Approve's fee: free, or paid with the amount typed (an empty amount goes as sent: the API says it is missing). */
function approveInput(fields: Record<string, string>) {
  const amount = (fields.registrationFee ?? '').trim();
  const capacity = (fields.maxParticipants ?? '').trim();
  return {
    registrationFee: fields.feeKind === 'paid' ? (amount === '' ? amount : Number(amount)) : 0,
    maxParticipants: capacity === '' ? null : Number(capacity),
  };
}

/**
 * The session of the form's `id` (and, to delete, its tutor's `email`) approved, rejected, called
 * off (with every later class of its series `seriesId`: cancelSeries), deleted or sent back for review: 303 to `next`, which says so once; refused, the page again
 * saying why (under the fields the API names). `fields`: the form's (lib/page-data.ts formText).
 */
export async function sessionAction(fields: Record<string, string>, next: string) {
  const intent = fields.intent;
  if (!isSessionIntent(intent)) return data(null, { status: 400 });
  const id = fields.id ?? '';
  const queryClient = pageQueryClient();
  // How many classes were called off, said by the next page (Call off this and every later class).
  let subject: string | undefined;
  try {
    switch (intent) {
      case 'approve': {
        const body = formBody(approveSessionBody, approveInput(fields));
        // A class of a series: every pending class of it at once, when the admin left that ticked (docs/decisions/064-series.md).
        if (fields.wholeSeries === 'on' && fields.seriesId) await approveSeries(fields.seriesId, body);
        else await decideSession('approve', id, body);
        break;
      }
      case 'reject':
        await decideSession('reject', id, formBody(rejectSessionBody, { reason: fields.reason ?? '', feedback: fields.feedback ?? '' }));
        break;
      case 'cancel':
        await decideSession('cancel', id, formBody(cancelSessionBody, { reason: fields.reason ?? '' }));
        break;
      case 'cancelSeries':
        // The class of the form and every later class of its series (docs/decisions/064-series.md).
        subject = String(await cancelSeries(fields.seriesId ?? '', formBody(cancelSeriesBody, { reason: fields.reason ?? '', fromSessionId: id })));
        break;
      case 'delete':
        await deleteSession(fields.email ?? '', id);
        break;
      case 'resubmit':
        await resubmitSession(id);
        break;
    }
  } catch (error) {
    return refused(error, intent);
  }
  await queryClient.invalidateQueries({ queryKey: sessionKeys.all });
  return sentOn(next, SESSION_INTENTS[intent], subject);
}
