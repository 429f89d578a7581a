import { useId } from 'react';
import type { AdminUser } from '#contract/admin-users.ts';
import { roleSchema, type Role } from '#contract/common.ts';
import { Avatar } from '#web/components/avatar.tsx';
import { useMe } from '#web/features/auth/public.ts';
import { useDeleteUser } from '#web/features/users/api/use-delete-user.ts';
import { useUpdateUser } from '#web/features/users/api/use-update-user.ts';
import { useUsers } from '#web/features/users/api/use-users.ts';
import { confirmAction, type Confirmation, runWithDialogs } from '#web/lib/dialogs.ts';
import { useTitle } from '#web/lib/use-title.ts';
import { FilterBar, PagedList, useListQuery } from '#web/components/filtered-list.tsx';
import { useDateFormatters } from '#web/lib/dates.ts';
import { useFilterField } from '#web/lib/form-fields.ts';
import { PageSection } from '#web/components/page-section.tsx';
import { type Translator, useTranslator } from '#web/lib/i18n.ts';

const roleLabels = ({ t }: Translator): Record<Role, string> => ({ student: t('users.student'), tutor: t('users.tutor'), admin: t('users.admin') });
const statusLabels = ({ t }: Translator): Record<AdminUser['status'], string> => ({ Verified: t('users.verified'), Unverified: t('users.unverified'), Blocked: t('users.blocked') });

const isRole = (value: string): value is Role => (roleSchema.options as readonly string[]).includes(value);

/**
 * Admin: every user, searched and filtered, with role change and block.
 * The role filter and the search live in the URL (`?role=…&q=…`), the address the search form
 * (a GET) asks for when sent before the app is live.
 */
export function AllUsersPage() {
  const translator = useTranslator();
  const { t } = translator;
  useTitle(t('users.title'));
  const list = useListQuery('role', isRole);
  const users = useUsers(list.q, list.filter);

  return (
    <PageSection title={t('users.title')} headingId="all-users-heading">
      <FilterBar list={list} filterLabel={t('users.role')} filterWidth="sm:w-40" searchLabel={t('users.search')}>
          <option value="">{t('users.all')}</option>
          {roleSchema.options.map((r) => (
            <option key={r} value={r}>
              {roleLabels(translator)[r]}
            </option>
          ))}
      </FilterBar>
      <PagedList query={users} loadingLabel={t('users.loading')} empty={t('users.noMatch')}>
        {(user) => <UserRow key={user.id} user={user} />}
      </PagedList>
    </PageSection>
  );
}

function statusBadgeClass(status: AdminUser['status']): string {
  if (status === 'Blocked') return 'badge-error';
  return status === 'Verified' ? 'badge-success' : 'badge-warning';
}

function UserRow({ user }: { user: AdminUser }) {
  const translator = useTranslator();
  const { t } = translator;
  const roles = roleLabels(translator);
  const { formatInstant } = useDateFormatters();
  const { user: me } = useMe();
  const update = useUpdateUser();
  const remove = useDeleteUser();
  const roleFieldId = useId();
  const isMe = me?.id === user.id;

  /** Whether the change was made (asked first). */
  async function change(body: { role?: Role; blocked?: boolean }, confirm: Confirmation, done: string): Promise<boolean> {
    return (await confirmAction(confirm)) && runWithDialogs(() => update.mutateAsync({ id: user.id, ...body }), { success: done });
  }

  async function handleRole(next: string) {
    if (next === user.role || !isRole(next)) return;
    const made = await change(
      { role: next },
      { title: t('users.changeRoleTitle'), text: t('users.changeRoleText', { name: user.name, role: next }), confirmButtonText: t('users.changeRoleConfirm') },
      t('users.roleUpdated'),
    );
    // Not made: the select shows the role the user has.
    if (!made && roleField.current) roleField.current.value = user.role;
  }
  // A role chosen before the app was live is asked about once it is.
  const roleField = useFilterField<HTMLSelectElement>(user.role, (field) => void handleRole(field.value));

  function handleBlock() {
    if (user.status === 'Blocked') {
      void change({ blocked: false }, { title: t('users.unblockTitle', { name: user.name }), text: t('users.unblockText'), confirmButtonText: t('users.unblockConfirm') }, t('users.unblocked'));
    } else {
      void change(
        { blocked: true },
        { title: t('users.blockTitle', { name: user.name }), text: t('users.blockText'), confirmButtonText: t('users.blockConfirm') },
        t('users.blockedDone'),
      );
    }
  }

  /** The rules of "Delete my account" (docs/decisions/020-account-deletion.md); refusals (a tutor with booked sessions) come back as the server says them. */
  async function handleDelete() {
    const asked = await confirmAction({
      title: t('users.deleteTitle', { name: user.name }),
      text: t('users.deleteText'),
      confirmButtonText: t('users.deleteConfirm'),
    });
    if (asked) await runWithDialogs(() => remove.mutateAsync(user.id), { success: t('users.deleted') });
  }

  return (
    <li className="card bg-base-100 shadow-sm" data-testid="user-row">
      <div className="card-body gap-3 p-4 md:flex-row md:items-center">
        <div className="flex min-w-0 flex-1 items-center gap-3">
          <Avatar src={user.image} alt="" />
          <div className="min-w-0">
            <p className="font-semibold break-words">
              {user.name}
              {isMe && <span className="text-base-content/60"> {t('users.you')}</span>}
            </p>
            <p className="text-sm break-all text-base-content/70">{user.email}</p>
            <p className="flex flex-wrap items-center gap-2 pt-1 text-sm">
              <span className={`badge badge-sm ${statusBadgeClass(user.status)}`}>{statusLabels(translator)[user.status]}</span>
              <span className="text-base-content/70">
                {user.lastSeen ? t('users.lastSeen', { when: formatInstant(user.lastSeen) }) : t('users.neverSignedIn')}
              </span>
            </p>
          </div>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <div className="flex flex-col gap-1">
            <label htmlFor={roleFieldId} className="text-xs font-medium">
              {t('users.role')}
              <span className="sr-only"> {t('users.roleOf', { name: user.name })}</span>
            </label>
            <select ref={roleField} id={roleFieldId} className="select select-sm w-32" defaultValue={user.role} disabled={update.isPending} onChange={(event) => void handleRole(event.target.value)}>
              {roleSchema.options.map((r) => (
                <option key={r} value={r}>
                  {roles[r]}
                </option>
              ))}
            </select>
          </div>
          {!isMe && (
            <button
              type="button"
              className={`btn btn-sm ${user.status === 'Blocked' ? 'btn-outline' : 'btn-error'}`}
              aria-label={user.status === 'Blocked' ? t('users.unblockLabel', { name: user.name }) : t('users.blockLabel', { name: user.name })}
              disabled={update.isPending}
              onClick={handleBlock}
            >
              {user.status === 'Blocked' ? t('users.unblock') : t('users.block')}
            </button>
          )}
          <a href={`/api/users/${encodeURIComponent(user.id)}/data`} download className="btn btn-sm btn-outline" aria-label={t('users.dataLabel', { name: user.name })}>
            {t('users.data')}
          </a>
          {!isMe && (
            <button type="button" className="btn btn-sm btn-outline btn-error" aria-label={t('users.deleteLabel', { name: user.name })} disabled={remove.isPending} onClick={() => void handleDelete()}>
              {t('dashboardShell.delete')}
            </button>
          )}
        </div>
      </div>
    </li>
  );
}
