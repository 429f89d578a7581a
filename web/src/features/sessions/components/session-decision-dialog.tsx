import type { ReactNode } from 'react';
import type { Session } from '#contract/sessions.ts';
import { Modal } from '#web/components/modal.tsx';
import { ModalForm } from '#web/components/modal-form.tsx';
import { useTranslator } from '#web/lib/i18n.ts';

type SessionDecisionDialogProps = {
  title: string;
  /** The session decided on; null while closed. */
  session: Session | null;
  onClose: () => void;
  /** Sends the decision with what was typed. */
  send: (session: Session, fields: FormData) => Promise<unknown>;
  pending: boolean;
  words: { submit: string; pending: string; success: string };
  /** The submit button's colour (a daisyUI class). */
  submitClassName: string;
  /** The decision's fields, drawn afresh for each session, given the errors the server found in them. */
  children: (errors: Record<string, string>, session: Session) => ReactNode;
};

/** The dialog in which a session is approved, rejected (admin) or called off (its tutor or an admin). */
export function SessionDecisionDialog({ title, session, onClose, send, pending, words, submitClassName, children }: SessionDecisionDialogProps) {
  const { t } = useTranslator();
  return (
    <Modal title={title} open={session !== null} onClose={onClose}>
      {session && (
        <ModalForm
          key={session.id}
          send={(fields) => send(session, fields)}
          pending={pending}
          submitLabel={words.submit}
          pendingLabel={words.pending}
          submitClassName={submitClassName}
          successTitle={words.success}
          onClose={onClose}
        >
          {(errors) => (
            <>
              <p className="break-words">
                <strong>{session.title}</strong> {t('sessionDecisions.byTutor', { tutor: session.tutorName })}
              </p>
              {children(errors, session)}
            </>
          )}
        </ModalForm>
      )}
    </Modal>
  );
}
