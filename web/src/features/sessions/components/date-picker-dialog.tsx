// The calendar behind a date field's button (docs/decisions/069-date-picker.md): react-day-picker
// in a native modal <dialog> (decision 047). Loaded with import() by schedule-fields.tsx once a
// form with dates is live, so neither the library nor its locales weigh on other pages.
import { useId, useLayoutEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { DayPicker } from 'react-day-picker';
import { enGB } from 'react-day-picker/locale/en-GB';
import { es } from 'react-day-picker/locale/es';
import 'react-day-picker/style.css';
import './date-picker.css';
import type { Language } from '#i18n/languages.ts';
import { useTranslator } from '#web/lib/i18n.ts';

/**
 * The calendar's words, month and weekday names come from the page's language. English is the
 * British variant: the product writes days dd/MM/yyyy, and its weeks start on Monday, as Spanish ones do.
 */
const LOCALES = { en: enGB, es } satisfies Record<Language, typeof enGB>;

type DatePickerDialogProps = {
  /** The dialog's name and heading ("Choose date: Class Start Date"). */
  title: string;
  /** The field's text: the calendar opens on its day if it is one (dd/MM/yyyy), else on today. */
  value: string;
  /** The day picked, as dd/MM/yyyy; the dialog then closes. */
  onPick: (day: string) => void;
  /** Closed, by a pick, Escape, Cancel or a click outside. */
  onClose: () => void;
};

export default function DatePickerDialog({ title, value, onPick, onClose }: DatePickerDialogProps) {
  const { t, language } = useTranslator();
  const ref = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  // Opened before the calendar's own effects run, so that its `autoFocus` (the field's day, or
  // today) has the focus, not the dialog's first button.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  const selected = dayOf(value);
  const dismiss = () => ref.current?.close();
  // Drawn at the end of the body, not in the session's form: no form in a form, and nothing in
  // the dialog sends the session's form.
  return createPortal(
    // React passes a dialog's close up its own tree (portals included): stopped here, so that a
    // dialog holding the form is not closed with the calendar.
    <dialog
      ref={ref}
      className="modal"
      aria-labelledby={headingId}
      onClose={(event) => {
        event.stopPropagation();
        onClose();
      }}
    >
      <div className="modal-box w-auto max-w-none p-4">
        <h2 id={headingId} className="text-lg font-bold">
          {title}
        </h2>
        <DayPicker
          className="studynest-day-picker mt-2"
          mode="single"
          locale={LOCALES[language]}
          selected={selected}
          defaultMonth={selected}
          autoFocus
          // The day the visitor chose, even the one already selected (which `selected` would clear).
          onSelect={(_selection, day) => {
            onPick(textOf(day));
            dismiss();
          }}
        />
        <div className="modal-action mt-2">
          <button type="button" className="btn btn-ghost" onClick={dismiss}>
            {t('ui.cancel')}
          </button>
        </div>
      </div>
      <div className="modal-backdrop">
        <button type="button" tabIndex={-1} aria-hidden="true" onClick={dismiss}>
          {t('ui.close')}
        </button>
      </div>
    </dialog>,
    document.body,
  );
}

const DAY = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** The calendar day dd/MM/yyyy names, or undefined if it names none (31/02/2030). */
function dayOf(text: string): Date | undefined {
  const match = DAY.exec(text.trim());
  if (!match) return undefined;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : undefined;
}

/** A calendar day as dd/MM/yyyy (only its day, month and year: the zone the fields are in is the form's). */
function textOf(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getDate())}/${two(date.getMonth() + 1)}/${date.getFullYear()}`;
}
