import type { ComponentType } from 'react';
import type { Session } from '#contract/sessions.ts';
import { Modal } from '#web/components/modal.tsx';

type SessionDecisionDialogProps = {
  title: string;
  /** The session decided on; null while closed. */
  session: Session | null;
  onClose: () => void;
  /** The decision's form, drawn afresh for each session. */
  Form: ComponentType<{ session: Session; onClose: () => void }>;
};

/** Admin: the dialog in which a pending session is approved or rejected. */
export function SessionDecisionDialog({ title, session, onClose, Form }: SessionDecisionDialogProps) {
  return (
    <Modal title={title} open={session !== null} onClose={onClose}>
      {session && <Form key={session.id} session={session} onClose={onClose} />}
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
