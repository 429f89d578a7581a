// Forms are drawn by the server and usable before the app is live (docs/decisions/018): their
// fields are uncontrolled, so what the visitor typed, ticked or chose stays in them when the app
// takes the page over, and the app reads it from the form when it is sent.
import { type RefObject, useEffect, useRef, useSyncExternalStore } from 'react';

/** The text of field `name` as the form holds it ('' when there is no such field, or it is a file). */
export function fieldText(fields: FormData, name: string): string {
  const value = fields.get(name);
  return typeof value === 'string' ? value : '';
}

/** The file chosen in field `name`, or null. */
export function fieldFile(fields: FormData, name: string): File | null {
  const value = fields.get(name);
  return value instanceof File && (value.size > 0 || value.name !== '') ? value : null;
}

/**
 * A ref for an element of a form that the app draws something from (a file's preview, the fields
 * a radio button shows, a filter a switch applies): `adopt` runs once, when the component is
 * first mounted, with the element as the browser holds it then. On a page drawn by the server
 * that is what the visitor left in it before the app took over.
 */
export function useAdopt<T extends Element>(adopt: (element: T) => void): RefObject<T | null> {
  const ref = useRef<T>(null);
  const atMount = useRef(adopt);
  useEffect(() => {
    if (ref.current) atMount.current(ref.current);
  }, []);
  return ref;
}

const subscribeToNothing = () => () => {};

/**
 * False on the server and while the browser hydrates the page the server drew; true from the
 * render after (React renders again with the browser's value), and always for what mounts later.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

/**
 * A filter that applies as it changes (a switch, a select), showing `value` (from the URL, or the
 * data): uncontrolled, so that the browser keeps what the visitor chose before the app was live,
 * and `apply` is called with it once the app has taken over when it differs from `value`, as the
 * change it was. When `value` changes otherwise afterwards (Back, a link), the field follows it.
 */
export function useFilterField<T extends HTMLInputElement | HTMLSelectElement>(value: string | boolean, apply: (field: T) => void): RefObject<T | null> {
  const field = useAdopt<T>((element) => {
    if (readFilter(element) !== value) apply(element);
  });
  const shown = useRef(value);
  useEffect(() => {
    if (shown.current === value) return;
    shown.current = value;
    const element = field.current;
    if (element instanceof HTMLInputElement && typeof value === 'boolean') element.checked = value;
    else if (element && typeof value === 'string') element.value = value;
  }, [value, field]);
  return field;
}

function readFilter(element: HTMLInputElement | HTMLSelectElement): string | boolean {
  return element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio') ? element.checked : element.value;
}
