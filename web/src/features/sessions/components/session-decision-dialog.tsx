import type { ReactNode } from 'react';
import type { Session } from '#contract/sessions.ts';
import { Modal } from '#web/components/modal.tsx';
import { ModalForm } from '#web/components/modal-form.tsx';
import { type Decisions, useSessionDecision } from '#web/features/sessions/api/use-session-decision.ts';
import { useTranslator } from '#web/lib/i18n.ts';

/** A decision dialog's own props: the session decided on (null while closed), and closing it. */
export type DecisionDialogProps = { session: Session | null; onClose: () => void };

type SessionDecisionDialogProps<K extends keyof Decisions> = DecisionDialogProps & {
  decision: K;
  /** What the decision sends, from what was typed. */
  body: (fields: FormData) => Decisions[K];
  words: { title: string; submit: string; pending: string; success: string };
  /** The submit button's colour (a daisyUI class). */
  submitClassName: string;
  /** The decision's fields, drawn afresh for each session, given the errors the server found in them. */
  children: (errors: Record<string, string>, session: Session) => ReactNode;
};

/** The dialog in which a session is approved, rejected (admin) or called off (its tutor or an admin). */
export function SessionDecisionDialog<K extends keyof Decisions>({ session, onClose, decision, body, words, submitClassName, children }: SessionDecisionDialogProps<K>) {
  const { t } = useTranslator();
  const send = useSessionDecision(decision);
  return (
    <Modal title={words.title} open={session !== null} onClose={onClose}>
      {session && (
        <ModalForm
          key={session.id}
          send={(fields) => send.mutateAsync({ id: session.id, body: body(fields) })}
          pending={send.isPending}
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
