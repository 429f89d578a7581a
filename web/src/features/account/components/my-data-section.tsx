import type { FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import type { Role } from '#contract/common.ts';
import { useDeleteMyAccount } from '#web/features/account/api/use-delete-my-account.ts';
import { PasswordField } from '#web/features/auth/public.ts';
import { errorMessage, whileSigningOut } from '#web/lib/api-client.ts';
import { confirmAction, showErrorDialog, showSuccessDialog } from '#web/lib/dialogs.ts';
import { fieldText } from '#web/lib/form-fields.ts';
import { NoScriptField } from '#web/components/no-script-field.tsx';

/**
 * "My data" (issue 23): download everything StudyNest holds about me (plain links to a ZIP with
 * the JSON and my files, or the JSON alone: they work before the app is live too), and delete my
 * account with my password. The ZIP link is not a `download` link: a large archive answers with a
 * redirect back here (?export=emailed), which the browser must follow as a page. Deleting is a
 * form: without the app (or before it is live) the server deletes the account and sends the
 * browser Home (server/http/page-forms.ts); with it, a confirmation is asked first.
 */
export function MyDataSection({ role }: { role: Role }) {
  const deleteAccount = useDeleteMyAccount();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // The server sends the browser back here when the archive is too large to build at once.
  const [params] = useSearchParams();
  const emailed = params.get('export') === 'emailed';

  async function handleDelete(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const password = fieldText(new FormData(form), 'password');
    const confirmed = await confirmAction({
      title: 'Delete your account?',
      text: 'Your notes, photo and personal details are removed and your upcoming bookings cancelled (paid ones refunded). Your reviews stay, signed "Former student". This cannot be undone.',
      confirmButtonText: 'Yes, delete my account',
    });
    if (!confirmed) return;
    // The account's sessions end with it: what the page refetches meanwhile is not a reason to go to /login.
    await whileSigningOut(async () => {
      let message: string;
      try {
        message = (await deleteAccount.mutateAsync({ password })).message;
      } catch (error) {
        await showErrorDialog('Your account was not deleted', errorMessage(error));
        return;
      }
      await showSuccessDialog('Account deleted', message);
      await navigate('/');
      await queryClient.resetQueries();
    });
  }

  return (
    <section id="my-data" aria-labelledby="my-data-heading" className="card bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <h2 id="my-data-heading" className="card-title">
          My data
        </h2>
        <p>
          Download everything StudyNest holds about you: a ZIP with a JSON file of your account,{' '}
          {role === 'tutor' ? 'your sessions and materials, ' : 'your bookings and payments, reviews, notes, '}
          the emails we sent you (the last 30 days) and the record of what was done with your account, and the files you uploaded.
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <a href="/api/me/data.zip" className="btn btn-outline">
            Download my data
          </a>
          <a href="/api/me/data" download className="link">
            The data alone (JSON)
          </a>
        </div>
        {emailed && (
          <p role="status" className="alert alert-info">
            Your files are large, so your data is being prepared. We will email you a download link within a few minutes (valid for 7 days).
          </p>
        )}
        <h3 id="delete-account-heading" className="font-semibold">
          Delete my account
        </h3>
        <p className="text-sm text-base-content/80">
          {role === 'tutor'
            ? 'Sessions with students booked must be cancelled or handed over first. Sessions nobody booked and your materials are removed; past sessions stay, shown as by "Former tutor".'
            : role === 'admin'
              ? 'Another admin must remain who can sign in.'
              : 'Upcoming bookings are cancelled (paid ones refunded) and your notes removed; your reviews stay, signed "Former student".'}
        </p>
        <form method="post" aria-labelledby="delete-account-heading" className="flex flex-col gap-3" onSubmit={(event) => void handleDelete(event)}>
          <NoScriptField />
          <PasswordField label="Your password" name="password" kind="current" />
          <div>
            <button type="submit" name="intent" value="delete-account" className="btn btn-error" disabled={deleteAccount.isPending}>
              {deleteAccount.isPending ? 'Deleting…' : 'Delete my account'}
            </button>
          </div>
        </form>
      </div>
    </section>
  );
}
