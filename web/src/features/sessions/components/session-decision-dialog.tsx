import { type ReactNode, useCallback, useEffect, useRef } from 'react';
import { Link, useFetcher, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { Session } from '#contract/sessions.ts';
import { RefusalMessage, useFormRefusal } from '#web/components/form-messages.tsx';
import { Modal } from '#web/components/modal.tsx';
import { NoScriptField } from '#web/components/no-script-field.tsx';
import { showErrorDialog } from '#web/lib/dialogs.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import type { FormRefusal } from '#web/lib/page-data.ts';
import type { SessionIntent } from '#web/features/sessions/session-actions.ts';

/** What every decision's form shows of its session: its title and tutor (and sends its id). A dialog that shows more asks for more. */
export type DecidedSession = Pick<Session, 'id' | 'title' | 'tutorName'>;

/**
 * A decision dialog's own props: the session decided on (null while closed), closing it, and the
 * session the page's address asks to decide on (`?decide=<decision>&session=<id>`, sent by the
 * decision's button without JavaScript), whose form is then drawn in the page. A list's item
 * (All Sessions) or the whole session (the session's own page), as long as it has what the dialog shows.
 */
export type DecisionDialogProps<S extends DecidedSession = DecidedSession> = { session: S | null; onClose: () => void; asked?: S | null };

/** The query parameters of a decision asked by address: which decision, and on which session. */
export const DECIDE_PARAM = 'decide';
export const DECIDED_SESSION_PARAM = 'session';

/** `search` (`?…`) without the decision it asks for: where the page goes once it is decided or left. */
export function searchWithoutDecision(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(DECIDE_PARAM);
  params.delete(DECIDED_SESSION_PARAM);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** The decision and the session id the page's address asks for, if any. */
export function useAskedDecision(): { decision: string | null; sessionId: string | null } {
  const [params] = useSearchParams();
  return { decision: params.get(DECIDE_PARAM), sessionId: params.get(DECIDED_SESSION_PARAM) };
}

type DecisionButtonProps<S extends Pick<Session, 'id'>> = {
  decision: Extract<SessionIntent, 'approve' | 'reject' | 'cancel' | 'cancelSeries'>;
  session: S;
  /** Opens the decision's dialog (with the app). */
  onOpen: (session: S) => void;
  className: string;
  label?: string;
  children: ReactNode;
};

/**
 * A decision's button (Approve, Reject, Call off): with the app it opens the decision's dialog;
 * without it, it is a GET form of its own that asks the page for the same form drawn in the page
 * (`?decide=…&session=…`, the page's other parameters kept), which posts to the page's action.
 */
export function DecisionButton<S extends Pick<Session, 'id'>>({ decision, session, onOpen, className, label, children }: DecisionButtonProps<S>) {
  const [params] = useSearchParams();
  const kept = [...params].filter(([name]) => name !== DECIDE_PARAM && name !== DECIDED_SESSION_PARAM);
  return (
    <form
      method="get"
      onSubmit={(event) => {
        event.preventDefault();
        onOpen(session);
      }}
    >
      {kept.map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name={DECIDE_PARAM} value={decision} />
      <input type="hidden" name={DECIDED_SESSION_PARAM} value={session.id} />
      <button type="submit" className={className} aria-label={label}>
        {children}
      </button>
    </form>
  );
}

type SessionDecisionDialogProps<S extends DecidedSession> = DecisionDialogProps<S> & {
  decision: Extract<SessionIntent, 'approve' | 'reject' | 'cancel' | 'cancelSeries'>;
  words: { title: string; submit: string; pending: string };
  /** The submit button's colour (a daisyUI class). */
  submitClassName: string;
  /** The decision's fields, drawn afresh for each session, given the errors the server found in them. */
  children: (errors: Record<string, string>, session: S) => ReactNode;
};

/**
 * The dialog in which a session is approved, rejected (admin) or called off (its tutor or an
 * admin): a form sent to its page's route action (features/sessions/session-actions.ts). Done,
 * the dialog closes and the page, read again, says so; refused with reasons for its fields, it
 * stays open with them under the fields; refused otherwise, it closes and says why.
 */
export function SessionDecisionDialog<S extends DecidedSession>({ session, onClose, asked = null, ...form }: SessionDecisionDialogProps<S>) {
  const { t } = useTranslator();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  // Left or done, the page without the decision its address asked for.
  const closed = pathname + searchWithoutDecision(search);
  const closeAsked = useCallback(() => void navigate(closed, { replace: true, preventScrollReset: true }), [navigate, closed]);
  const headingId = `session-decision-${form.decision}-heading`;
  return (
    <>
      {/* Its form sent without the app: the page says why it was refused. */}
      <RefusalMessage title={t('ui.error')} intent={form.decision} withFields={!asked} />
      {asked && session === null && (
        <section aria-labelledby={headingId} className="card bg-base-100 shadow-sm" data-testid="session-decision">
          <div className="card-body gap-4">
            <h2 id={headingId} className="text-xl font-bold">
              {form.words.title}
            </h2>
            <DecisionForm key={asked.id} session={asked} onClose={closeAsked} cancelTo={closed} {...form} />
          </div>
        </section>
      )}
      <Modal title={form.words.title} open={session !== null} onClose={onClose}>
        {session && <DecisionForm key={session.id} session={session} onClose={onClose} {...form} />}
      </Modal>
    </>
  );
}

/** `cancelTo`: the form drawn in the page, whose Cancel is a link there (it works without JavaScript). */
function DecisionForm<S extends DecidedSession>({ session, onClose, cancelTo, decision, words, submitClassName, children }: Omit<SessionDecisionDialogProps<S>, 'session' | 'asked'> & { session: S; cancelTo?: string }) {
  const { t } = useTranslator();
  // A fetcher of its own: what the action answered is this dialog's, not the page's.
  const fetcher = useFetcher<FormRefusal>();
  // The page's own refusal: the form drawn in the page and sent without the app.
  const pageRefusal = useFormRefusal(decision);
  const sent = useRef(false);
  useEffect(() => {
    if (fetcher.state !== 'idle') {
      sent.current = true;
      return;
    }
    if (!sent.current) return;
    sent.current = false;
    const refusal = fetcher.data?.refusal;
    if (refusal?.fields) return;
    onClose();
    if (refusal) void showErrorDialog(t('ui.error'), refusal.message);
  }, [fetcher.state, fetcher.data, onClose, t]);
  const errors = fetcher.data?.refusal?.fields ?? (cancelTo !== undefined ? pageRefusal?.fields : undefined) ?? {};
  const sending = fetcher.state !== 'idle';

  return (
    <fetcher.Form method="post" className="flex flex-col gap-4" preventScrollReset>
      <NoScriptField />
      <input type="hidden" name="id" value={session.id} />
      <p className="break-words">
        <strong>{session.title}</strong> {t('sessionDecisions.byTutor', { tutor: session.tutorName })}
      </p>
      {children(errors, session)}
      <div className="modal-action">
        {cancelTo === undefined ? (
          <button type="button" className="btn" onClick={onClose}>
            {t('ui.cancel')}
          </button>
        ) : (
          <Link to={cancelTo} replace preventScrollReset className="btn">
            {t('ui.cancel')}
          </Link>
        )}
        <button type="submit" name="intent" value={decision} className={`btn ${submitClassName}`} disabled={sending}>
          {sending ? words.pending : words.submit}
        </button>
      </div>
    </fetcher.Form>
  );
}
