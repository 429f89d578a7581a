import { useState } from 'react';
import type { Session } from '#contract/sessions.ts';
import { ModalForm } from '#web/components/modal-form.tsx';
import { TextField } from '#web/components/text-field.tsx';
import { useApproveSession } from '#web/features/sessions/api/use-approve-session.ts';
import { MaxParticipantsField } from '#web/features/sessions/components/schedule-fields.tsx';
import { SessionDecisionDialog, SessionSummary } from '#web/features/sessions/components/session-decision-dialog.tsx';
import { useAuthConfig } from '#web/features/auth/public.ts';
import { fieldText } from '#web/lib/form-fields.ts';

/** Admin: approve a pending session as free or paid (an amount in dollars), optionally capping seats. */
export function ApproveSessionDialog({ session, onClose }: { session: Session | null; onClose: () => void }) {
  return <SessionDecisionDialog title="Approve session" session={session} onClose={onClose} Form={ApproveForm} />;
}

function ApproveForm({ session, onClose }: { session: Session; onClose: () => void }) {
  const approve = useApproveSession();
  const [paid, setPaid] = useState(false);
  const config = useAuthConfig();

  function send(fields: FormData) {
    const capacity = fieldText(fields, 'maxParticipants');
    return approve.mutateAsync({
      id: session.id,
      body: {
        registrationFee: paid ? Number(fieldText(fields, 'registrationFee')) : 0,
        maxParticipants: capacity.trim() === '' ? null : Number(capacity),
      },
    });
  }

  return (
    <ModalForm
      send={send}
      pending={approve.isPending}
      submitLabel="Approve"
      pendingLabel="Approving…"
      submitClassName="btn-success"
      successTitle="Session approved successfully"
      onClose={onClose}
    >
      {(errors) => (
        <>
          <SessionSummary session={session} />
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">Registration fee</legend>
            {config.data?.payments === false && (
              <p role="note" className="alert alert-warning alert-soft text-sm">
                Payments are not configured on this server (no Stripe keys): students cannot book a paid session until they are. See the README, Payments.
              </p>
            )}
            {config.data?.testPayments && <p className="text-sm text-base-content/70">Payments use the built-in test page: no money moves.</p>}
            <label className="flex cursor-pointer items-center gap-2">
              <input type="radio" name="feeKind" value="free" className="radio radio-sm" defaultChecked onChange={() => setPaid(false)} />
              Free
            </label>
            <label className="flex cursor-pointer items-center gap-2">
              <input type="radio" name="feeKind" value="paid" className="radio radio-sm" onChange={() => setPaid(true)} />
              Paid
            </label>
          </fieldset>
          {paid && (
            <TextField
              label="Amount (USD)"
              name="registrationFee"
              type="number"
              inputMode="decimal"
              min={0.01}
              max={10000}
              step={0.01}
              required
              error={errors.registrationFee}
            />
          )}
          <MaxParticipantsField defaultValue={session.maxParticipants === null ? '' : String(session.maxParticipants)} error={errors.maxParticipants} />
        </>
      )}
    </ModalForm>
  );
}
