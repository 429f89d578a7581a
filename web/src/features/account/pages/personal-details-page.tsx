import { Avatar } from '#web/components/avatar.tsx';
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
  if (!user) return null; // The dashboard layout renders pages only once the user is known.

  return (
    <section className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">Personal Details</h1>
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
            </dd>
          </dl>
        </div>
      </div>
    </section>
  );
}
