import { type FormEvent, useState } from 'react';
import type { Session } from '#contract/sessions.ts';
import { TextField } from '#web/components/text-field.tsx';
import { useRejectSession } from '#web/features/sessions/api/use-reject-session.ts';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';
import { showErrorDialog, showSuccessToast } from '#web/lib/dialogs.ts';
import { fieldText } from '#web/lib/form-fields.ts';
import { Modal } from '#web/components/modal.tsx';
import { TextAreaField } from '#web/components/text-area-field.tsx';

/** Admin: reject a pending session with a reason and feedback (both required) that the tutor sees. */
export function RejectSessionDialog({ session, onClose }: { session: Session | null; onClose: () => void }) {
  return (
    <Modal title="Reject session" open={session !== null} onClose={onClose}>
      {session && <RejectForm key={session.id} session={session} onClose={onClose} />}
    </Modal>
  );
}

function RejectForm({ session, onClose }: { session: Session; onClose: () => void }) {
  const reject = useRejectSession();
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    setErrors({});
    try {
      await reject.mutateAsync({ id: session.id, body: { reason: fieldText(fields, 'reason'), feedback: fieldText(fields, 'feedback') } });
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        setErrors(error.fields);
        return;
      }
      onClose();
      await showErrorDialog('Error', errorMessage(error));
      return;
    }
    onClose();
    await showSuccessToast('Session rejected');
  }

  return (
    <form className="flex flex-col gap-4" onSubmit={(event) => void handleSubmit(event)}>
      <p className="break-words">
        <strong>{session.title}</strong> by {session.tutorName}
      </p>
      <TextField label="Reason" name="reason" required maxLength={500} error={errors.reason} />
      <TextAreaField label="Feedback" name="feedback" required maxLength={2000} rows={4} error={errors.feedback} />
      <div className="modal-action">
        <button type="button" className="btn" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="btn btn-error" disabled={reject.isPending}>
          {reject.isPending ? 'Rejecting…' : 'Reject'}
        </button>
      </div>
    </form>
  );
}
