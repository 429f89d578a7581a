// What follows sending a page's form (create or edit a session, a note, a material): the
// server's message under the fields it names, else in a dialog; or the success toast and the next page.
// The modal forms' counterpart is components/modal-form.tsx (a dialog closes instead of moving on).
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';
import { showErrorDialog, showSuccessToast } from '#web/lib/dialogs.ts';
import { useTranslator } from '#web/lib/i18n.ts';

type PageSubmit<T> = {
  /** Sends what was typed. An ApiError with `fields` shows them under their fields. */
  send: () => Promise<T>;
  /** The toast once sent. */
  successTitle: string;
  /** The page to go to once sent (null: stay). */
  next: (result: T) => string | null;
};

export function usePageSubmit() {
  const { t } = useTranslator();
  const navigate = useNavigate();
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function submit<T>({ send, successTitle, next }: PageSubmit<T>): Promise<boolean> {
    setErrors({});
    let result: T;
    try {
      result = await send();
    } catch (error) {
      // Said once: under the fields it is about, else (no field named) in a dialog.
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      else await showErrorDialog(t('dashboardShell.error'), errorMessage(error));
      return false;
    }
    await showSuccessToast(successTitle);
    const to = next(result);
    if (to !== null) await navigate(to);
    return true;
  }

  return { errors, submit };
}
