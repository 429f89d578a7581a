import type { Session } from '#contract/sessions.ts';
import { ModalForm } from '#web/components/modal-form.tsx';
import { TextAreaField } from '#web/components/text-area-field.tsx';
import { useCancelSession } from '#web/features/sessions/api/use-cancel-session.ts';
import { SessionDecisionDialog, SessionSummary } from '#web/features/sessions/components/session-decision-dialog.tsx';
import { fieldText } from '#web/lib/form-fields.ts';

/** The tutor (while nobody has paid) or an admin calls an approved class off, with the reason its students are emailed. */
export function CancelSessionDialog({ session, onClose }: { session: Session | null; onClose: () => void }) {
  return <SessionDecisionDialog title="Call this class off" session={session} onClose={onClose} Form={CancelForm} />;
}

function CancelForm({ session, onClose }: { session: Session; onClose: () => void }) {
  const cancel = useCancelSession();
  return (
    <ModalForm
      send={(fields) => cancel.mutateAsync({ id: session.id, body: { reason: fieldText(fields, 'reason') } })}
      pending={cancel.isPending}
      submitLabel="Call the class off"
      pendingLabel="Calling it off…"
      submitClassName="btn-error"
      successTitle="Session cancelled"
      onClose={onClose}
    >
      {(errors) => (
        <>
          <SessionSummary session={session} />
          <p className="text-sm">
            Every booked and waiting student is emailed the reason, paid bookings are refunded, and the session stays listed as Cancelled. This cannot be undone.
          </p>
          <TextAreaField label="Reason" name="reason" required maxLength={500} rows={3} error={errors.reason} />
        </>
      )}
    </ModalForm>
  );
}
