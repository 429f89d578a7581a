import { type ActionFunctionArgs, Form, useNavigation, useSearchParams } from 'react-router';
import type { Me } from '#contract/users.ts';
import { Avatar } from '#web/components/avatar.tsx';
import { RefusalMessage } from '#web/components/form-messages.tsx';
import { NoScriptField } from '#web/components/no-script-field.tsx';
import { SubmitButton } from '#web/components/submit-button.tsx';
import { resendVerification } from '#web/features/account/api/resend-verification.ts';
import { type Translator, useTranslator } from '#web/lib/i18n.ts';
import { formText, pageQueryClient, refused, sentOn } from '#web/lib/page-data.ts';
import { useTitle } from '#web/lib/use-title.ts';
import { meQuery, roleName, useMe } from '#web/features/auth/public.ts';

const RESEND = 'resend-verification';

/** The signed-in user (the dashboard's guard has read it already). */
export async function loader() {
  await pageQueryClient().ensureQueryData(meQuery);
  return null;
}

/** "Resend verification email": sent, the page again, which says "Verification email sent". */
export async function action({ request }: ActionFunctionArgs) {
  const fields = formText(await request.formData());
  const me = await pageQueryClient().ensureQueryData(meQuery);
  if (fields.intent !== RESEND || !me) return null;
  try {
    await resendVerification(me.email);
  } catch (error) {
    return refused(error, RESEND);
  }
  return sentOn('/dashboard', 'verification.sent');
}

const statusBadges = {
  Verified: 'badge-success',
  Unverified: 'badge-warning',
  Blocked: 'badge-error',
  Deleted: 'badge-ghost',
} as const;

/** An account's status as people read it. */
function statusName(t: Translator['t'], status: Me['status']): string {
  if (status === 'Verified') return t('personalDetails.verifiedStatus');
  if (status === 'Unverified') return t('personalDetails.unverifiedStatus');
  return t('personalDetails.blockedStatus');
}

/** Dashboard home: the signed-in user's details, with their real status. */
export function PersonalDetailsPage() {
  const { t } = useTranslator();
  useTitle(t('nav.dashboard'));
  const { user } = useMe();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const sending = navigation.state === 'submitting' && navigation.formData?.get('intent') === RESEND;
  if (!user) return null; // The dashboard layout renders pages only once the user is known.

  return (
    <section className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">{t('personalDetails.heading')}</h1>
      {params.get('verified') === '1' && user.status === 'Verified' && (
        <div role="status" className="alert alert-success alert-soft">
          {t('personalDetails.verified')}
        </div>
      )}
      <div className="card bg-base-100 shadow-sm">
        <div className="card-body flex-col gap-6 sm:flex-row sm:items-center">
          <Avatar src={user.image} alt={t('personalDetails.photoOf', { name: user.name })} className="w-28" />
          <dl className="grid min-w-0 grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-[auto_1fr]">
            <dt className="font-semibold">{t('account.fullName')}</dt>
            <dd className="break-words" data-testid="details-name">
              {user.name}
            </dd>
            <dt className="font-semibold">{t('account.role')}</dt>
            <dd data-testid="details-role">{roleName(t, user.role)}</dd>
            <dt className="font-semibold">{t('personalDetails.email')}</dt>
            <dd className="break-all" data-testid="details-email">
              {user.email}
            </dd>
            <dt className="font-semibold">{t('personalDetails.status')}</dt>
            <dd>
              <span className={`badge ${statusBadges[user.status]}`} data-testid="details-status">
                {statusName(t, user.status)}
              </span>
              {user.status === 'Unverified' && (
                <Form method="post" className="mt-2">
                  <NoScriptField />
                  <input type="hidden" name="intent" value={RESEND} />
                  <RefusalMessage title={t('personalDetails.sendFailed')} intent={RESEND} />
                  <SubmitButton className="btn btn-sm btn-outline" busy={sending} busyLabel={t('personalDetails.sending')} label={t('personalDetails.resend')} />
                </Form>
              )}
            </dd>
          </dl>
        </div>
      </div>
    </section>
  );
}
