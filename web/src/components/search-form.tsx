import { type FormEvent, useId, useState } from 'react';

type SearchFormProps = {
  label: string;
  /** The search in force (e.g. from the URL); the box starts with it. */
  initialValue?: string;
  placeholder?: string;
  className?: string;
  onSearch: (query: string) => void;
};

/** A labelled search box with its Search button; the query is applied on submit, trimmed. */
export function SearchForm({ label, initialValue = '', placeholder, className = 'flex min-w-0 flex-1 items-end gap-2', onSearch }: SearchFormProps) {
  const [draft, setDraft] = useState(initialValue);
  const inputId = useId();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearch(draft.trim());
  }

  return (
    <form role="search" className={className} onSubmit={handleSubmit}>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <label htmlFor={inputId} className="text-sm font-medium">
          {label}
        </label>
        <input
          id={inputId}
          type="search"
          className="input w-full"
          value={draft}
          maxLength={100}
          placeholder={placeholder}
          onChange={(event) => setDraft(event.target.value)}
        />
      </div>
      <button type="submit" className="btn btn-primary">
        Search
      </button>
    </form>
  );
}
