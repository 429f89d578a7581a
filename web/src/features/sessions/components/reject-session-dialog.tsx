import type { Session } from '#contract/sessions.ts';
import { ModalForm } from '#web/components/modal-form.tsx';
import { TextAreaField } from '#web/components/text-area-field.tsx';
import { TextField } from '#web/components/text-field.tsx';
import { useRejectSession } from '#web/features/sessions/api/use-reject-session.ts';
import { SessionDecisionDialog, SessionSummary } from '#web/features/sessions/components/session-decision-dialog.tsx';
import { fieldText } from '#web/lib/form-fields.ts';

/** Admin: reject a pending session with a reason and feedback (both required) that the tutor sees. */
export function RejectSessionDialog({ session, onClose }: { session: Session | null; onClose: () => void }) {
  return <SessionDecisionDialog title="Reject session" session={session} onClose={onClose} Form={RejectForm} />;
}

function RejectForm({ session, onClose }: { session: Session; onClose: () => void }) {
  const reject = useRejectSession();
  return (
    <ModalForm
      send={(fields) => reject.mutateAsync({ id: session.id, body: { reason: fieldText(fields, 'reason'), feedback: fieldText(fields, 'feedback') } })}
      pending={reject.isPending}
      submitLabel="Reject"
      pendingLabel="Rejecting…"
      submitClassName="btn-error"
      successTitle="Session rejected"
      onClose={onClose}
    >
      {(errors) => (
        <>
          <SessionSummary session={session} />
          <TextField label="Reason" name="reason" required maxLength={500} error={errors.reason} />
          <TextAreaField label="Feedback" name="feedback" required maxLength={2000} rows={4} error={errors.feedback} />
        </>
      )}
    </ModalForm>
  );
}
