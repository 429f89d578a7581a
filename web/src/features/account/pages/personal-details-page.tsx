import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Avatar } from '#web/components/avatar.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { showErrorDialog, showSuccessToast } from '#web/lib/dialogs.ts';
import { resendVerification } from '#web/features/account/api/resend-verification.ts';
import { useTitle } from '#web/lib/use-title.ts';
import { useMe } from '#web/features/auth/public.ts';

const roleLabels = { student: 'Student', tutor: 'Tutor', admin: 'Admin' } as const;

const statusBadges = {
  Verified: 'badge-success',
  Unverified: 'badge-warning',
  Blocked: 'badge-error',
} as const;

/** Dashboard home (spec §2): the signed-in user's details, with their real status. */
export function PersonalDetailsPage() {
  useTitle('Dashboard');
  const { user } = useMe();
  const [params] = useSearchParams();
  const [sending, setSending] = useState(false);
  if (!user) return null; // The dashboard layout renders pages only once the user is known.

  // A real form (decision 018): sent before the app is live, the server asks for the email.
  async function handleResend(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSending(true);
    try {
      await resendVerification(user!.email);
      await showSuccessToast('Verification email sent', `Open the link we sent to ${user!.email}.`);
    } catch (error) {
      await showErrorDialog('Could not send the email', errorMessage(error));
    } finally {
      setSending(false);
    }
  }

  return (
    <section className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">Personal Details</h1>
      {params.get('verified') === '1' && user.status === 'Verified' && (
        <div role="status" className="alert alert-success alert-soft">
          Your email address is verified. Thank you!
        </div>
      )}
      {params.get('verification') === 'sent' && (
        <div role="status" className="alert alert-info alert-soft">
          Verification email sent: open the link we sent to {user.email}.
        </div>
      )}
      <div className="card bg-base-100 shadow-sm">
        <div className="card-body flex-col gap-6 sm:flex-row sm:items-center">
          <Avatar src={user.image} alt={`Photo of ${user.name}`} className="w-28" />
          <dl className="grid min-w-0 grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-[auto_1fr]">
            <dt className="font-semibold">Full name</dt>
            <dd className="break-words" data-testid="details-name">
              {user.name}
            </dd>
            <dt className="font-semibold">Role</dt>
            <dd data-testid="details-role">{roleLabels[user.role]}</dd>
            <dt className="font-semibold">Email address</dt>
            <dd className="break-all" data-testid="details-email">
              {user.email}
            </dd>
            <dt className="font-semibold">Status</dt>
            <dd>
              <span className={`badge ${statusBadges[user.status]}`} data-testid="details-status">
                {user.status}
              </span>
              {user.status === 'Unverified' && (
                <form method="post" className="mt-2" onSubmit={(event) => void handleResend(event)}>
                  <input type="hidden" name="intent" value="resend-verification" />
                  <button type="submit" className="btn btn-sm btn-outline" disabled={sending}>
                    {sending ? 'Sending…' : 'Resend verification email'}
                  </button>
                </form>
              )}
            </dd>
          </dl>
        </div>
      </div>
    </section>
  );
}
