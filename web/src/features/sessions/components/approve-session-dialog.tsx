import { type FormEvent, useState } from 'react';
import type { Session } from '#contract/sessions.ts';
import { TextField } from '#web/components/text-field.tsx';
import { useApproveSession } from '#web/features/sessions/api/use-approve-session.ts';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';
import { showErrorDialog, showSuccessToast } from '#web/lib/dialogs.ts';
import { fieldText } from '#web/lib/form-fields.ts';
import { Modal } from '#web/components/modal.tsx';

/** Admin: approve a pending session as free or paid (an amount in dollars), optionally capping seats. */
export function ApproveSessionDialog({ session, onClose }: { session: Session | null; onClose: () => void }) {
  return (
    <Modal title="Approve session" open={session !== null} onClose={onClose}>
      {session && <ApproveForm key={session.id} session={session} onClose={onClose} />}
    </Modal>
  );
}

function ApproveForm({ session, onClose }: { session: Session; onClose: () => void }) {
  const approve = useApproveSession();
  const [paid, setPaid] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    const capacity = fieldText(fields, 'maxParticipants');
    setErrors({});
    try {
      await approve.mutateAsync({
        id: session.id,
        body: {
          registrationFee: paid ? Number(fieldText(fields, 'registrationFee')) : 0,
          maxParticipants: capacity.trim() === '' ? null : Number(capacity),
        },
      });
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
    await showSuccessToast('Session approved successfully');
  }

  return (
    <form className="flex flex-col gap-4" onSubmit={(event) => void handleSubmit(event)}>
      <p className="break-words">
        <strong>{session.title}</strong> by {session.tutorName}
      </p>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">Registration fee</legend>
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
      <TextField
        label="Max participants (optional)"
        name="maxParticipants"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        defaultValue={session.maxParticipants === null ? '' : String(session.maxParticipants)}
        hint="Leave empty for no limit."
        error={errors.maxParticipants}
      />
      <div className="modal-action">
        <button type="button" className="btn" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="btn btn-success" disabled={approve.isPending}>
          {approve.isPending ? 'Approving…' : 'Approve'}
        </button>
      </div>
    </form>
  );
}
