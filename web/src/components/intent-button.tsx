import type { FormEvent, ReactNode } from 'react';
import { Form, useNavigation, useSubmit } from 'react-router';
import { NoScriptField } from '#web/components/no-script-field.tsx';
import { keepingFocus } from '#web/lib/dialogs.ts';

type IntentButtonProps = {
  /** Which of the page's forms this is: its action tells them apart by it. */
  intent: string;
  /** What else the action reads (the row's id): hidden fields. */
  fields?: Record<string, string>;
  /** Asked first with the app (a confirmation); true sends. Without the app the button sends at once: a page cannot ask without scripts. */
  confirm?: () => Promise<boolean>;
  className: string;
  /** The button's accessible name when its words alone are not enough ("Delete" → "Delete Algebra"). */
  label?: string;
  /** A toggle's state (aria-pressed): Present, when the student is marked present. */
  pressed?: boolean;
  children: ReactNode;
};

/**
 * A button that is a form of its own: it posts `intent` and `fields` to the page's route action
 * (docs/decisions/041-pages-loaders-actions.md), the same with the app, before it is live and
 * without JavaScript. Disabled while that form is being sent.
 */
export function IntentButton({ intent, fields = {}, confirm, className, label, pressed, children }: IntentButtonProps) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const sending = navigation.state !== 'idle' && navigation.formData?.get('intent') === intent && Object.entries(fields).every(([name, value]) => navigation.formData?.get(name) === value);

  // Focus goes back to the button, or to the page's heading when its row is gone.
  async function confirmFirst(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await keepingFocus(async () => {
      if (confirm && !(await confirm())) return;
      // The page stays where it was: the row changed, or is gone, in the list being read.
      await submit({ ...fields, intent }, { method: 'post', preventScrollReset: true });
    });
  }

  return (
    <Form method="post" className="contents" onSubmit={(event) => void confirmFirst(event)}>
      <NoScriptField />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" name="intent" value={intent} className={className} aria-label={label} aria-pressed={pressed} disabled={sending}>
        {children}
      </button>
    </Form>
  );
}
