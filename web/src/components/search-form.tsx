import { type FormEvent, useId } from 'react';
import { LabelledField } from '#web/components/labelled-field.tsx';
import { fieldText } from '#web/lib/form-fields.ts';
import { useTranslator } from '#web/lib/i18n.ts';

type SearchFormProps = {
  label: string;
  /** The form's id: the page's filters outside it join it with `form={id}`. */
  id?: string;
  /** The search in force (from the URL); the box starts with it. */
  defaultValue?: string;
  placeholder?: string;
  className?: string;
  onSearch: (query: string) => void;
};

/**
 * A labelled search box with its Search button; the query is applied on submit, trimmed. A real
 * GET form to the page's own address, its box named `q`: sent before the app is live (or
 * without it), the browser asks the server for the page with the search and the filters that
 * joined the form, the same address the app shows it at.
 */
export function SearchForm({ label, id, defaultValue = '', placeholder, className = 'flex min-w-0 flex-1 items-end gap-2', onSearch }: SearchFormProps) {
  const { t } = useTranslator();
  const inputId = useId();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearch(fieldText(new FormData(event.currentTarget), 'q').trim());
  }

  return (
    <form id={id} role="search" method="get" className={className} onSubmit={handleSubmit}>
      <LabelledField id={inputId} label={label} className="flex min-w-0 flex-1 flex-col gap-1">
        <input id={inputId} name="q" type="search" className="input w-full" defaultValue={defaultValue} maxLength={100} placeholder={placeholder} />
      </LabelledField>
      <button type="submit" className="btn btn-primary">
        {t('ui.search')}
      </button>
    </form>
  );
}
