import { hashKey } from '@tanstack/react-query';
import { Form, useNavigation } from 'react-router';
import { RefusalMessage } from '#web/components/form-messages.tsx';
import { NoScriptField } from '#web/components/no-script-field.tsx';
import { meQuery } from '#web/features/auth/api/use-me.ts';
import { signOut } from '#web/features/auth/api/sign-out.ts';
import { whileSigningOut } from '#web/lib/api-client.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import { doneMessageKey, pageQueryClient, refused, sentOn } from '#web/lib/page-data.ts';
import { useTitle } from '#web/lib/use-title.ts';

/** Nothing to read: the page is only its form. */
export function loader() {
  return null;
}

/**
 * Log out, from any page's menu: the session ended (its cookie cleared), Home, which says
 * "Logged out successfully"; refused, this page saying why, with the button to try again.
 * Meanwhile a 401 from the page being left is expected (not a reason to go to the login page).
 */
export async function action() {
  const queryClient = pageQueryClient();
  try {
    await whileSigningOut(signOut);
  } catch (error) {
    return refused(error);
  }
  // Nothing read for the user stays (the pages left refetch what they show, as nobody), but who is
  // signed in: nobody now, which the navbar shows at once.
  const kept = new Set([hashKey(meQuery.queryKey), hashKey(doneMessageKey)]);
  queryClient.removeQueries({ predicate: (query) => !kept.has(query.queryHash) });
  queryClient.setQueryData(meQuery.queryKey, null);
  return sentOn('/', 'auth.loggedOut');
}

/** /logout: where Log out posts; opened as a page, the same button. */
export function LogoutPage() {
  const { t } = useTranslator();
  useTitle(t('nav.logOut'));
  const sending = useNavigation().state === 'submitting';
  return (
    <section aria-labelledby="logout-heading" className="flex max-w-md flex-col gap-4">
      <h1 id="logout-heading" className="text-3xl font-bold">
        {t('nav.logOut')}
      </h1>
      <Form method="post" action="/logout">
        <NoScriptField />
        <RefusalMessage title={t('layout.logoutFailed')} />
        <button type="submit" className="btn btn-primary" disabled={sending}>
          {t('nav.logOut')}
        </button>
      </Form>
    </section>
  );
}
