import { errorMessage } from '#web/lib/api-client.ts';
import { loadPageTranslator } from '#web/lib/i18n.ts';

/**
 * The popups, in one place so that texts and timings stay consistent. sweetalert2
 * loads with the first popup, not with the home page (its JavaScript budget); later popups reuse it.
 * Its default build injects its own stylesheet (allowed by the CSP's style-src). Its `auto`
 * theme follows the visitor's colour scheme, as the app's daisyUI themes do (the
 * popups stayed white in the dark theme before).
 */
async function loadSwal() {
  const [{ default: Swal }, { t }] = await Promise.all([import('sweetalert2'), loadPageTranslator()]);
  // Its buttons' default words in the page's language (the catalogue is already loaded: lib/i18n.ts).
  return Swal.mixin({ theme: 'auto', confirmButtonText: t('dialogs.ok'), cancelButtonText: t('dialogs.cancel'), closeButtonAriaLabel: t('dialogs.close') });
}

/** Success popups close themselves after 1500 ms. */
export const SUCCESS_POPUP_MS = 1500;

export async function showSuccessToast(title: string, text?: string): Promise<void> {
  const Swal = await loadSwal();
  await Swal.fire({
    icon: 'success',
    title,
    text,
    timer: SUCCESS_POPUP_MS,
    showConfirmButton: false,
  });
}

export async function showSuccessDialog(title: string, text?: string): Promise<void> {
  const Swal = await loadSwal();
  await Swal.fire({ icon: 'success', title, text });
}

export async function showErrorDialog(title: string, text?: string): Promise<void> {
  const Swal = await loadSwal();
  await Swal.fire({ icon: 'error', title, text });
}

/** What a confirmation asks: its title, what follows, and the words of its confirm (and cancel) button. */
export interface Confirmation {
  title: string;
  text: string;
  confirmButtonText: string;
  /** "Cancel" when left out. */
  cancelButtonText?: string;
}

/** A warning that asks before an action; true when the user confirmed. */
export async function confirmAction({ title, text, confirmButtonText, cancelButtonText }: Confirmation): Promise<boolean> {
  const Swal = await loadSwal();
  const result = await Swal.fire({
    icon: 'warning',
    title,
    text,
    showCancelButton: true,
    confirmButtonText,
    // Only when given: an undefined value would replace Swal's default label.
    ...(cancelButtonText === undefined ? {} : { cancelButtonText }),
  });
  return result.isConfirmed;
}

export async function confirmDelete(): Promise<boolean> {
  const { t } = await loadPageTranslator();
  return confirmAction({ title: t('dialogs.deleteTitle'), text: t('dialogs.deleteText'), confirmButtonText: t('dialogs.deleteConfirm') });
}

/**
 * Runs `flow` (dialogs and the action between them), then puts keyboard focus back where it was:
 * on the control that started it, or, when that control is gone (a deleted row) or still
 * disabled, on the page's heading; never on the page's top, where it fell once the dialog closed
 *.
 */
async function keepingFocus<T>(flow: () => Promise<T>): Promise<T> {
  const opener = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
  try {
    return await flow();
  } finally {
    // After React has drawn the outcome (the control enabled again, or the row removed).
    await new Promise((resolve) => requestAnimationFrame(resolve));
    if (opener?.isConnected && !opener.matches(':disabled')) opener.focus();
    else {
      const heading = document.querySelector<HTMLElement>('main h1');
      if (heading) {
        heading.tabIndex = -1;
        heading.focus();
      }
    }
  }
}

/**
 * Runs an action of a page (a save, a retry, a delete) and says how it went: the server's refusal in
 * an error dialog (titled `failure`), else the success toast. True when it was done.
 */
export async function runWithDialogs(action: () => Promise<unknown>, { success, failure }: { success: string; failure?: string }): Promise<boolean> {
  return keepingFocus(async () => {
    try {
      await action();
    } catch (error) {
      await showErrorDialog(failure ?? (await loadPageTranslator()).t('dialogs.error'), errorMessage(error));
      return false;
    }
    await showSuccessToast(success);
    return true;
  });
}

/** A list's Delete: asked first (confirmDelete), then done with runWithDialogs. */
export async function deleteAfterConfirm(action: () => Promise<unknown>, success: string): Promise<boolean> {
  return keepingFocus(async () => (await confirmDelete()) && runWithDialogs(action, { success }));
}
