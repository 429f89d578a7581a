import { useEffect, useId } from 'react';
import { type ActionFunctionArgs, data, Form, type LoaderFunctionArgs, useNavigation, useSubmit } from 'react-router';
import { type AdminUser, updateUserBody } from '#contract/admin-users.ts';
import { roleSchema, type Role } from '#contract/common.ts';
import { Avatar } from '#web/components/avatar.tsx';
import { RefusalMessage, useFormRefusal } from '#web/components/form-messages.tsx';
import { IntentButton } from '#web/components/intent-button.tsx';
import { NoScriptField } from '#web/components/no-script-field.tsx';
import { meQuery, useMe } from '#web/features/auth/public.ts';
import { deleteUser } from '#web/features/users/api/delete-user.ts';
import { updateUser } from '#web/features/users/api/update-user.ts';
import { userKeys } from '#web/features/users/api/user-query-keys.ts';
import { useUsers, usersQuery } from '#web/features/users/api/use-users.ts';
import { confirmAction } from '#web/lib/dialogs.ts';
import { useTitle } from '#web/lib/use-title.ts';
import { FilterBar, PagedList, useListQuery } from '#web/components/filtered-list.tsx';
import { useDateFormatters } from '#web/lib/dates.ts';
import { type DoneMessage, formBody, formText, pageQueryClient, refused, sentOn } from '#web/lib/page-data.ts';
import { useFilterField } from '#web/lib/form-fields.ts';
import { PageSection } from '#web/components/page-section.tsx';
import { type Translator, useTranslator } from '#web/lib/i18n.ts';

const roleLabels = ({ t }: Translator): Record<Role, string> => ({ student: t('users.student'), tutor: t('users.tutor'), admin: t('users.admin') });
const statusLabels = ({ t }: Translator): Record<AdminUser['status'], string> => ({ Verified: t('users.verified'), Unverified: t('users.unverified'), Blocked: t('users.blocked'), Deleted: t('users.deletedStatus') });

const isRole = (value: string): value is Role => (roleSchema.options as readonly string[]).includes(value);

/** The first page of the list the address asks for (`?role=…&q=…`, read as useListQuery reads them), and who is signed in (their own row says so). */
export async function loader({ request }: LoaderFunctionArgs) {
  const queryClient = pageQueryClient();
  const search = new URL(request.url).searchParams;
  const role = search.get('role') ?? '';
  await Promise.all([queryClient.ensureQueryData(meQuery), queryClient.prefetchInfiniteQuery(usersQuery(search.get('q') ?? '', isRole(role) ? role : ''))]);
  return null;
}

/** A row's forms, and what each says once done. */
const USER_INTENTS = { role: 'users.roleUpdated', block: 'users.blocked', unblock: 'users.unblocked', delete: 'users.deleted' } as const satisfies Record<string, DoneMessage>;
type UserIntent = keyof typeof USER_INTENTS;
const isUserIntent = (value: string | undefined): value is UserIntent => value !== undefined && Object.hasOwn(USER_INTENTS, value);

/**
 * A row's role change, Block, Unblock and Delete: the same list again (its ?role and ?q kept),
 * which says so once; refused (the admin's own account, a deleted one, a tutor with booked
 * sessions), the page again saying why.
 */
export async function action({ request }: ActionFunctionArgs) {
  const fields = formText(await request.formData());
  const intent = fields.intent;
  if (!isUserIntent(intent)) return data(null, { status: 400 });
  const id = fields.id ?? '';
  const queryClient = pageQueryClient();
  try {
    if (intent === 'delete') await deleteUser(id);
    else await updateUser(id, formBody(updateUserBody, intent === 'role' ? { role: fields.role ?? '' } : { blocked: intent === 'block' }));
  } catch (error) {
    return refused(error, intent);
  } finally {
    // Made or not (changed meanwhile by another admin), the list is read again.
    await queryClient.invalidateQueries({ queryKey: userKeys.all });
  }
  const { search } = new URL(request.url);
  return sentOn(`/dashboard/all-users${search}`, USER_INTENTS[intent]);
}

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
      {(Object.keys(USER_INTENTS) as UserIntent[]).map((intent) => (
        <RefusalMessage key={intent} title={t('dashboardShell.error')} intent={intent} />
      ))}
      <PagedList query={users} loadingLabel={t('users.loading')} empty={t('users.noMatch')}>
        {(user) => <UserRow key={user.id} user={user} />}
      </PagedList>
    </PageSection>
  );
}

function statusBadgeClass(status: AdminUser['status']): string {
  if (status === 'Blocked') return 'badge-error';
  if (status === 'Deleted') return 'badge-ghost';
  return status === 'Verified' ? 'badge-success' : 'badge-warning';
}

function UserRow({ user }: { user: AdminUser }) {
  const translator = useTranslator();
  const { t } = translator;
  const roles = roleLabels(translator);
  const { formatInstant } = useDateFormatters();
  const { user: me } = useMe();
  const submit = useSubmit();
  const navigation = useNavigation();
  const changingRole = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'role' && navigation.formData.get('id') === user.id;
  const roleFieldId = useId();
  const isMe = me?.id === user.id;
  // A deleted account's row stays for what refers to it: nothing about it can change.
  const changeable = !isMe && user.status !== 'Deleted';

  /** With the app, a role chosen is asked about first, then sent; not confirmed, the select shows the role the user has. */
  async function handleRole(next: string) {
    if (next === user.role || !isRole(next)) return;
    const confirmed = await confirmAction({ title: t('users.changeRoleTitle'), text: t('users.changeRoleText', { name: user.name, role: next }), confirmButtonText: t('users.changeRoleConfirm') });
    if (confirmed) await submit({ intent: 'role', id: user.id, role: next }, { method: 'post', preventScrollReset: true });
    else if (roleField.current) roleField.current.value = user.role;
  }
  // A role chosen before the app was live is asked about once it is.
  const roleField = useFilterField<HTMLSelectElement>(user.role, (field) => void handleRole(field.value));
  // Refused: the select shows the role the user still has.
  const roleRefused = useFormRefusal('role');
  useEffect(() => {
    if (roleRefused && roleField.current) roleField.current.value = user.role;
  }, [roleRefused, roleField, user.role]);

  const confirmBlock = () =>
    user.status === 'Blocked'
      ? confirmAction({ title: t('users.unblockTitle', { name: user.name }), text: t('users.unblockText'), confirmButtonText: t('users.unblockConfirm') })
      : confirmAction({ title: t('users.blockTitle', { name: user.name }), text: t('users.blockText'), confirmButtonText: t('users.blockConfirm') });

  /** The rules of "Delete my account" (docs/decisions/020-account-deletion.md); refusals (a tutor with booked sessions) come back as the server says them. */
  const confirmDeleteUser = () => confirmAction({ title: t('users.deleteTitle', { name: user.name }), text: t('users.deleteText'), confirmButtonText: t('users.deleteConfirm') });

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
          {/* With the app the role applies as chosen (asked first); without it, by the button beside it. */}
          <Form method="post" className="flex items-end gap-2" onSubmit={(event) => event.preventDefault()}>
            <NoScriptField />
            <input type="hidden" name="id" value={user.id} />
            <div className="flex flex-col gap-1">
              <label htmlFor={roleFieldId} className="text-xs font-medium">
                {t('users.role')}
                <span className="sr-only"> {t('users.roleOf', { name: user.name })}</span>
              </label>
              <select ref={roleField} id={roleFieldId} name="role" className="select select-sm w-32" defaultValue={user.role} disabled={changingRole || user.status === 'Deleted'} onChange={(event) => void handleRole(event.target.value)}>
                {roleSchema.options.map((r) => (
                  <option key={r} value={r}>
                    {roles[r]}
                  </option>
                ))}
              </select>
            </div>
            {user.status !== 'Deleted' && (
              <noscript>
                <button type="submit" name="intent" value="role" className="btn btn-sm btn-outline" aria-label={t('users.changeRoleLabel', { name: user.name })}>
                  {t('users.changeRole')}
                </button>
              </noscript>
            )}
          </Form>
          {changeable &&
            (user.status === 'Blocked' ? (
              <IntentButton intent="unblock" fields={{ id: user.id }} confirm={confirmBlock} className="btn btn-sm btn-outline" label={t('users.unblockLabel', { name: user.name })}>
                {t('users.unblock')}
              </IntentButton>
            ) : (
              <IntentButton intent="block" fields={{ id: user.id }} confirm={confirmBlock} className="btn btn-sm btn-error" label={t('users.blockLabel', { name: user.name })}>
                {t('users.block')}
              </IntentButton>
            ))}
          <a href={`/api/users/${encodeURIComponent(user.id)}/data`} download className="btn btn-sm btn-outline" aria-label={t('users.dataLabel', { name: user.name })}>
            {t('users.data')}
          </a>
          {changeable && (
            <IntentButton intent="delete" fields={{ id: user.id }} confirm={confirmDeleteUser} className="btn btn-sm btn-outline btn-error" label={t('users.deleteLabel', { name: user.name })}>
              {t('dashboardShell.delete')}
            </IntentButton>
          )}
        </div>
      </div>
    </li>
  );
}
