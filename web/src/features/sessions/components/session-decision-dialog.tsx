import { Fragment, type ReactNode } from 'react';
import type { Session } from '#contract/sessions.ts';
import { Modal } from '#web/components/modal.tsx';

type SessionDecisionDialogProps = {
  title: string;
  /** The session decided on; null while closed. */
  session: Session | null;
  onClose: () => void;
  /** The decision's form, drawn afresh for each session. */
  children: (session: Session) => ReactNode;
};

/** Admin: the dialog in which a pending session is approved or rejected. */
export function SessionDecisionDialog({ title, session, onClose, children }: SessionDecisionDialogProps) {
  return (
    <Modal title={title} open={session !== null} onClose={onClose}>
      {session && <Fragment key={session.id}>{children(session)}</Fragment>}
    </Modal>
  );
}

/** Which session the dialog decides on. */
export function SessionSummary({ session }: { session: Session }) {
  return (
    <p className="break-words">
      <strong>{session.title}</strong> by {session.tutorName}
    </p>
  );
}
