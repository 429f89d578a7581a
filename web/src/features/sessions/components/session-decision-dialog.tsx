import { type ReactNode, useEffect, useRef } from 'react';
import { useFetcher } from 'react-router';
import type { Session } from '#contract/sessions.ts';
import { RefusalMessage } from '#web/components/form-messages.tsx';
import { Modal } from '#web/components/modal.tsx';
import { showErrorDialog } from '#web/lib/dialogs.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import type { FormRefusal } from '#web/lib/page-data.ts';
import type { SessionIntent } from '#web/features/sessions/session-actions.ts';

/** A decision dialog's own props: the session decided on (null while closed), and closing it. */
export type DecisionDialogProps = { session: Session | null; onClose: () => void };

type SessionDecisionDialogProps = DecisionDialogProps & {
  decision: Extract<SessionIntent, 'approve' | 'reject' | 'cancel'>;
  words: { title: string; submit: string; pending: string };
  /** The submit button's colour (a daisyUI class). */
  submitClassName: string;
  /** The decision's fields, drawn afresh for each session, given the errors the server found in them. */
  children: (errors: Record<string, string>, session: Session) => ReactNode;
};

/**
 * The dialog in which a session is approved, rejected (admin) or called off (its tutor or an
 * admin): a form sent to its page's route action (features/sessions/session-actions.ts). Done,
 * the dialog closes and the page, read again, says so; refused with reasons for its fields, it
 * stays open with them under the fields; refused otherwise, it closes and says why.
 */
export function SessionDecisionDialog({ session, onClose, ...form }: SessionDecisionDialogProps) {
  const { t } = useTranslator();
  return (
    <>
      {/* Its form sent without the app (the dialog opens only with it): the page says why it was refused. */}
      <RefusalMessage title={t('ui.error')} intent={form.decision} withFields />
      <Modal title={form.words.title} open={session !== null} onClose={onClose}>
        {session && <DecisionForm key={session.id} session={session} onClose={onClose} {...form} />}
      </Modal>
    </>
  );
}

function DecisionForm({ session, onClose, decision, words, submitClassName, children }: Omit<SessionDecisionDialogProps, 'session'> & { session: Session }) {
  const { t } = useTranslator();
  // A fetcher of its own: what the action answered is this dialog's, not the page's.
  const fetcher = useFetcher<FormRefusal>();
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
  const errors = fetcher.data?.refusal?.fields ?? {};
  const sending = fetcher.state !== 'idle';

  return (
    <fetcher.Form method="post" className="flex flex-col gap-4" preventScrollReset>
      <input type="hidden" name="id" value={session.id} />
      <p className="break-words">
        <strong>{session.title}</strong> {t('sessionDecisions.byTutor', { tutor: session.tutorName })}
      </p>
      {children(errors, session)}
      <div className="modal-action">
        <button type="button" className="btn" onClick={onClose}>
          {t('ui.cancel')}
        </button>
        <button type="submit" name="intent" value={decision} className={`btn ${submitClassName}`} disabled={sending}>
          {sending ? words.pending : words.submit}
        </button>
      </div>
    </fetcher.Form>
  );
}
