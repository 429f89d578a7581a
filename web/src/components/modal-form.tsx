import { type FormEvent, type ReactNode, useState } from 'react';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';
import { showErrorDialog, showSuccessToast } from '#web/lib/dialogs.ts';
import { useTranslator } from '#web/lib/i18n.ts';

type ModalFormProps = {
  /** Sends what was typed. An ApiError with `fields` shows them under their fields and keeps the dialog open. */
  send: (fields: FormData) => Promise<unknown>;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  /** The submit button's colour (a daisyUI class). */
  submitClassName: string;
  /** The toast once sent; any other refusal closes the dialog and shows the server's message. */
  successTitle: string;
  onClose: () => void;
  /** The fields, given the errors the server found in them. */
  children: (errors: Record<string, string>) => ReactNode;
};

/** The form of a Modal (components/modal.tsx): its fields, Cancel and submit, and what follows a send. */
export function ModalForm({ send, pending, submitLabel, pendingLabel, submitClassName, successTitle, onClose, children }: ModalFormProps) {
  const { t } = useTranslator();
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    setErrors({});
    try {
      await send(fields);
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        setErrors(error.fields);
        return;
      }
      onClose();
      await showErrorDialog(t('ui.error'), errorMessage(error));
      return;
    }
    onClose();
    await showSuccessToast(successTitle);
  }

  return (
    <form className="flex flex-col gap-4" onSubmit={(event) => void handleSubmit(event)}>
      {children(errors)}
      <div className="modal-action">
        <button type="button" className="btn" onClick={onClose}>
          {t('ui.cancel')}
        </button>
        <button type="submit" className={`btn ${submitClassName}`} disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </button>
      </div>
    </form>
  );
}
