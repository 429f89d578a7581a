import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslator } from '#web/lib/i18n.ts';

type ModalProps = { title: string; open: boolean; onClose: () => void; children: ReactNode };

/** A native modal <dialog> (focus trap, Escape, inert page for free) styled by daisyUI. */
export function Modal({ title, open, onClose, children }: ModalProps) {
  const { t } = useTranslator();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} className="modal" aria-label={title} onClose={onClose}>
      <div className="modal-box max-w-lg">
        <h2 className="text-xl font-bold">{title}</h2>
        <div className="mt-4">{open && children}</div>
      </div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit" tabIndex={-1} aria-hidden="true">
          {t('ui.close')}
        </button>
      </form>
    </dialog>
  );
}
