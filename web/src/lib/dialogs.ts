import { loadPageTranslator } from '#web/lib/i18n.ts';

/**
 * The popups (a toast, a message, a question), in one place so that texts and timings stay
 * consistent: native modal <dialog>s styled by daisyUI, like the forms' dialogs
 * (components/modal.tsx). The browser gives them the focus trap, Escape and the inert page;
 * they cost the home page no library (docs/decisions/047-native-dialogs.md). One popup at a time:
 * a new one closes the one shown, as a dismissal.
 */

/** Success popups close themselves after 1500 ms. */
export const SUCCESS_POPUP_MS = 1500;

type Icon = 'success' | 'error' | 'warning';
type Outcome = 'confirm' | 'cancel' | 'dismiss';

interface Popup {
  icon: Icon;
  title: string;
  text?: string;
  /** The confirm button's words; none: a toast, closed by its timer (or Escape, or its close button). */
  confirmButtonText?: string;
  /** Shown when given, before the confirm button. */
  cancelButtonText?: string;
  timerMs?: number;
}

const ICONS: Record<Icon, { mark: string; colour: string }> = {
  success: { mark: '✓', colour: 'text-success border-success' },
  error: { mark: '✕', colour: 'text-error border-error' },
  warning: { mark: '!', colour: 'text-warning border-warning' },
};

let shown: { dialog: HTMLDialogElement; settle: (outcome: Outcome) => void } | null = null;
let popups = 0;

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  // Text, never markup: titles and messages may carry what a user typed or the server said.
  if (text !== undefined) node.textContent = text;
  return node;
}

async function openPopup({ icon, title, text, confirmButtonText, cancelButtonText, timerMs }: Popup): Promise<Outcome> {
  const { t } = await loadPageTranslator();
  shown?.settle('dismiss');
  const id = `popup-${++popups}`;
  const dialog = element('dialog', 'modal modal-bottom sm:modal-middle');
  dialog.setAttribute('aria-labelledby', `${id}-title`);
  const box = element('div', 'modal-box flex max-w-md flex-col items-center gap-3 text-center');
  const mark = element('span', `flex h-14 w-14 items-center justify-center rounded-full border-4 text-2xl font-bold ${ICONS[icon].colour}`, ICONS[icon].mark);
  mark.setAttribute('aria-hidden', 'true');
  const heading = element('h2', 'text-xl font-bold', title);
  heading.id = `${id}-title`;
  box.append(mark, heading);
  if (text) {
    const body = element('p', 'whitespace-pre-line', text);
    body.id = `${id}-text`;
    dialog.setAttribute('aria-describedby', body.id);
    box.append(body);
  }
  const buttons: HTMLButtonElement[] = [];
  if (confirmButtonText !== undefined) {
    const actions = element('div', 'modal-action mt-2 justify-center');
    if (cancelButtonText !== undefined) {
      const cancel = element('button', 'btn', cancelButtonText);
      cancel.type = 'button';
      cancel.addEventListener('click', () => settle('cancel'));
      actions.append(cancel);
    }
    const confirm = element('button', `btn ${icon === 'warning' ? 'btn-error' : 'btn-primary'}`, confirmButtonText);
    confirm.type = 'button';
    // The confirm button takes the focus as the dialog opens (Enter confirms, Escape dismisses).
    confirm.autofocus = true;
    confirm.addEventListener('click', () => settle('confirm'));
    actions.append(confirm);
    buttons.push(confirm);
    box.append(actions);
  }
  // After the actions in the document: the focus goes to them first, to this only in a toast.
  const close = element('button', 'btn btn-sm btn-circle btn-ghost absolute top-2 right-2', '✕');
  close.type = 'button';
  close.setAttribute('aria-label', t('dialogs.close'));
  close.addEventListener('click', () => settle('dismiss'));
  box.append(close);
  dialog.append(box);

  let timer: ReturnType<typeof setTimeout> | undefined;
  let result: (outcome: Outcome) => void = () => {};
  const outcome = new Promise<Outcome>((resolve) => (result = resolve));
  function settle(how: Outcome) {
    if (shown?.dialog === dialog) shown = null;
    clearTimeout(timer);
    // Closing gives the focus back to what had it; when that is gone (a deleted row, a page left
    // meanwhile), the page's heading takes it rather than the top of the document.
    if (dialog.open) dialog.close();
    dialog.remove();
    if (!document.activeElement || document.activeElement === document.body) focusPageHeading();
    result(how);
  }
  // Escape (the dialog's cancel), and a click on the backdrop, outside the box.
  dialog.addEventListener('cancel', (event) => {
    event.preventDefault();
    settle('dismiss');
  });
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) settle('dismiss');
  });
  document.body.append(dialog);
  shown = { dialog, settle };
  dialog.showModal();
  if (timerMs !== undefined) timer = setTimeout(() => settle('dismiss'), timerMs);
  return outcome;
}

export async function showSuccessToast(title: string, text?: string): Promise<void> {
  await openPopup({ icon: 'success', title, text, timerMs: SUCCESS_POPUP_MS });
}

export async function showSuccessDialog(title: string, text?: string): Promise<void> {
  await openPopup({ icon: 'success', title, text, confirmButtonText: (await loadPageTranslator()).t('dialogs.ok') });
}

export async function showErrorDialog(title: string, text?: string): Promise<void> {
  await openPopup({ icon: 'error', title, text, confirmButtonText: (await loadPageTranslator()).t('dialogs.ok') });
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
  const { t } = await loadPageTranslator();
  return (await openPopup({ icon: 'warning', title, text, confirmButtonText, cancelButtonText: cancelButtonText ?? t('dialogs.cancel') })) === 'confirm';
}

export async function confirmDelete(): Promise<boolean> {
  const { t } = await loadPageTranslator();
  return confirmAction({ title: t('dialogs.deleteTitle'), text: t('dialogs.deleteText'), confirmButtonText: t('dialogs.deleteConfirm') });
}

/**
 * Runs `flow` (dialogs and the form sent between them), then puts keyboard focus back where it
 * was: on the control that started it, or, when that control is gone (a deleted row) or still
 * disabled, on the page's heading; never on the page's top, where it fell once the dialog closed.
 */
export async function keepingFocus<T>(flow: () => Promise<T>): Promise<T> {
  const opener = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
  try {
    return await flow();
  } finally {
    // After React has drawn the outcome (the control enabled again, or the row removed).
    await new Promise((resolve) => requestAnimationFrame(resolve));
    if (opener?.isConnected && !opener.matches(':disabled')) opener.focus();
    else focusPageHeading();
  }
}

/** The page's h1 takes the keyboard focus (where a reader starts again). */
function focusPageHeading(): void {
  const heading = document.querySelector<HTMLElement>('main h1');
  if (heading) {
    heading.tabIndex = -1;
    heading.focus();
  }
}
